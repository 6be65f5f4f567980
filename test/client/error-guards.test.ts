import vm from 'node:vm';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ClientOptionsError,
  createApiError,
  isLedgerApiError,
  isLedgerError,
  type LedgerApiError,
  LedgerError,
  NotFoundError,
  UnexpectedStatusError,
} from 'personal-ledger-sdk';

const notFound = () => createApiError({ status: 404, statusText: '' }, { error: 'gone', code: 'not_found' });

describe('isLedgerError and isLedgerApiError', () => {
  it('isLedgerError is true for every SDK error, false for anything else', () => {
    expect(isLedgerError(notFound())).toBe(true);
    expect(isLedgerError(new LedgerError('x'))).toBe(true);
    expect(isLedgerError(new ClientOptionsError('x'))).toBe(true);
    for (const other of [
      new Error('x'),
      new TypeError('x'),
      { name: 'LedgerError' },
      null,
      undefined,
      'LedgerError',
      404,
    ]) {
      expect(isLedgerError(other)).toBe(false);
    }
  });

  it('isLedgerApiError(e) needs an HTTP status: an options error is a LedgerError but not an API error', () => {
    expect(isLedgerApiError(notFound())).toBe(true);
    expect(isLedgerApiError(new ClientOptionsError('x'))).toBe(false);
    expect(isLedgerApiError(new LedgerError('x'))).toBe(false);
  });

  it('isLedgerApiError(e, status) also checks the status', () => {
    expect(isLedgerApiError(notFound(), 404)).toBe(true);
    expect(isLedgerApiError(notFound(), 422)).toBe(false);
    expect(isLedgerApiError(createApiError({ status: 429, statusText: '' }, ''), 429)).toBe(true);
  });

  it('isLedgerApiError(e, status, code) also checks the code', () => {
    expect(isLedgerApiError(notFound(), 404, 'not_found')).toBe(true);
    expect(isLedgerApiError(notFound(), 404, 'route_not_found')).toBe(false);
    expect(isLedgerApiError(notFound(), undefined, 'not_found')).toBe(true);
  });

  it('after isLedgerApiError(e, 429), e.retryAfterMs is the Retry-After wait, as the README says (7 s -> 7000)', () => {
    const error: unknown = createApiError(
      { status: 429, statusText: '', headers: new Headers({ 'retry-after': '7' }) },
      { error: 'slow down', code: 'rate_limited' },
    );
    expect(isLedgerApiError(error, 429) && error.retryAfterMs).toBe(7000);
    expect(error).toBeInstanceOf(UnexpectedStatusError);
  });

  it('a DOMException named NotFoundError is not mistaken for the SDK’s (guards use the brand, not the name)', () => {
    const dom = new DOMException('x', 'NotFoundError');
    expect(isLedgerError(dom)).toBe(false);
    expect(isLedgerApiError(dom, 404)).toBe(false);
  });

  it('isLedgerApiError(e, 404) narrows to NotFoundError, (e, 503) to UnexpectedStatusError; without a status to LedgerApiError', () => {
    const error: unknown = notFound();
    if (isLedgerApiError(error, 404)) expectTypeOf(error).toEqualTypeOf<NotFoundError>();
    if (isLedgerApiError(error)) expectTypeOf(error).toEqualTypeOf<LedgerApiError>();
    if (isLedgerApiError(error, 503)) expectTypeOf(error).toEqualTypeOf<UnexpectedStatusError<503>>();
    if (isLedgerError(error)) expectTypeOf(error).toEqualTypeOf<LedgerError>();
  });
});

describe('guards work across copies of the package and across realms', () => {
  it('an error from a second, separately loaded copy of the SDK is recognised (instanceof is not)', async () => {
    vi.resetModules();
    const copy = await import('personal-ledger-sdk');
    expect(copy.NotFoundError).not.toBe(NotFoundError);
    const foreign = copy.createApiError({ status: 404, statusText: '' }, { error: 'gone' });
    expect(foreign instanceof NotFoundError).toBe(false);
    expect(isLedgerError(foreign)).toBe(true);
    expect(isLedgerApiError(foreign, 404)).toBe(true);
    expect(copy.isLedgerApiError(notFound(), 404)).toBe(true);
  });

  it('an error built in another realm (node:vm) with the Symbol.for brand is recognised', () => {
    const foreign: unknown = vm.runInNewContext(`
      class LedgerError extends Error {}
      Object.defineProperty(LedgerError.prototype, Symbol.for('personal-ledger-sdk.error'), { value: true });
      class UnexpectedStatusError extends LedgerError {
        constructor() { super('HTTP 503 Service Unavailable'); this.status = 503; }
      }
      new UnexpectedStatusError();
    `);
    expect(foreign instanceof Error).toBe(false);
    expect(foreign instanceof UnexpectedStatusError).toBe(false);
    expect(isLedgerError(foreign)).toBe(true);
    expect(isLedgerApiError(foreign)).toBe(true);
    expect(isLedgerApiError(foreign, 503)).toBe(true);
    expect(isLedgerApiError(foreign, 500)).toBe(false);
  });

  it('an object from another realm without the brand is not recognised', () => {
    const unbranded: unknown = vm.runInNewContext(`({ name: 'NotFoundError', status: 404, message: 'x' })`);
    expect(isLedgerError(unbranded)).toBe(false);
    expect(isLedgerApiError(unbranded, 404)).toBe(false);
  });
});
