import { jsonReply, type MockResponse } from '../core/messages';
import { MockControlError } from '../errors';
import { checkFaultSpec, type FaultOperation } from './fault-spec';
import { createRandomSource, type RandomSource } from '../store/random';

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

/** What an injected fault does: exactly one of these, with no other keys. */
export type FaultKind =
  /** Waits this long (0 to 60,000 ms, MAX_LATENCY_MS), then answers normally. */
  | { latencyMs: number }
  /** Answers this status without running the operation. */
  | StatusFault
  /** Fails the request at the network level (fetch rejects) without running the operation. */
  | { networkError: true }
  /** Runs the operation and commits it, then loses the response: "applied, but the answer was lost". */
  | { afterApply: 'networkError' | StatusFault };

/**
 * Which requests a fault hits, how often, and what it does to them. Checked when injected: a fault that could
 * never fire or would break the fake is refused with MockControlError 400 `invalid_fault`.
 */
export interface FaultSpec {
  /** An operationId of openapi.json, or `*` for every operation. @default '*' */
  operation?: FaultOperation;
  /** How many requests it hits before it is used up: a whole number >= 0. @default Infinity (until cleared) */
  times?: number;
  /** The chance (0..1) that a matching request is hit, from a PRNG seeded by the mock's seed. @default 1 */
  rate?: number;
  /** What happens to a request it hits. */
  kind: FaultKind;
  /** Its id, to put back a listed fault under the same one (refused while a fault with it is active). @default `fault_<n>` */
  id?: string;
  /** Hits left, to put back a listed fault as it was: at most `times`. @default times */
  remaining?: number;
}

/** An injected fault that is still active. Injecting it again (after it was removed) recreates it as it is. */
export interface ActiveFault extends FaultSpec {
  id: string;
  operation: FaultOperation;
  /** The hits it was given; Infinity when unlimited. */
  times: number;
  /** Hits left; Infinity when unlimited. */
  remaining: number;
  rate: number;
}

/** Injected faults, matched per request in injection order; one fault at most per request. */
export class FaultInjector {
  #faults: ActiveFault[] = [];
  #random: RandomSource;
  #seed: string | number | undefined;
  #nextId = 1;

  constructor(seed?: string | number) {
    this.#seed = seed;
    this.#random = createRandomSource(seed === undefined ? undefined : `${seed}:faults`);
  }

  /** Checks a fault (checkFaultSpec) and adds it; returns its id. */
  inject(spec: FaultSpec): string {
    const checked = checkFaultSpec(spec);
    if (checked.id !== undefined && this.#faults.some((fault) => fault.id === checked.id)) {
      throw new MockControlError(409, 'duplicate_id', `A fault with id ${checked.id} is active; remove it first`);
    }
    let id = checked.id;
    while (id === undefined || this.#faults.some((fault) => fault.id === id)) id = `fault_${this.#nextId++}`;
    const times = checked.times ?? Infinity;
    this.#faults.push({ id, operation: checked.operation ?? '*', times, remaining: checked.remaining ?? times, rate: checked.rate ?? 1, kind: structuredClone(checked.kind) });
    return id;
  }

  /** Removes one fault. */
  remove(id: string): void {
    this.#faults = this.#faults.filter((fault) => fault.id !== id);
  }

  /** Removes every fault and restarts the PRNG from the seed. */
  clear(): void {
    this.#faults = [];
    this.#random = createRandomSource(this.#seed === undefined ? undefined : `${this.#seed}:faults`);
  }

  /** The active faults, as copies. */
  list(): ActiveFault[] {
    return this.#faults.map((fault) => structuredClone(fault));
  }

  /** The fault that hits this request, if any (and uses one of its hits). */
  take(operationId: string): FaultKind | undefined {
    for (const fault of this.#faults) {
      if (fault.remaining <= 0) continue;
      if (fault.operation !== '*' && fault.operation !== operationId) continue;
      if (fault.rate < 1 && this.#random.next() >= fault.rate) continue; // a certain hit draws nothing
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.remove(fault.id);
      return fault.kind;
    }
    return undefined;
  }
}

/** A short description for the journal. */
export function describeFault(kind: FaultKind): string {
  if ('latencyMs' in kind) return `latency ${kind.latencyMs}ms`;
  if ('networkError' in kind) return 'networkError';
  if ('afterApply' in kind) return `afterApply ${kind.afterApply === 'networkError' ? 'networkError' : `status ${kind.afterApply.status}`}`;
  return `status ${kind.status}`;
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
export function faultReply(fault: StatusFault): MockResponse {
  const body = fault.body ?? DEFAULT_BODIES[fault.status] ?? { error: `Injected failure ${fault.status}`, code: 'injected_fault' };
  const headers: Record<string, string> = {};
  const retryAfter = fault.retryAfter ?? (fault.status === 429 || fault.status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  if (fault.status === 401) headers['www-authenticate'] = 'Bearer realm="ledger"';
  return jsonReply(fault.status, body, headers);
}
