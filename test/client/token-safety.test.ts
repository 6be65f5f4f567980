import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ClientOptionsError,
  createApiError,
  createLedgerClient,
  ForbiddenError,
  isLedgerError,
  type LedgerApiError,
  LedgerError,
  NotFoundError,
  PaymentRequiredError,
  REDACTED,
  UnauthorizedError,
  UnexpectedStatusError,
  UnprocessableEntityError,
} from 'personal-ledger-sdk';
import { BASE_URL, TOKEN } from './support/fixtures';
import { bothTransports } from './support/transports';

/** Every way an error is commonly turned into text. */
function renderings(error: unknown): Record<string, string> {
  const e = error as Error;
  return {
    message: e.message,
    stack: e.stack ?? '',
    String: String(e),
    'JSON.stringify': JSON.stringify(e),
    'util.inspect': inspect(e, { depth: 10 }),
    'util.inspect (showHidden)': inspect(e, { depth: 10, showHidden: true }),
  };
}

function expectNoToken(error: unknown): void {
  expect(isLedgerError(error)).toBe(true);
  for (const [how, text] of Object.entries(renderings(error))) {
    expect(text, `token found in ${how}`).not.toContain(TOKEN);
  }
}

const EVERY_CLASS = [
  [400, BadRequestError],
  [401, UnauthorizedError],
  [402, PaymentRequiredError],
  [403, ForbiddenError],
  [404, NotFoundError],
  [422, UnprocessableEntityError],
  [429, UnexpectedStatusError],
  [502, UnexpectedStatusError],
] as const;

describe.each(bothTransports())('the token never appears in an error (through $name)', (transport) => {
  it.each(EVERY_CLASS)(
    'status %i (%o): not in message, stack, String, JSON.stringify or util.inspect',
    async (status, ErrorClass) => {
      transport.reply('get', '/api/public/v1/accounts/:id', { status, json: { error: 'failed', code: 'c' } });
      const error: unknown = await transport
        .client()
        .accounts.get('a1')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(transport.requests[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
      expectNoToken(error);
    },
  );

  it.each(EVERY_CLASS)('status %i: a server that echoes the token in a JSON body cannot leak it', async (status) => {
    transport.reply('get', '/api/public/v1/me', {
      status,
      json: { error: `bad token ${TOKEN}`, detail: [{ path: 'header', message: `Bearer ${TOKEN}` }], echo: { TOKEN } },
    });
    const error = (await transport
      .client()
      .me()
      .catch((e: unknown) => e)) as LedgerApiError;
    expectNoToken(error);
    expect(error.message).toBe(`bad token ${REDACTED}`);
    expect(error.detail).toEqual([{ path: 'header', message: `Bearer ${REDACTED}` }]);
  });

  it('a proxy that echoes the request headers in an HTML page cannot leak the token, even past truncation', async () => {
    const page = `<pre>${'x'.repeat(4090)}Authorization: Bearer ${TOKEN}</pre>`;
    transport.reply('get', '/api/public/v1/me', { status: 502, text: page });
    const error = await transport
      .client()
      .me()
      .catch((e: unknown) => e);
    expectNoToken(error);
    expect(JSON.stringify(error)).not.toContain(TOKEN.slice(0, 12));
  });
});

describe('the token never appears in errors built outside the helpers', () => {
  it('createApiError reads only the method and URL of a Request carrying the token', () => {
    const request = new Request(`${BASE_URL}/api/public/v1/me`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    for (const [status] of EVERY_CLASS) {
      const error = createApiError({ status, statusText: '' }, { error: 'x' }, request);
      expectNoToken(error);
      expect(Object.values(error).some((value) => value instanceof Request || value instanceof Headers)).toBe(false);
    }
  });

  it('ClientOptionsError and LedgerError: not in message, stack, String, JSON.stringify or util.inspect', async () => {
    const options = (() => {
      try {
        createLedgerClient({ baseUrl: 'ftp://x', token: TOKEN });
      } catch (e) {
        return e;
      }
    })();
    expect(options).toBeInstanceOf(ClientOptionsError);
    expectNoToken(options);
    const client = createLedgerClient({ baseUrl: BASE_URL, token: TOKEN, fetch: async () => new Response(null) });
    const empty = await client.me().catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(LedgerError);
    expectNoToken(empty);
  });

  it('util.inspect of the client itself does not show the token', () => {
    const client = createLedgerClient({ baseUrl: BASE_URL, token: TOKEN });
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(TOKEN);
  });
});
