import { describe, expect, it } from 'vitest';
import { ClientOptionsError, createLedgerClient, isLedgerError, type LedgerClientOptions } from 'personal-ledger-sdk';
import { identity, TOKEN } from './support/fixtures';

function captureUrl(options: Partial<LedgerClientOptions>): Promise<string> {
  let url = '';
  const client = createLedgerClient({
    baseUrl: 'https://ledger.test',
    token: TOKEN,
    ...options,
    fetch: async (request) => {
      url = request.url;
      return Response.json(identity);
    },
  });
  return client.me().then(() => url);
}

function creationError(options: unknown): ClientOptionsError {
  try {
    createLedgerClient(options as LedgerClientOptions);
  } catch (error) {
    return error as ClientOptionsError;
  }
  throw new Error('expected createLedgerClient to throw');
}

describe('createLedgerClient options', () => {
  it.each([
    ['missing baseUrl', { token: TOKEN }, /baseUrl` is required/],
    ['empty baseUrl', { baseUrl: '  ', token: TOKEN }, /baseUrl` is required/],
    ['relative baseUrl', { baseUrl: '/api', token: TOKEN }, /absolute http\(s\) URL/],
    ['baseUrl that is not http(s)', { baseUrl: 'ftp://ledger.test', token: TOKEN }, /http or https, not ftp:/],
    ['baseUrl with credentials', { baseUrl: 'https://u:p@ledger.test', token: TOKEN }, /must not contain credentials/],
    ['baseUrl with a query', { baseUrl: 'https://ledger.test/?x=1', token: TOKEN }, /query or fragment/],
    ['missing token', { baseUrl: 'https://ledger.test' }, /token` is required/],
    ['empty token', { baseUrl: 'https://ledger.test', token: '' }, /token` is required/],
    [
      'token with the Bearer prefix',
      { baseUrl: 'https://ledger.test', token: `Bearer ${TOKEN}` },
      /must not start with "Bearer "/,
    ],
    ['token with a line break', { baseUrl: 'https://ledger.test', token: `${TOKEN}\nX: y` }, /printable ASCII/],
    [
      'fetch that is not a function',
      { baseUrl: 'https://ledger.test', token: TOKEN, fetch: 'x' },
      /fetch` must be a function/,
    ],
    ['userAgent with a line break', { baseUrl: 'https://ledger.test', token: TOKEN, userAgent: 'a\r\nb' }, /userAgent/],
  ])('%s throws a ClientOptionsError naming the option', (_case, options, message) => {
    const error = creationError(options);
    expect(error).toBeInstanceOf(ClientOptionsError);
    expect(isLedgerError(error)).toBe(true);
    expect(error.name).toBe('ClientOptionsError');
    expect(error.message).toMatch(message);
  });

  it('the options error never includes the token, even when the token is what is wrong', () => {
    for (const token of [`Bearer ${TOKEN}`, `${TOKEN}\r\n`, ` ${TOKEN}`, `${TOKEN} x`]) {
      const error = creationError({ baseUrl: 'https://ledger.test', token });
      expect(`${error.message}\n${error.stack}\n${JSON.stringify(error)}`).not.toContain(TOKEN);
    }
    const badUrl = creationError({ baseUrl: `https://${TOKEN}@ledger.test`, token: TOKEN });
    expect(`${badUrl.message}\n${badUrl.stack}`).not.toContain(TOKEN);
  });

  it('a trailing slash on baseUrl is removed', async () => {
    await expect(captureUrl({ baseUrl: 'https://ledger.test/' })).resolves.toBe('https://ledger.test/api/public/v1/me');
  });

  it('a baseUrl with a path prefix keeps it', async () => {
    await expect(captureUrl({ baseUrl: 'http://localhost:8080/ledger/' })).resolves.toBe(
      'http://localhost:8080/ledger/api/public/v1/me',
    );
  });

  it('a trailing /api/public/v1 on baseUrl is removed (the typed paths already include it)', async () => {
    await expect(captureUrl({ baseUrl: 'https://ledger.test/api/public/v1/' })).resolves.toBe(
      'https://ledger.test/api/public/v1/me',
    );
  });
});
