// The one check of a fault spec, for control.faults.inject and POST /__mock/faults alike: a fault that could
// never fire, or that would break the fake, is refused (MockControlError 400 `invalid_fault`) when injected.
// The spec's own fields are checked here; its kind by its entry of FAULT_KINDS.
import type { operations, paths } from '../../src/generated/openapi';
import { MockControlError } from '../errors';
import { documentOperations } from '../openapi-document';
import { didYouMean } from '../../src/shared/suggest';
import {
  FAULT_KINDS,
  isObject,
  show,
  spell,
  type AnyFaultKindType,
  type FaultKind,
  type FaultProblem,
  type FaultSpelling,
} from './fault-kinds';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type PathOperation = { [P in keyof paths]: { [M in Method]: Exclude<paths[P][M], undefined> }[Method] }[keyof paths];

/** The operationId of an operation of openapi.json (`getMe`, `listAccounts`...), from the generated types. */
export type OperationId = {
  [K in keyof operations]: operations[K] extends PathOperation ? K : never;
}[keyof operations];

/** The operations a fault can hit: an operationId of openapi.json, or `*` for every one. */
export type FaultOperation = OperationId | '*';

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

let operationIds: readonly string[] | undefined;
/** The operationIds of openapi.json, read once (the same document the generated OperationId type comes from). */
export function faultOperationIds(): readonly string[] {
  operationIds ??= documentOperations().map((operation) => operation.operationId);
  return operationIds;
}

/**
 * What is wrong with `operation` as an operationId of openapi.json or `*` (a near miss named, every operation
 * listed), or `undefined` when it is one. Faults and journal filters name operations alike.
 */
export function operationProblem(operation: unknown): string | undefined {
  const known = faultOperationIds();
  if (typeof operation !== 'string') return 'must be an operationId of openapi.json or "*"';
  if (operation === '*' || known.includes(operation)) return undefined;
  return `"${operation}" is not an operation of openapi.json${didYouMean(operation, known)}; the operations: ${known.join(', ')}, or "*" for all`;
}

/** The fields of a spec besides its kind. */
const SPEC_FIELDS = ['id', 'operation', 'times', 'remaining', 'rate'];

/** The kinds, listed for a message: `a, b, c or d`. */
function kindsText(spelling: FaultSpelling): string {
  const shapes = FAULT_KINDS.map((type) => type.shape[spelling]);
  return `${shapes.slice(0, -1).join(', ')} or ${shapes.at(-1)}`;
}

/** The fields a fault may have: on the wire the kind's fields sit at the top level of the fault. */
function fieldsText(spelling: FaultSpelling): string {
  return spelling === 'code'
    ? [...SPEC_FIELDS, 'kind'].join(', ')
    : `${SPEC_FIELDS.join(', ')}, and one kind: ${kindsText(spelling)}`;
}

/** A field given by its path of spelled keys from the fault; on the wire the kind's fields have no `kind.` before them. */
function fieldName(path: readonly string[], spelling: FaultSpelling): string {
  return (spelling === 'wire' && path[0] === 'kind' ? path.slice(1) : path).join('.');
}

/**
 * Checks a fault spec and returns a clean copy, spelled as in code. Rules: `operation` is `*` or an operationId of
 * openapi.json; `times` and `remaining` are whole numbers >= 0, or unlimited (Infinity, or null as JSON has no
 * Infinity), `remaining` at most `times`; `rate` is within 0..1; `kind` is exactly one of FAULT_KINDS, with no other
 * keys, and passes that kind's check. Every problem is reported at once, in one MockControlError 400
 * `invalid_fault`, with fields spelled as the caller spells them (`spelling`: the wire of /__mock, or code).
 */
export function checkFaultSpec(input: unknown, spelling: FaultSpelling = 'code'): FaultSpec {
  const problems: string[] = [];
  const problem: FaultProblem = (path, message) =>
    problems.push(`${fieldName(path, spelling) || '(fault)'}: ${message}`);
  if (!isObject(input)) throw refusal([`a fault must be an object with ${fieldsText(spelling)}`]);

  for (const key of Object.keys(input))
    if (key !== 'kind' && !SPEC_FIELDS.includes(key))
      problem([key], `is not a field of a fault (the fields: ${fieldsText(spelling)})`);
  const { id, operation, rate } = input;
  const times = input.times === null ? Infinity : input.times;
  const remaining = input.remaining === null ? Infinity : input.remaining;
  if (id !== undefined && (typeof id !== 'string' || id === '')) problem(['id'], 'must be a non-empty string');
  if (operation !== undefined) {
    const wrong = operationProblem(operation);
    if (wrong !== undefined) problem(['operation'], wrong);
  }
  if (times !== undefined && !isCount(times))
    problem(['times'], `must be a whole number >= 0, or unlimited (got ${show(times)})`);
  if (remaining !== undefined) {
    if (!isCount(remaining))
      problem(['remaining'], `must be a whole number >= 0, or unlimited (got ${show(remaining)})`);
    else if (isCount(times) && remaining > times) problem(['remaining'], `must not exceed times (${show(times)})`);
  }
  if (rate !== undefined && !(typeof rate === 'number' && rate >= 0 && rate <= 1))
    problem(['rate'], `must be a number within 0..1 (got ${show(rate)})`);
  const kind = checkKind(input.kind, problem, spelling);

  if (problems.length > 0 || kind === undefined) throw refusal(problems);
  return {
    ...(id !== undefined ? { id: id as string } : {}),
    ...(operation !== undefined ? { operation: operation as FaultOperation } : {}),
    ...(times !== undefined ? { times: times as number } : {}),
    ...(remaining !== undefined ? { remaining: remaining as number } : {}),
    ...(rate !== undefined ? { rate: rate as number } : {}),
    kind,
  };
}

/** Exactly one kind, named by its field (or, when none is named, recognised by its other fields), then its own check. */
function checkKind(kind: unknown, problem: FaultProblem, spelling: FaultSpelling): FaultKind | undefined {
  if (!isObject(kind)) {
    problem(['kind'], `must be one of ${kindsText(spelling)}`);
    return undefined;
  }
  const has = (name: string) => spell(name, spelling) in kind;
  let chosen: readonly AnyFaultKindType[] = KINDS.filter((type) => has(type.name));
  if (chosen.length === 0) chosen = KINDS.filter((type) => Object.keys(type.fields).some(has)); // retryAfter without a status
  if (chosen.length !== 1) {
    const given =
      chosen.length === 0 ? 'none was given' : `got ${chosen.map((type) => spell(type.name, spelling)).join(' and ')}`;
    problem(['kind'], `give exactly one kind of: ${kindsText(spelling)}; ${given}`);
    return undefined;
  }
  const type = chosen[0]!;
  const allowed = Object.keys(type.fields).map((name) => spell(name, spelling));
  for (const extra of Object.keys(kind))
    if (!allowed.includes(extra)) problem(['kind', extra], `is not a field of a ${spell(type.name, spelling)} fault`);
  return type.check(kind, (path, message) => problem(['kind', ...path], message), spelling);
}

const KINDS: readonly AnyFaultKindType[] = FAULT_KINDS;

function refusal(problems: string[]): MockControlError {
  return new MockControlError(400, 'invalid_fault', `Invalid fault: ${problems.join('; ')}`);
}

function isCount(value: unknown): value is number {
  return value === Infinity || (Number.isInteger(value) && (value as number) >= 0);
}
