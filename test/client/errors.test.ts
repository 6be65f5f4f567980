import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  createApiError,
  ForbiddenError,
  isLedgerApiError,
  LedgerApiError,
  LedgerError,
  NotFoundError,
  PaymentRequiredError,
  UnauthorizedError,
  UnexpectedStatusError,
  UnprocessableEntityError,
} from 'personal-ledger-sdk';
import { ACCOUNT_ID } from './support/fixtures';
import { bothTransports } from './support/transports';

const NAMED = [
  [400, BadRequestError, 'invalid_query'],
  [401, UnauthorizedError, 'invalid_token'],
  [402, PaymentRequiredError, 'plan_required'],
  [403, ForbiddenError, 'insufficient_scope'],
  [404, NotFoundError, 'not_found'],
  [422, UnprocessableEntityError, 'validation_failed'],
] as const;
const UNNAMED = [413, 429, 500, 502, 503, 504, 409] as const;

async function failure(promise: Promise<unknown>): Promise<LedgerApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof LedgerApiError)) throw new Error(`expected a LedgerApiError, got ${String(error)}`);
  return error;
}

describe('createApiError picks the class from the status', () => {
  it.each(NAMED)('status %i -> %o', (status, ErrorClass) => {
    const error = createApiError({ status, statusText: '' }, { error: 'x' });
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(LedgerApiError);
    expect(error).toBeInstanceOf(LedgerError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.status).toBe(status);
  });

  it.each(UNNAMED)('any other status (%i) -> UnexpectedStatusError', (status) => {
    const error = createApiError({ status, statusText: '' }, { error: 'x' });
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect(error.name).toBe('UnexpectedStatusError');
    expect(error.status).toBe(status);
  });

  it('the stack starts with the class name and the message', () => {
    const error = createApiError({ status: 404, statusText: '' }, { error: 'account not found' });
    expect(error.stack?.split('\n')[0]).toBe('NotFoundError: account not found');
  });

  it('a subclass built by hand gets its own status', () => {
    expect(new NotFoundError({ message: 'gone' }).status).toBe(404);
  });
});

describe('the error body: `error` message, optional `code`, optional `detail` of { path, message }', () => {
  it('message, code and detail come from the body; the body is kept', () => {
    const body = {
      error: 'Validation failed',
      code: 'validation_failed',
      detail: [{ path: 'body.balance', message: 'must be a number' }],
    };
    const error = createApiError({ status: 422, statusText: '' }, body, {
      method: 'post',
      url: 'https://ledger.test/api/public/v1/snapshots',
    });
    expect(error).toMatchObject({
      message: 'Validation failed',
      code: 'validation_failed',
      detail: [{ path: 'body.balance', message: 'must be a number' }],
      body,
      method: 'POST',
      path: '/api/public/v1/snapshots',
    });
  });

  it('detail defaults to [] and code to undefined when the body has neither', () => {
    const error = createApiError({ status: 404, statusText: '' }, { error: 'nope' });
    expect(error.detail).toEqual([]);
    expect(error.code).toBeUndefined();
  });

  it('malformed detail entries are dropped; valid ones are kept as { path, message }', () => {
    const detail = [{ path: 'body.name', message: 'too long', extra: 1 }, { path: 1 }, 'x', null];
    const error = createApiError({ status: 422, statusText: '' }, { error: 'bad', detail });
    expect(error.detail).toEqual([{ path: 'body.name', message: 'too long' }]);
  });

  it('a bulk 422 nothing_written keeps the bulk result fields in body', () => {
    const body = {
      error: 'Nothing was written',
      code: 'nothing_written',
      detail: [{ path: 'body.snapshots[0].account_id', message: 'account not found or not writable' }],
      received: 1,
      inserted: 0,
      updated: 0,
      skipped: [{ index: 0, reason: 'account not found or not writable' }],
      webhooks_attempted: 0,
    };
    const error = createApiError({ status: 422, statusText: '' }, body);
    expect(error.code).toBe('nothing_written');
    expect(error.body).toEqual(body);
  });
});

describe('a body that is not the error shape still gives a clear error', () => {
  const request = { method: 'GET', url: 'https://ledger.test/api/public/v1/me' };

  it('HTML from a proxy: message `HTTP 502 Bad Gateway from GET <path>`, raw text kept', () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const error = createApiError({ status: 502, statusText: 'Bad Gateway' }, html, request);
    expect(error.message).toBe('HTTP 502 Bad Gateway from GET /api/public/v1/me');
    expect(error.body).toBe(html);
    expect(error.code).toBeUndefined();
    expect(error.detail).toEqual([]);
  });

  it('an empty body (undefined or empty text) falls back to the status text table when statusText is empty', () => {
    for (const body of [undefined, '']) {
      const error = createApiError({ status: 503, statusText: '' }, body, request);
      expect(error.message).toBe('HTTP 503 Service Unavailable from GET /api/public/v1/me');
    }
  });

  it('JSON without `error` gets the fallback message and keeps the parsed body', () => {
    const error = createApiError({ status: 500, statusText: '' }, { message: 'boom' }, request);
    expect(error.message).toBe('HTTP 500 Internal Server Error from GET /api/public/v1/me');
    expect(error.body).toEqual({ message: 'boom' });
  });

  it('JSON given as text is parsed', () => {
    const error = createApiError({ status: 404, statusText: '' }, '{"error":"gone","code":"not_found"}');
    expect(error).toMatchObject({ message: 'gone', code: 'not_found' });
  });

  it('raw text is truncated to a few KB', () => {
    const error = createApiError({ status: 500, statusText: '' }, 'x'.repeat(100_000), request);
    expect(typeof error.body).toBe('string');
    expect((error.body as string).length).toBeLessThan(5000);
    expect(error.body).toMatch(/\[truncated 95904 characters\]$/);
  });

  it('without request info the message is `HTTP <status> <text>`', () => {
    expect(createApiError({ status: 418, statusText: "I'm a teapot" }, '').message).toBe("HTTP 418 I'm a teapot");
  });

  it('path keeps the URL path and query only (no origin, no credentials, no fragment)', () => {
    const error = createApiError({ status: 400, statusText: '' }, '', {
      method: 'GET',
      url: 'https://user:pw@ledger.test/api/public/v1/snapshots?from=2024-13-01#x',
    });
    expect(error.path).toBe('/api/public/v1/snapshots?from=2024-13-01');
  });
});

describe('toJSON()', () => {
  it('gives name, message, status, code, detail, body, method and path', () => {
    const error = createApiError(
      { status: 404, statusText: '' },
      { error: 'gone', code: 'not_found' },
      {
        method: 'GET',
        url: 'https://ledger.test/api/public/v1/accounts/x',
      },
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NotFoundError',
      message: 'gone',
      status: 404,
      code: 'not_found',
      detail: [],
      body: { error: 'gone', code: 'not_found' },
      method: 'GET',
      path: '/api/public/v1/accounts/x',
    });
  });

  it('the base LedgerError gives name and message', () => {
    expect(new LedgerError('x').toJSON()).toEqual({ name: 'LedgerError', message: 'x' });
  });
});

describe.each(bothTransports())('helpers throw the typed error through $name', (transport) => {
  it.each([...NAMED.map(([status]) => status), ...UNNAMED])(
    'status %i rejects with the class for it',
    async (status) => {
      transport.reply('get', '/api/public/v1/accounts/:id', {
        status,
        json: { error: `failed ${status}`, code: 'some_code', detail: [{ path: 'body', message: 'm' }] },
      });
      const error = await failure(transport.client().accounts.get(ACCOUNT_ID));
      expect(isLedgerApiError(error, status)).toBe(true);
      expect(error).toBeInstanceOf(NAMED.find(([s]) => s === status)?.[1] ?? UnexpectedStatusError);
      expect(error).toMatchObject({
        status,
        message: `failed ${status}`,
        code: 'some_code',
        detail: [{ path: 'body', message: 'm' }],
        method: 'GET',
        path: `/api/public/v1/accounts/${ACCOUNT_ID}`,
      });
    },
  );

  it('the error path includes the query string', async () => {
    transport.reply('get', '/api/public/v1/snapshots', {
      status: 400,
      json: { error: 'bad from', code: 'invalid_query' },
    });
    const error = await failure(transport.client().snapshots.list({ from: '2024-02-30' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.path).toBe('/api/public/v1/snapshots?from=2024-02-30');
  });

  it('an HTML 502 from a proxy gives `HTTP 502 Bad Gateway from PATCH <path>`', async () => {
    transport.reply('patch', '/api/public/v1/snapshots/:id', {
      status: 502,
      text: '<html>Bad Gateway</html>',
      headers: { 'Content-Type': 'text/html' },
    });
    const error = await failure(transport.client().snapshots.update('s1', { balance: 1 }));
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect(error.message).toBe('HTTP 502 Bad Gateway from PATCH /api/public/v1/snapshots/s1');
    expect(error.body).toBe('<html>Bad Gateway</html>');
  });

  it('an empty error body gives a clear message', async () => {
    transport.reply('delete', '/api/public/v1/snapshots/:id', { status: 503 });
    const error = await failure(transport.client().snapshots.delete('s1'));
    expect(error.message).toBe('HTTP 503 Service Unavailable from DELETE /api/public/v1/snapshots/s1');
    expect(error.body === undefined || error.body === '').toBe(true);
  });

  it('a success with an empty body is a LedgerError, not silent undefined', async () => {
    transport.reply('get', '/api/public/v1/me', { status: 200 });
    const error: unknown = await transport
      .client()
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as Error).message).toBe(
      'HTTP 200 with an empty body from GET /api/public/v1/me; a JSON body was expected',
    );
  });
});
