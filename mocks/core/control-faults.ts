// Faults as the /__mock HTTP surface spells them: snake_case, the kind's fields at the top level, and `null` for
// "unlimited" (JSON has no Infinity). GET /__mock/faults answers in exactly the shape POST /__mock/faults takes.
import { checkFaultSpec, type FaultVocabulary } from '../control/fault-spec';
import type { ActiveFault, FaultKind, FaultSpec, StatusFault } from '../control/faults';

const SNAKE: Record<string, string> = { latencyMs: 'latency_ms', networkError: 'network_error', afterApply: 'after_apply', retryAfter: 'retry_after' };
/** The keys of a fault body that belong to its kind. */
const KIND_FIELDS = new Set(['status', 'retry_after', 'body', 'latency_ms', 'network_error', 'after_apply']);

/** Fault fields spelled as over HTTP. */
export const HTTP_FAULT_VOCABULARY: FaultVocabulary = {
  key: (name) => SNAKE[name] ?? name,
  field: (path) => (path[0] === 'kind' ? path.slice(1) : path).join('.'),
  kinds: 'status (with retry_after and body if wanted), latency_ms, network_error: true, or after_apply ("network_error" or { status, retry_after?, body? })',
  fields: 'id, operation, times, remaining, rate, and one kind: status (+ retry_after, body), latency_ms, network_error or after_apply',
};

/** A fault body of POST /__mock/faults, checked (400 `invalid_fault`) and spelled as in code. */
export function faultFromJson(body: Record<string, unknown>): FaultSpec {
  const spec: Record<string, unknown> = {};
  const kind: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) (KIND_FIELDS.has(key) ? kind : spec)[key] = value;
  return checkFaultSpec({ ...spec, kind }, HTTP_FAULT_VOCABULARY);
}

/** An active fault as GET /__mock/faults lists it: a body POST /__mock/faults takes back as it is. */
export function faultToJson(fault: ActiveFault): Record<string, unknown> {
  return {
    id: fault.id,
    operation: fault.operation,
    times: unlimitedAsNull(fault.times),
    remaining: unlimitedAsNull(fault.remaining),
    rate: fault.rate,
    ...kindToJson(fault.kind),
  };
}

function kindToJson(kind: FaultKind): Record<string, unknown> {
  if ('latencyMs' in kind) return { latency_ms: kind.latencyMs };
  if ('networkError' in kind) return { network_error: true };
  if ('afterApply' in kind) return { after_apply: kind.afterApply === 'networkError' ? 'network_error' : statusToJson(kind.afterApply) };
  return statusToJson(kind);
}

function statusToJson(fault: StatusFault): Record<string, unknown> {
  return {
    status: fault.status,
    ...(fault.retryAfter !== undefined ? { retry_after: fault.retryAfter } : {}),
    ...(fault.body !== undefined ? { body: fault.body } : {}),
  };
}

function unlimitedAsNull(count: number): number | null {
  return count === Infinity ? null : count;
}
