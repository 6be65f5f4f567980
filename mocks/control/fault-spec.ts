// The one check of a fault spec, for control.faults.inject and POST /__mock/faults alike: a fault that could
// never fire, or that would break the fake, is refused (MockControlError 400 `invalid_fault`) when injected.
import type { operations, paths } from '../../src/generated/openapi';
import { MockControlError } from '../errors';
import { documentOperations } from '../openapi-document';
import type { FaultKind, FaultSpec, StatusFault } from './faults';
import { didYouMean } from './suggest';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type PathOperation = { [P in keyof paths]: { [M in Method]: Exclude<paths[P][M], undefined> }[Method] }[keyof paths];

/** The operationId of an operation of openapi.json (`getMe`, `listAccounts`...), from the generated types. */
export type OperationId = { [K in keyof operations]: operations[K] extends PathOperation ? K : never }[keyof operations];

/** The operations a fault can hit: an operationId of openapi.json, or `*` for every one. */
export type FaultOperation = OperationId | '*';

/** The longest injectable latency: a minute, longer than any client's timeout worth testing. */
export const MAX_LATENCY_MS = 60_000;

let operationIds: readonly string[] | undefined;
/** The operationIds of openapi.json, read once (the same document the generated OperationId type comes from). */
export function faultOperationIds(): readonly string[] {
  return (operationIds ??= documentOperations().map((operation) => operation.operationId));
}

/**
 * How a fault's fields are spelled: as in code (`kind: { latencyMs }`), or as the /__mock HTTP surface spells them
 * (snake_case `latency_ms`, with the kind's fields at the top level of the body).
 */
export interface FaultVocabulary {
  /** The spelling of a field (or of the `networkError` value of `afterApply`), given its name in code. */
  key(name: string): string;
  /** A field, given by its path of spelled keys from the fault. */
  field(path: readonly string[]): string;
  /** What a kind may be. */
  kinds: string;
  /** The fields a fault may have. */
  fields: string;
}

/** Fields spelled as in code. */
export const CODE_VOCABULARY: FaultVocabulary = {
  key: (name) => name,
  field: (path) => path.join('.'),
  kinds: "{ latencyMs }, { status, retryAfter?, body? }, { networkError: true } or { afterApply: 'networkError' | { status, retryAfter?, body? } }",
  fields: 'id, operation, times, remaining, rate, kind',
};

const SPEC_KEYS = ['id', 'operation', 'times', 'remaining', 'rate', 'kind'];
const STATUS_KEYS = ['status', 'retryAfter', 'body'];
const KIND_KEYS = ['latencyMs', 'status', 'networkError', 'afterApply'];

type Report = (path: readonly string[], message: string) => void;

/**
 * Checks a fault spec and returns a clean copy, spelled as in code. Rules: `operation` is `*` or an operationId of
 * openapi.json; `times` and `remaining` are whole numbers >= 0, or unlimited (Infinity, or null as JSON has no
 * Infinity), `remaining` at most `times`; `rate` is within 0..1; `kind` is exactly one of the documented kinds, with
 * no other keys: a status is 4xx or 5xx, `retryAfter` is whole seconds >= 0 or an HTTP date, a latency is
 * 0..MAX_LATENCY_MS ms, `networkError` is `true`. Every problem is reported at once, in one MockControlError 400
 * `invalid_fault`, with fields spelled as the caller spells them (`words`).
 */
export function checkFaultSpec(input: unknown, words: FaultVocabulary = CODE_VOCABULARY): FaultSpec {
  const problems: string[] = [];
  const problem: Report = (path, message) => problems.push(`${words.field(path) || '(fault)'}: ${message}`);
  if (!isObject(input)) throw refusal([`a fault must be an object with ${words.fields}`]);

  for (const key of Object.keys(input)) if (!SPEC_KEYS.includes(key)) problem([key], `is not a field of a fault (the fields: ${words.fields})`);
  const { id, operation, rate } = input;
  const times = input.times === null ? Infinity : input.times;
  const remaining = input.remaining === null ? Infinity : input.remaining;
  if (id !== undefined && (typeof id !== 'string' || id === '')) problem(['id'], 'must be a non-empty string');
  if (operation !== undefined) {
    const known = faultOperationIds();
    if (typeof operation !== 'string') problem(['operation'], 'must be an operationId of openapi.json or "*"');
    else if (operation !== '*' && !known.includes(operation)) {
      problem(['operation'], `"${operation}" is not an operation of openapi.json${didYouMean(operation, known)}; the operations: ${known.join(', ')}, or "*" for all`);
    }
  }
  if (times !== undefined && !isCount(times)) problem(['times'], `must be a whole number >= 0, or unlimited (got ${show(times)})`);
  if (remaining !== undefined) {
    if (!isCount(remaining)) problem(['remaining'], `must be a whole number >= 0, or unlimited (got ${show(remaining)})`);
    else if (isCount(times) && remaining > times) problem(['remaining'], `must not exceed times (${show(times)})`);
  }
  if (rate !== undefined && !(typeof rate === 'number' && rate >= 0 && rate <= 1)) problem(['rate'], `must be a number within 0..1 (got ${show(rate)})`);
  const kind = checkKind(input.kind, problem, words);

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

function checkKind(kind: unknown, problem: Report, words: FaultVocabulary): FaultKind | undefined {
  const { key } = words;
  if (!isObject(kind)) {
    problem(['kind'], `must be one of ${words.kinds}`);
    return undefined;
  }
  const chosen = KIND_KEYS.filter((name) => key(name) in kind);
  const keys = Object.keys(kind);
  if (chosen.length === 0 && STATUS_KEYS.some((name) => key(name) in kind)) chosen.push('status'); // retryAfter without a status
  if (chosen.length !== 1) {
    const given = chosen.length === 0 ? 'none was given' : `got ${chosen.map(key).join(' and ')}`;
    problem(['kind'], `give exactly one kind of: ${words.kinds}; ${given}`);
    return undefined;
  }
  const which = chosen[0]!;
  const allowed = (which === 'status' ? STATUS_KEYS : [which]).map(key);
  for (const extra of keys.filter((k) => !allowed.includes(k))) problem(['kind', extra], `is not a field of a ${key(which)} fault`);
  if (which === 'status') return checkStatus(kind, ['kind'], problem, words);
  if (which === 'latencyMs') {
    const ms = kind[key('latencyMs')];
    if (!(typeof ms === 'number' && ms >= 0 && ms <= MAX_LATENCY_MS)) {
      problem(['kind', key('latencyMs')], `must be a number of milliseconds within 0..${MAX_LATENCY_MS} (got ${show(ms)})`);
    }
    return { latencyMs: ms as number };
  }
  if (which === 'networkError') {
    const value = kind[key('networkError')];
    if (value !== true) problem(['kind', key('networkError')], `must be true (got ${show(value)})`);
    return { networkError: true };
  }
  const after = kind[key('afterApply')];
  if (after === key('networkError')) return { afterApply: 'networkError' };
  const at = ['kind', key('afterApply')];
  if (!isObject(after)) {
    problem(at, `must be "${key('networkError')}" or a status fault { status, ${key('retryAfter')}?, body? } (got ${show(after)})`);
    return undefined;
  }
  for (const extra of Object.keys(after)) if (!STATUS_KEYS.map(key).includes(extra)) problem([...at, extra], 'is not a field of a status fault');
  return { afterApply: checkStatus(after, at, problem, words) };
}

function checkStatus(fault: Record<string, unknown>, at: string[], problem: Report, { key }: FaultVocabulary): StatusFault {
  const status = fault.status;
  const retryAfter = fault[key('retryAfter')];
  const body = fault.body;
  if (!(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599)) {
    problem([...at, 'status'], `must be a 4xx or 5xx status: a fault is a failure (got ${show(status)})`);
  }
  if (retryAfter !== undefined && !isRetryAfter(retryAfter)) {
    problem([...at, key('retryAfter')], `must be whole seconds >= 0 or an HTTP date (got ${show(retryAfter)})`);
  }
  if (body !== undefined && !isJson(body)) problem([...at, 'body'], 'must be a JSON value');
  return {
    status: status as number,
    ...(retryAfter !== undefined ? { retryAfter: retryAfter as number | string } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

function refusal(problems: string[]): MockControlError {
  return new MockControlError(400, 'invalid_fault', `Invalid fault: ${problems.join('; ')}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return value === Infinity || (Number.isInteger(value) && (value as number) >= 0);
}

function isRetryAfter(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0;
  return typeof value === 'string' && (/^\d+$/.test(value) || !Number.isNaN(Date.parse(value)));
}

function isJson(value: unknown): boolean {
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}
