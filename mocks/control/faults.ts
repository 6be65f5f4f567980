import { jsonReply, type MockResponse } from '../core/messages';
import { createRandomSource, type RandomSource } from '../store/random';

/** A failure answered instead of (or after) the operation. */
export interface StatusFault {
  status: number;
  /**
   * Sent as the Retry-After header: seconds, or an HTTP date. openapi.json requires one on every 429 and 503.
   * @default 1 for 429 and 503 (spec-gaps 21); none for other statuses
   */
  retryAfter?: number | string;
  /** The JSON body. @default an error body with a code fitting the status (429 `rate_limited`...) */
  body?: unknown;
}

/** What an injected fault does. */
export type FaultKind =
  /** Waits this long, then answers normally. */
  | { latencyMs: number }
  /** Answers this status without running the operation. */
  | StatusFault
  /** Fails the request at the network level (fetch rejects) without running the operation. */
  | { networkError: true }
  /** Runs the operation and commits it, then loses the response: "applied, but the answer was lost". */
  | { afterApply: 'networkError' | StatusFault };

/** Which requests a fault hits, how often, and what it does to them. */
export interface FaultSpec {
  /** An operationId, or `*` for every operation. @default '*' */
  operation?: string;
  /** How many requests it hits before it is used up. @default Infinity (until cleared) */
  times?: number;
  /** The chance (0..1) that a matching request is hit, from a PRNG seeded by the mock's seed. @default 1 */
  rate?: number;
  /** What happens to a request it hits. */
  kind: FaultKind;
}

/** An injected fault that is still active. */
export interface ActiveFault extends FaultSpec {
  id: string;
  /** Hits left. */
  remaining: number;
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

  /** Adds a fault and returns its id. */
  inject(spec: FaultSpec): string {
    if (spec.rate !== undefined && !(spec.rate >= 0 && spec.rate <= 1)) throw new RangeError('rate must be within 0..1');
    if (spec.times !== undefined && !(spec.times >= 0)) throw new RangeError('times must be 0 or more');
    const fault: ActiveFault = { ...spec, id: `fault_${this.#nextId++}`, remaining: spec.times ?? Infinity };
    this.#faults.push(fault);
    return fault.id;
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

  /** The active faults. */
  list(): ActiveFault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  /** The fault that hits this request, if any (and uses one of its hits). */
  take(operationId: string): FaultKind | undefined {
    for (const fault of this.#faults) {
      if (fault.remaining <= 0) continue;
      if (fault.operation !== undefined && fault.operation !== '*' && fault.operation !== operationId) continue;
      if (fault.rate !== undefined && this.#random.next() >= fault.rate) continue;
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
