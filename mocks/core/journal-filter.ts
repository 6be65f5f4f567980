// Which journal entries a test asks about: control.journal.find/count, the Vitest matchers and GET /__mock/journal
// all take this one filter, checked here once. A filter that could never match as meant (a misspelt operation, a
// status of 700, a time that is no time) is refused with MockControlError 400 `invalid_filter`, every problem at once.
import { MockControlError } from '../errors';
import { didYouMean } from '../../src/shared/suggest';
import { operationProblem, type FaultOperation } from './fault-spec';
import type { JournalEntry } from './journal';

/** A class of statuses: `'4xx'` matches 400 to 499. */
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

/** An HTTP method, in upper case as the journal records it. */
export type JournalMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** Which requests of the journal to find or count; every field given must match (an empty filter matches all). */
export interface JournalFilter {
  /**
   * An operationId of openapi.json (`'bulkUpsertSnapshots'`), or `'*'` for every request, those to paths the API
   * does not have included. A misspelt one is refused, naming the near miss. @default '*'
   */
  operation?: FaultOperation;
  /** The request's method. @default any */
  method?: JournalMethod;
  /** The status the client saw: a number (`0` for a dropped connection) or a class (`'4xx'`). @default any */
  status?: number | StatusClass;
  /** The error body's `code` (`'token_revoked'`). @default any */
  code?: string;
  /** The id of the token the request carried, once the fake recognised it (never its value). @default any */
  tokenId?: string;
  /** Requests that arrived at this time on the fake's clock or later (ISO 8601, Date or epoch ms). @default no bound */
  from?: string | Date | number;
  /** Requests that arrived at this time on the fake's clock or earlier (ISO 8601, Date or epoch ms). @default no bound */
  to?: string | Date | number;
}

const FIELDS: ReadonlyArray<keyof JournalFilter> = ['operation', 'method', 'status', 'code', 'tokenId', 'from', 'to'];
const METHODS: readonly JournalMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const STATUS_CLASSES: readonly StatusClass[] = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/** A checked filter as one test of an entry. */
export type JournalMatch = (entry: JournalEntry) => boolean;

/**
 * Checks a filter and compiles it into a test of an entry. Throws MockControlError 400 `invalid_filter` listing
 * every problem: a field that is not one, an operation or method that is not one (with the near miss), a status
 * that is neither 0, 100..599 nor a class, an empty code or token id, a bound that is no time, or `from` after `to`.
 */
export function compileJournalFilter(filter: JournalFilter = {}): JournalMatch {
  const problems: string[] = [];
  if (typeof filter !== 'object' || filter === null) throw refusal([`a filter is an object with ${FIELDS.join(', ')}`]);
  for (const key of Object.keys(filter)) {
    if (!(FIELDS as readonly string[]).includes(key))
      problems.push(`${key}: is not a field of a filter${didYouMean(key, FIELDS)} (the fields: ${FIELDS.join(', ')})`);
  }
  const { operation, method, status, code, tokenId } = filter;
  const tests: JournalMatch[] = [];
  if (operation !== undefined) {
    const wrong = operationProblem(operation);
    if (wrong !== undefined) problems.push(`operation: ${wrong}`);
    else if (operation !== '*') tests.push((entry) => entry.operationId === operation);
  }
  if (method !== undefined) {
    if (!METHODS.includes(method))
      problems.push(
        `method: ${JSON.stringify(method)} is not one of ${METHODS.join(', ')}${didYouMean(String(method), METHODS)}`,
      );
    else tests.push((entry) => entry.method === method);
  }
  if (status !== undefined) {
    if (typeof status === 'number' && Number.isInteger(status) && (status === 0 || (status >= 100 && status <= 599))) {
      tests.push((entry) => entry.status === status);
    } else if (typeof status === 'string' && (STATUS_CLASSES as readonly string[]).includes(status)) {
      const hundreds = Number(status[0]) * 100;
      tests.push((entry) => entry.status >= hundreds && entry.status < hundreds + 100);
    } else {
      problems.push(
        `status: must be 0 (a dropped connection), a status 100 to 599 or one of ${STATUS_CLASSES.join(', ')} (got ${JSON.stringify(status)})`,
      );
    }
  }
  for (const [name, value] of [
    ['code', code],
    ['tokenId', tokenId],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') problems.push(`${name}: must be a non-empty string`);
    else if (name === 'code') tests.push((entry) => entry.code === value);
    else tests.push((entry) => entry.tokenId === value);
  }
  const from = bound('from', filter.from, problems);
  const to = bound('to', filter.to, problems);
  if (from !== undefined && to !== undefined && from > to)
    problems.push(`from (${new Date(from).toISOString()}) is after to (${new Date(to).toISOString()})`);
  if (from !== undefined) tests.push((entry) => Date.parse(entry.at) >= from);
  if (to !== undefined) tests.push((entry) => Date.parse(entry.at) <= to);

  if (problems.length > 0) throw refusal(problems);
  return (entry) => tests.every((test) => test(entry));
}

/** A time bound in epoch ms, or a problem noted. */
function bound(name: 'from' | 'to', time: unknown, problems: string[]): number | undefined {
  if (time === undefined) return undefined;
  const ms =
    time instanceof Date
      ? time.getTime()
      : typeof time === 'number'
        ? time
        : typeof time === 'string'
          ? Date.parse(time)
          : Number.NaN;
  if (Number.isFinite(ms)) return ms;
  problems.push(
    `${name}: must be a time (ISO 8601, a Date or epoch milliseconds), got ${time instanceof Date ? 'an invalid Date' : JSON.stringify(time)}`,
  );
  return undefined;
}

function refusal(problems: string[]): MockControlError {
  return new MockControlError(400, 'invalid_filter', `Invalid journal filter: ${problems.join('; ')}`);
}
