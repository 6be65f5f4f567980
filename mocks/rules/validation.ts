import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, UUID_PATTERN } from '../../src/generated/api-constants';
import { ApiError, type ErrorDetail } from '../errors';
import {
  validateAccountCreate,
  validateAccountUpdate,
  validateBulkShape,
  validateBulkUpsertRequest,
  validateDate,
  validateSnapshotUpdate,
  validateSnapshotWrite,
  validateUuid,
  type ValidationError,
  type Validator,
} from '../generated/validators';
import { dayNumber } from '../../src/shared/calendar-date';
import { listSome } from './explain';

// Request bodies are checked by JSON Schema validators generated from openapi.json's own request schemas
// (`npm run generate`; a drift check fails `npm test` when they fall behind), so the fake and the document
// cannot disagree (spec-gaps 13-16). Generated ahead of time, because compiling them at run time needs
// `new Function`, which a page with a strict Content-Security-Policy refuses.

/** The request schemas of openapi.json that the fake validates bodies against. */
export type RequestSchema =
  | 'AccountCreate'
  | 'AccountUpdate'
  | 'SnapshotWrite'
  | 'SnapshotUpdate'
  | 'BulkUpsertRequest';

export const DATE_MESSAGE = 'must be a real calendar date in YYYY-MM-DD form';
const UUID_MESSAGE = 'must be a UUID';

const bodies: Record<RequestSchema | 'BulkShape', Validator> = {
  AccountCreate: validateAccountCreate,
  AccountUpdate: validateAccountUpdate,
  SnapshotWrite: validateSnapshotWrite,
  SnapshotUpdate: validateSnapshotUpdate,
  BulkUpsertRequest: validateBulkUpsertRequest,
  /** BulkUpsertRequest without its row schema and row limit: rows are judged one by one. */
  BulkShape: validateBulkShape,
};

/** The problems of `body` against a request schema, as detail entries under `base` (`body`...). */
export function checkBody(schema: RequestSchema | 'BulkShape', body: unknown, base = 'body'): ErrorDetail[] {
  const validate = bodies[schema];
  return validate(body) ? [] : toDetails(validate.errors ?? [], base);
}

/**
 * The day of a row that certainly matches SnapshotWrite (exactly `account_id` a UUID, `snapshot_date`
 * a real date, `balance` a finite number), checked by hand because a bulk call judges up to 5,000
 * rows; `undefined` for any other row, which the validators then judge and word the problem of.
 */
export function snapshotWriteDay(row: unknown): number | undefined {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return undefined;
  const { account_id: accountId, snapshot_date: date, balance } = row as Record<string, unknown>;
  let fields = 0;
  for (const key in row) {
    if (key !== 'account_id' && key !== 'snapshot_date' && key !== 'balance') return undefined;
    fields++;
  }
  if (fields !== 3 || typeof balance !== 'number' || !Number.isFinite(balance)) return undefined;
  if (typeof accountId !== 'string' || typeof date !== 'string' || !UUID_PATTERN.test(accountId)) return undefined;
  return dayNumber(date);
}

/** Spec-gaps 16-17: 422 `validation_failed` with one detail per problem. */
export function validationFailed(detail: ErrorDetail[]): ApiError {
  return new ApiError(422, 'validation_failed', 'Validation failed', detail).because(describeDetail(detail));
}

/** `body.name must be 1-120 characters; body.visibility must be one of: ...`. */
export function describeDetail(detail: readonly ErrorDetail[]): string {
  return listSome(detail.map((d) => `${d.path} ${d.message}`));
}

/** Throws 422 `validation_failed` unless `body` matches the request schema. */
export function requireValidBody(schema: RequestSchema | 'BulkShape', body: unknown): void {
  const detail = checkBody(schema, body);
  if (detail.length > 0) throw validationFailed(detail);
}

/** The parsed query of GET /snapshots: day numbers for the bounds. */
export interface SnapshotQuery {
  accountId?: string;
  from?: number;
  to?: number;
}

/**
 * Spec 4 (GET /snapshots) and spec-gaps 11-12: `from`/`to` real dates, `to` not before `from`,
 * `account_id` a UUID, else 400 `invalid_query`. Unknown parameters are ignored.
 */
export function parseSnapshotQuery(params: URLSearchParams): SnapshotQuery {
  const detail: ErrorDetail[] = [];
  const query: SnapshotQuery = {};
  const accountId = params.get('account_id');
  if (accountId !== null) {
    if (validateUuid(accountId)) query.accountId = accountId;
    else detail.push({ path: 'query.account_id', message: UUID_MESSAGE });
  }
  for (const name of ['from', 'to'] as const) {
    const value = params.get(name);
    if (value === null) continue;
    const day = validateDate(value) ? dayNumber(value) : undefined;
    if (day === undefined) detail.push({ path: `query.${name}`, message: DATE_MESSAGE });
    else query[name] = day;
  }
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
    detail.push({ path: 'query.to', message: 'must not be before from' });
  }
  if (detail.length > 0)
    throw new ApiError(400, 'invalid_query', 'Invalid query parameter', detail).because(describeDetail(detail));
  return query;
}

function toDetails(errors: ValidationError[], base: string): ErrorDetail[] {
  const seen = new Set<string>();
  const out: ErrorDetail[] = [];
  for (const error of errors) {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
    const path = base + segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('');
    if (seen.has(path)) continue; // one message per place: a bad date trips both format and pattern
    seen.add(path);
    out.push({ path, message: friendlyMessage(error, segments) });
  }
  return out;
}

function friendlyMessage(error: ValidationError, segments: string[]): string {
  const where = error.schemaPath;
  const field = segments[segments.length - 1];
  switch (error.keyword) {
    case 'format':
    case 'pattern':
      if (where.includes('/schemas/Date/')) return DATE_MESSAGE;
      if (where.includes('/schemas/Uuid/')) return UUID_MESSAGE;
      return `must match the ${String(error.params.format ?? 'required')} format`;
    case 'minLength':
    case 'maxLength':
      if (where.includes('/schemas/Name/')) return `must be ${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} characters`;
      return error.keyword === 'minLength'
        ? `must be at least ${String(error.params.limit)} characters`
        : `must be at most ${String(error.params.limit)} characters`;
    case 'type':
      return typeMessage(String(error.params.type), segments.length === 0, field);
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'minProperties':
      return 'send at least one field';
    case 'minItems':
      return field === 'snapshots'
        ? 'must have at least 1 row'
        : `must have at least ${String(error.params.limit)} items`;
    case 'maxItems':
      return field === 'snapshots'
        ? `must have at most ${String(error.params.limit)} rows`
        : `must have at most ${String(error.params.limit)} items`;
    default:
      return error.message ?? 'is invalid';
  }
}

function typeMessage(type: string, atRoot: boolean, field: string | undefined): string {
  if (atRoot && type === 'object') return 'must be a JSON object';
  if (type === 'number' || type === 'integer') return 'must be a finite number';
  if (type === 'boolean') return 'must be true or false';
  if (type === 'array') return field === 'snapshots' ? 'must be an array of rows' : 'must be an array';
  if (type === 'object') return 'must be an object';
  return `must be a ${type}`;
}
