// The kinds of injected fault, as one table: each entry carries its check, its spelling in code and over /__mock,
// its description in the journal and its effect on a request. A new kind is one entry here (with its type);
// checkFaultSpec, the /__mock wire format, the journal and the pipeline all read this table.
import { parseRetryAfter } from '../../src/shared/retry-after';
import { UNAUTHORIZED_HEADERS } from '../rules/auth';
import { jsonReply, NETWORK_ERROR, type MockResponse, type NotedReply } from './messages';

/** A failure answered instead of (or after) the operation. */
export interface StatusFault {
  /** A 4xx or 5xx status. */
  status: number;
  /**
   * Sent as the Retry-After header: whole seconds, or an HTTP date. openapi.json requires one on every 429 and 503.
   * @default 1 for 429 and 503 (spec-gaps 21); none for other statuses
   */
  retryAfter?: number | string;
  /** The JSON body. @default an error body with a code fitting the status (429 `rate_limited`...) */
  body?: unknown;
}

/** Waits this long (0 to 60,000 ms, MAX_LATENCY_MS), then answers normally. */
export interface LatencyFault {
  /** Milliseconds to wait before the operation runs. */
  latencyMs: number;
}

/** Fails the request at the network level (fetch rejects) without running the operation. */
export interface NetworkErrorFault {
  /** Always `true`. */
  networkError: true;
}

/** Runs the operation and commits it, then loses the response: "applied, but the answer was lost". */
export interface AfterApplyFault {
  /** What replaces the operation's answer: a dropped connection, or a status. */
  afterApply: 'networkError' | StatusFault;
}

/** How fault fields are spelled: as code spells them (`kind: { latencyMs }`), or on the wire of /__mock (snake_case). */
export type FaultSpelling = 'code' | 'wire';

/** Reports a problem of a field, given by its path of spelled keys from the kind. */
export type FaultProblem = (path: readonly string[], message: string) => void;

/** One kind of fault: an entry of FAULT_KINDS. */
export interface FaultKindType<K extends object> {
  /** The field that names the kind, as code spells it: a kind object holds exactly one kind's name. */
  readonly name: string;
  /** Every field of the kind (`name` first), as code spells it -> as the wire of /__mock spells it (snake_case). */
  readonly fields: Readonly<Record<string, string>>;
  /** How to write the kind, for messages listing the kinds: in code, and on the wire (its fields at the top level). */
  readonly shape: Readonly<Record<FaultSpelling, string>>;
  /**
   * Checks the kind's fields (spelled as `spelling` spells them; no other key is present) and returns the kind as
   * code spells it; every problem goes to `problem`, and then the result is not used.
   */
  check(fields: Readonly<Record<string, unknown>>, problem: FaultProblem, spelling: FaultSpelling): K | undefined;
  /** The kind spelled as `spelling` spells it: what check() takes back as it is. */
  write(kind: K, spelling: FaultSpelling): Record<string, unknown>;
  /** For the journal, in code's words (over /__mock each word that is a field is spelled as the wire spells it). */
  describe(kind: K): string;
  /** Its effect on a request it hit: `run` runs the operation (at most once); `described` is describe(kind). */
  apply(kind: K, run: () => Promise<NotedReply<MockResponse>>, described: string): NotedReply | Promise<NotedReply>;
}

/** The longest injectable latency: a minute, longer than any client's timeout worth testing. */
export const MAX_LATENCY_MS = 60_000;

/** Every kind of fault, in the order messages list them. */
export const FAULT_KINDS = [
  kind<LatencyFault>({
    name: 'latencyMs',
    fields: { latencyMs: 'latency_ms' },
    shape: { code: '{ latencyMs }', wire: 'latency_ms' },
    check(fields, problem, spelling) {
      const key = spell('latencyMs', spelling);
      const ms = fields[key];
      if (!(typeof ms === 'number' && ms >= 0 && ms <= MAX_LATENCY_MS))
        problem([key], `must be a number of milliseconds within 0..${MAX_LATENCY_MS} (got ${show(ms)})`);
      return { latencyMs: ms as number };
    },
    write: (fault, spelling) => ({ [spell('latencyMs', spelling)]: fault.latencyMs }),
    describe: (fault) => `latency ${fault.latencyMs}ms`,
    async apply(fault, run) {
      await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
      return run();
    },
  }),
  kind<StatusFault>({
    name: 'status',
    fields: { status: 'status', retryAfter: 'retry_after', body: 'body' },
    shape: { code: '{ status, retryAfter?, body? }', wire: 'status (with retry_after and body if wanted)' },
    check: (fields, problem, spelling) => checkStatus(fields, [], problem, spelling),
    write: writeStatus,
    describe: (fault) => `status ${fault.status}`,
    apply: (fault, _run, described) => ({
      reply: faultReply(fault),
      reason: `an injected fault (${described}) answered instead of the operation`,
    }),
  }),
  kind<NetworkErrorFault>({
    name: 'networkError',
    fields: { networkError: 'network_error' },
    shape: { code: '{ networkError: true }', wire: 'network_error: true' },
    check(fields, problem, spelling) {
      const key = spell('networkError', spelling);
      if (fields[key] !== true) problem([key], `must be true (got ${show(fields[key])})`);
      return { networkError: true };
    },
    write: (_fault, spelling) => ({ [spell('networkError', spelling)]: true }),
    describe: () => 'networkError',
    apply: (_fault, _run, described) => ({
      reply: NETWORK_ERROR,
      reason: `an injected fault (${described}) dropped the connection before the operation ran`,
    }),
  }),
  kind<AfterApplyFault>({
    name: 'afterApply',
    fields: { afterApply: 'after_apply' },
    shape: {
      code: "{ afterApply: 'networkError' | { status, retryAfter?, body? } }",
      wire: 'after_apply ("network_error" or { status, retry_after?, body? })',
    },
    check(fields, problem, spelling) {
      const key = spell('afterApply', spelling);
      const after = fields[key];
      if (after === spell('networkError', spelling)) return { afterApply: 'networkError' };
      if (!isObject(after)) {
        problem(
          [key],
          `must be "${spell('networkError', spelling)}" or a status fault { status, ${spell('retryAfter', spelling)}?, body? } (got ${show(after)})`,
        );
        return undefined;
      }
      const allowed = STATUS_FIELDS.map((name) => spell(name, spelling));
      for (const extra of Object.keys(after))
        if (!allowed.includes(extra)) problem([key, extra], 'is not a field of a status fault');
      return { afterApply: checkStatus(after, [key], problem, spelling) };
    },
    write: (fault, spelling) => ({
      [spell('afterApply', spelling)]:
        fault.afterApply === 'networkError' ? spell('networkError', spelling) : writeStatus(fault.afterApply, spelling),
    }),
    describe: (fault) =>
      `afterApply ${fault.afterApply === 'networkError' ? 'networkError' : `status ${fault.afterApply.status}`}`,
    async apply(fault, run, described) {
      const { reply: applied, code } = await run();
      const lost = fault.afterApply === 'networkError';
      return {
        reply: lost ? NETWORK_ERROR : faultReply(fault.afterApply as StatusFault),
        code,
        appliedStatus: applied.status,
        reason: `the operation ran and answered ${applied.status}; then an injected fault (${described}) ${lost ? 'dropped the connection' : 'replaced the answer'}`,
      };
    },
  }),
] as const;

type KindOf<T> = T extends FaultKindType<infer K> ? K : never;

/**
 * What an injected fault does: exactly one kind, with no other keys. `{ latencyMs }` waits, then answers normally;
 * `{ status, retryAfter?, body? }` answers that failure instead of the operation; `{ networkError: true }` drops the
 * connection; `{ afterApply: 'networkError' | { status, retryAfter?, body? } }` runs and commits the operation, then
 * loses its answer. (The union of the kinds of FAULT_KINDS, so it cannot drift from them.)
 */
export type FaultKind = KindOf<(typeof FAULT_KINDS)[number]>;

/** An entry of FAULT_KINDS, whichever kind it is. */
export type AnyFaultKindType = FaultKindType<FaultKind>;

const KINDS: readonly AnyFaultKindType[] = FAULT_KINDS;

/** The entry of a kind checked by checkFaultSpec. */
export function faultKindType(fault: FaultKind): AnyFaultKindType {
  return KINDS.find((type) => type.name in fault)!;
}

/** Each field of every kind, as code spells it -> as the wire spells it. */
const WIRE_NAMES: ReadonlyMap<string, string> = new Map(FAULT_KINDS.flatMap((type) => Object.entries(type.fields)));

/** A field of a kind (or `networkError` as the value of `afterApply`) spelled as `spelling` spells it; any other word as it is. */
export function spell(name: string, spelling: FaultSpelling): string {
  return spelling === 'code' ? name : (WIRE_NAMES.get(name) ?? name);
}

function kind<K extends object>(type: FaultKindType<K>): FaultKindType<K> {
  return type;
}

const STATUS_FIELDS = ['status', 'retryAfter', 'body'];

function checkStatus(
  fault: Readonly<Record<string, unknown>>,
  at: readonly string[],
  problem: FaultProblem,
  spelling: FaultSpelling,
): StatusFault {
  const retryAfterKey = spell('retryAfter', spelling);
  const { status, body } = fault;
  const retryAfter = fault[retryAfterKey];
  if (!(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599)) {
    problem([...at, 'status'], `must be a 4xx or 5xx status: a fault is a failure (got ${show(status)})`);
  }
  if (retryAfter !== undefined && !isRetryAfter(retryAfter))
    problem([...at, retryAfterKey], `must be whole seconds >= 0 or an HTTP date (got ${show(retryAfter)})`);
  if (body !== undefined && !isJson(body)) problem([...at, 'body'], 'must be a JSON value');
  return {
    status: status as number,
    ...(retryAfter !== undefined ? { retryAfter: retryAfter as number | string } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

function writeStatus(fault: StatusFault, spelling: FaultSpelling): Record<string, unknown> {
  return {
    status: fault.status,
    ...(fault.retryAfter !== undefined ? { [spell('retryAfter', spelling)]: fault.retryAfter } : {}),
    ...(fault.body !== undefined ? { body: fault.body } : {}),
  };
}

const DEFAULT_BODIES: Record<number, { error: string; code: string }> = {
  429: { error: 'Too many requests', code: 'rate_limited' },
  500: { error: 'Internal server error', code: 'internal_error' },
  502: { error: 'Bad gateway', code: 'bad_gateway' },
  503: { error: 'Service unavailable', code: 'unavailable' },
  504: { error: 'Gateway timeout', code: 'gateway_timeout' },
};

/** The Retry-After of an injected 429 or 503 that names none, in seconds (spec-gaps 21). */
const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** The answer of a status fault, with the headers openapi.json requires for its status. */
function faultReply(fault: StatusFault): MockResponse {
  const body = fault.body ??
    DEFAULT_BODIES[fault.status] ?? { error: `Injected failure ${fault.status}`, code: 'injected_fault' };
  const headers: Record<string, string> = fault.status === 401 ? { ...UNAUTHORIZED_HEADERS } : {};
  const retryAfter =
    fault.retryAfter ?? (fault.status === 429 || fault.status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  return jsonReply(fault.status, body, headers);
}

/** A plain object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whole seconds, or a header value the client's own reader understands (delta-seconds or an HTTP date). */
function isRetryAfter(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0;
  return typeof value === 'string' && parseRetryAfter(value) !== undefined;
}

function isJson(value: unknown): boolean {
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}

/** A value as a message quotes it: strings in quotes, nothing as `nothing`. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}
