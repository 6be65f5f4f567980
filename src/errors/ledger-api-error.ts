import { nameErrorClass } from './brand';
import type { LedgerErrorCode } from './error-codes';
import { LedgerError } from './ledger-error';

/** One entry of an error body's `detail`: where the problem is (`body.<field>`, `query.<name>`...) and what it is. */
export interface ErrorDetailEntry {
  /** Where the problem is, e.g. `body.snapshots[3].balance` or `query.from`. */
  path: string;
  /** What is wrong there. */
  message: string;
}

/** What every API error is built from. The request is described by its method and path only. */
export interface LedgerApiErrorInit {
  /** The HTTP status of the response. */
  status: number;
  /** The error message: the body's `error`, or a fallback such as `HTTP 502 Bad Gateway from GET /api/public/v1/me`. */
  message: string;
  /** The body's machine-readable `code` (an open set: see {@link LedgerErrorCode}). @default undefined */
  code?: LedgerErrorCode | undefined;
  /** The body's `detail` entries. @default [] */
  detail?: readonly ErrorDetailEntry[] | undefined;
  /** The parsed JSON body, or the raw text (truncated) when the body is not JSON. @default undefined */
  body?: unknown;
  /** The request's HTTP method, e.g. `GET`. @default '' */
  method?: string | undefined;
  /** The request's URL path and query, e.g. `/api/public/v1/snapshots?from=2024-01-01`. @default '' */
  path?: string | undefined;
}

/**
 * The API answered with a status that is not a success. Subclasses name the statuses the specification names
 * (400, 401, 402, 403, 404, 422); {@link UnexpectedStatusError} covers every other one.
 * It keeps the request's method and path only: never the headers, so never the token.
 */
export class LedgerApiError extends LedgerError {
  /** The HTTP status of the response. */
  declare readonly status: number;
  /**
   * The body's machine-readable `code`, when it has one (e.g. `not_found`, `validation_failed`): one of the
   * codes docs/spec-gaps.md documents ({@link KnownLedgerErrorCode}), or a code a newer service added.
   */
  declare readonly code: LedgerErrorCode | undefined;
  /** The body's `detail` entries (field-level validation problems). Empty when the body has none. */
  declare readonly detail: readonly ErrorDetailEntry[];
  /** The parsed JSON body, or the raw text (truncated) when the body is not JSON. */
  declare readonly body: unknown;
  /** The request's HTTP method, e.g. `PATCH`. */
  declare readonly method: string;
  /** The request's URL path and query. */
  declare readonly path: string;

  static {
    nameErrorClass(this, 'LedgerApiError');
  }

  /** Builds the error; most callers want {@link createApiError}, which picks the subclass from the status. */
  constructor(init: LedgerApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail ?? [];
    this.body = init.body;
    this.method = init.method ?? '';
    this.path = init.path ?? '';
  }
}
