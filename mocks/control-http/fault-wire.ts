// Faults as the /__mock HTTP surface spells them: snake_case, the kind's fields at the top level, and `null` for
// "unlimited" (JSON has no Infinity). GET /__mock/faults answers in exactly the shape POST /__mock/faults takes.
// Every spelling comes from the kind's entry of FAULT_KINDS.
import { FAULT_KINDS, faultKindType, spell } from '../core/fault-kinds';
import { checkFaultSpec, type ActiveFault, type FaultSpec } from '../core/fault-spec';

/** The keys of a fault body that belong to its kind: every field of every kind, as the wire spells it. */
const KIND_FIELDS: ReadonlySet<string> = new Set(FAULT_KINDS.flatMap((type) => Object.values(type.fields)));

/** A fault body of POST /__mock/faults, checked (400 `invalid_fault`) and spelled as in code. */
export function faultFromJson(body: Record<string, unknown>): FaultSpec {
  const spec: Record<string, unknown> = {};
  const kind: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) (KIND_FIELDS.has(key) ? kind : spec)[key] = value;
  return checkFaultSpec({ ...spec, kind }, 'wire');
}

/** An active fault as GET /__mock/faults lists it: a body POST /__mock/faults takes back as it is. */
export function faultToJson(fault: ActiveFault): Record<string, unknown> {
  return {
    id: fault.id,
    operation: fault.operation,
    times: unlimitedAsNull(fault.times),
    remaining: unlimitedAsNull(fault.remaining),
    rate: fault.rate,
    ...faultKindType(fault.kind).write(fault.kind, 'wire'),
  };
}

/** A journal entry's fault description (`afterApply networkError`) in the wire's words (`after_apply network_error`). */
export function faultDescriptionToJson(described: string): string {
  return described
    .split(' ')
    .map((word) => spell(word, 'wire'))
    .join(' ');
}

function unlimitedAsNull(count: number): number | null {
  return count === Infinity ? null : count;
}
