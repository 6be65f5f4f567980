/**
 * The `code` values the API documents, in the order of the table in docs/spec-gaps.md (section 17); a test keeps
 * the two equal. The set is open: a newer service may send codes not listed here. The package exports the types
 * only: this list in the entry would cost every program about 220 B gzipped.
 */
export const LEDGER_ERROR_CODES = [
  'invalid_json',
  'invalid_query',
  'forbidden_key',
  'missing_token',
  'invalid_token',
  'token_revoked',
  'token_expired',
  'plan_required',
  'sharing_not_in_plan',
  'insufficient_scope',
  'not_found',
  'route_not_found',
  'body_too_large',
  'too_many_rows',
  'validation_failed',
  'category_not_found',
  'account_not_writable',
  'snapshot_date_taken',
  'nothing_written',
  'rate_limited',
  'internal_error',
  'unavailable',
  'request_timeout',
  'incomplete_body',
  'host_not_allowed',
  'bad_request',
] as const;

/**
 * One of the error codes docs/spec-gaps.md documents (section 17). Closed: a misspelled code is a type error, so
 * `const expected: KnownLedgerErrorCode = 'token_revoked'` or `'token_revoked' satisfies KnownLedgerErrorCode`
 * checks the spelling of a code you compare with.
 */
export type KnownLedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];

/**
 * An error body's `code`: one of the documented codes (which editors offer as completions), or any other string
 * a newer service may send.
 */
// `string & {}` keeps the literals apart from `string`, so editors still list them.
export type LedgerErrorCode = KnownLedgerErrorCode | (string & {});
