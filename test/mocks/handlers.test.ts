// The fake's MSW handler beside a consumer's own: an operation can be overridden with server.use() in front
// of it, the fake keeps serving the rest, and resetHandlers() brings the fake's answer back.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMock } from 'personal-ledger-sdk/mocks/msw';

const mock = createLedgerMock({ scenario: 'demo', seed: 'handlers' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('mock.handlers', () => {
  it('is one handler serving every operation (and route_not_found for the rest of the API)', async () => {
    expect(mock.handlers).toHaveLength(1);
    const unknown = await fetch(`${mock.baseUrl}/api/public/v1/nope`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
    });
    expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([404, 'route_not_found']);
  });

  it('a handler added in front overrides one operation; the fake still serves the others; reset brings it back', async () => {
    const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, retry: false });
    server.use(
      http.get(`${mock.baseUrl}/api/public/v1/me`, () =>
        HttpResponse.json({ error: 'down for a test', code: 'maintenance' }, { status: 503 }),
      ),
    );
    await expect(ledger.me()).rejects.toMatchObject({ status: 503, code: 'maintenance' });
    await expect(ledger.accounts.get(DEMO_IDS.accounts.everydayChecking)).resolves.toMatchObject({
      id: DEMO_IDS.accounts.everydayChecking,
    });
    server.resetHandlers();
    await expect(ledger.me()).resolves.toMatchObject({ token_id: DEMO_IDS.tokens.alex });
  });
});
