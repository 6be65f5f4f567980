import { describe, expectTypeOf, it } from 'vitest';
import {
  isLedgerApiError,
  type ApiErrorForStatus,
  type BadRequestError,
  type LedgerApiError,
  type NotFoundError,
  type UnexpectedStatusError,
} from 'personal-ledger-sdk';

declare const error: unknown;

describe('isLedgerApiError(e, status) narrows to the class createApiError builds for that status', () => {
  it('429 gives UnexpectedStatusError, so `retryAfterMs` is there (docs/retries-and-timeouts.md: "see error.retryAfterMs")', () => {
    if (isLedgerApiError(error, 429)) {
      expectTypeOf(error).toEqualTypeOf<UnexpectedStatusError<429>>();
      expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
      expectTypeOf(error.status).toEqualTypeOf<429>();
    }
  });

  it('503 and any other status the specification does not name give UnexpectedStatusError', () => {
    if (isLedgerApiError(error, 503)) expectTypeOf(error).toEqualTypeOf<UnexpectedStatusError<503>>();
    if (isLedgerApiError(error, 500)) expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
    expectTypeOf<ApiErrorForStatus<413>>().toEqualTypeOf<UnexpectedStatusError<413>>();
  });

  it('a named status gives its own class, which has no retryAfterMs', () => {
    if (isLedgerApiError(error, 404)) {
      expectTypeOf(error).toEqualTypeOf<NotFoundError>();
      // @ts-expect-error -- a 404 never carries Retry-After
      void error.retryAfterMs;
    }
    expectTypeOf<ApiErrorForStatus<400>>().toEqualTypeOf<BadRequestError>();
  });

  it('a union of statuses gives the union of their classes', () => {
    const status = 404 as 404 | 429;
    if (isLedgerApiError(error, status))
      expectTypeOf(error).toEqualTypeOf<NotFoundError | UnexpectedStatusError<429>>();
  });

  it('no status, or a status only known as `number`, gives LedgerApiError', () => {
    if (isLedgerApiError(error)) expectTypeOf(error).toEqualTypeOf<LedgerApiError>();
    const status: number = 429;
    if (isLedgerApiError(error, status)) expectTypeOf(error).toEqualTypeOf<LedgerApiError>();
  });
});
