// "Explain every refusal": each 4xx/5xx journal entry says which rule decided and on what facts, in words a test
// author understands; the API's answers are unchanged, and no reason ever holds a token value.
import { describe, expect, it, vi } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer } from 'personal-ledger-sdk/mocks/node';

const API = '/api/public/v1';
const { accounts, users, household } = DEMO_IDS;

function call(mock: LedgerMock, method: string, path: string, token?: string, body?: unknown) {
  return mock.fetch(`${mock.baseUrl}${API}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

const lastReason = (mock: LedgerMock) => mock.control.journal.entries().at(-1)?.reason;

describe('journal reason: the rule that decided and the facts it used', () => {
  it('scope (403): which token, which scope the operation needs, which it has', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const readOnly = await mock.control.createToken({ userId: users.alex, scopes: ['ledger:read'] });
    const res = await call(mock, 'POST', '/snapshots', readOnly.value, {
      account_id: accounts.everydayChecking,
      snapshot_date: '2026-01-01',
      balance: 1,
    });
    expect(res.status).toBe(403);
    const entry = mock.control.journal.entries().at(-1)!;
    expect(entry).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(entry.reason).toBe(
      `token ${readOnly.id.slice(0, 4)}… (Alex) lacks scope snapshots:write, which POST /snapshots needs; it has ledger:read`,
    );
  });

  it('visibility: a member may read a shared_read_only account, not write it (404 and 422 alike)', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    expect(
      (await call(mock, 'PATCH', `/accounts/${accounts.brokerage}`, DEMO_TOKENS.sam, { name: 'Mine now' })).status,
    ).toBe(404);
    expect(lastReason(mock)).toBe(
      "account acc0… (Brokerage) is Alex's and shared_read_only: Sam may read it, not write it",
    );
    const write = await call(mock, 'POST', '/snapshots', DEMO_TOKENS.sam, {
      account_id: accounts.brokerage,
      snapshot_date: '2026-01-01',
      balance: 1,
    });
    expect([write.status, lastReason(mock)]).toEqual([
      422,
      "account acc0… (Brokerage) is Alex's and shared_read_only: Sam may read it, not write it",
    ]);
    await call(mock, 'GET', `/accounts/${accounts.workplacePension}`, DEMO_TOKENS.alex);
    expect(lastReason(mock)).toBe("account acc0… (Workplace pension) is Sam's and private: only Sam may see it");
    await call(mock, 'GET', `/accounts/${accounts.familyHome}`, DEMO_TOKENS.alex);
    expect(lastReason(mock)).toBe('account acc0… (Family home) is a vault item, which the API never reaches');
    await call(mock, 'GET', '/accounts/00000000-0000-4000-8000-000000000000', DEMO_TOKENS.alex);
    expect(lastReason(mock)).toBe('there is no account 00000000-0000-4000-8000-000000000000');
  });

  it('plans: no sharing on the household plan (402), no API on a lapsed one (402)', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    await mock.control.setPlan(household, 'household');
    const create = await call(mock, 'POST', '/accounts', DEMO_TOKENS.alex, {
      name: 'Shared pot',
      category_id: DEMO_IDS.categories.cash,
      visibility: 'shared_full_access',
    });
    expect(create.status).toBe(402);
    expect(lastReason(mock)).toBe(
      'visibility shared_full_access needs sharing, and household d000… (Rivera household) is on the household plan, which does not include sharing',
    );
    await mock.control.setPlan(household, 'lapsed');
    await call(mock, 'GET', '/me', DEMO_TOKENS.alex);
    expect(lastReason(mock)).toBe(
      'household d000… (Rivera household) is on the lapsed plan, which does not include API access',
    );
  });

  it('a category the user cannot use, and a token revoked (401, named by its id, never its value)', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    await call(mock, 'POST', '/accounts', DEMO_TOKENS.alex, {
      name: 'X',
      category_id: DEMO_IDS.categories.collectibles,
    });
    expect(lastReason(mock)).toBe(
      `category_id "${DEMO_IDS.categories.collectibles}" is not a category Alex can use: it is Sam's own category`,
    );
    await call(mock, 'POST', '/accounts', DEMO_TOKENS.alex, {
      name: 'X',
      category_id: '00000000-0000-4000-8000-0000000000aa',
    });
    expect(lastReason(mock)).toBe(
      'category_id "00000000-0000-4000-8000-0000000000aa" is not a category Alex can use: there is no such category',
    );
    await mock.control.revokeToken(DEMO_IDS.tokens.sam);
    await call(mock, 'GET', '/me', DEMO_TOKENS.sam);
    expect(lastReason(mock)).toMatch(/^token 70ce… \(Sam\) was revoked at \d{4}-\d\d-\d\dT/);
    await call(mock, 'GET', '/me', 'plk_notARealTokenAtAll000000000000000000000');
    expect(lastReason(mock)).toBe('no token of the fake has this value');
    const all = JSON.stringify(mock.control.journal.entries());
    for (const value of [...Object.values(DEMO_TOKENS), 'plk_notARealTokenAtAll000000000000000000000'])
      expect(all).not.toContain(value);
  });

  it('validation, body and routes: the fields at fault, the size seen, the methods a path has', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    await call(mock, 'POST', '/accounts', DEMO_TOKENS.alex, {
      name: '',
      category_id: DEMO_IDS.categories.cash,
      visibility: 'public',
    });
    expect(lastReason(mock)).toBe(
      'body.name must be 1-120 characters; body.visibility must be one of: private, shared_read_only, shared_full_access',
    );
    await call(mock, 'POST', '/snapshots', DEMO_TOKENS.alex, '{ "balance": ');
    expect(lastReason(mock)).toMatch(/^the body is not valid JSON/);
    await call(mock, 'DELETE', '/me', DEMO_TOKENS.alex);
    expect(lastReason(mock)).toBe('/api/public/v1/me has no DELETE in openapi.json; it has GET');
    await call(mock, 'GET', '/nope', DEMO_TOKENS.alex);
    expect(lastReason(mock)).toBe(
      '/api/public/v1/nope is not a path of openapi.json (the API is under /api/public/v1)',
    );
  });

  it('a bulk call says why each skipped row was skipped, ten at most, then how many more', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const rows = [
      { account_id: accounts.everydayChecking, snapshot_date: '2024-02-29', balance: 1 },
      { account_id: accounts.everydayChecking, snapshot_date: '2024-02-30', balance: 2 },
      { account_id: accounts.workplacePension, snapshot_date: '2024-03-01', balance: 3 },
      ...Array.from({ length: 12 }, (_, i) => ({
        account_id: accounts.everydayChecking,
        snapshot_date: `2023-13-${String(i + 1).padStart(2, '0')}`,
        balance: i,
      })),
    ];
    const res = await call(mock, 'POST', '/snapshots/bulk', DEMO_TOKENS.alex, { snapshots: rows });
    expect(res.status).toBe(200);
    const reason = lastReason(mock)!;
    expect(
      reason.startsWith(
        '14 of 15 rows skipped: row 1: snapshot_date must be a real calendar date in YYYY-MM-DD form; ',
      ),
    ).toBe(true);
    expect(reason).toContain("row 2: account acc0… (Workplace pension) is Sam's and private: only Sam may write it; ");
    expect(reason.endsWith('; and 4 more')).toBe(true);

    await call(mock, 'POST', '/snapshots/bulk', DEMO_TOKENS.alex, { snapshots: rows.slice(1, 3) });
    expect(mock.control.journal.entries().at(-1)).toMatchObject({ status: 422, code: 'nothing_written' });
    expect(lastReason(mock)).toMatch(
      /^nothing was written: all 2 rows were skipped: row 0: snapshot_date must be a real calendar date/,
    );
  });

  it('an injected fault says it was one', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503 } });
    await call(mock, 'GET', '/me', DEMO_TOKENS.alex);
    expect(mock.control.journal.entries().at(-1)).toMatchObject({
      status: 503,
      code: 'unavailable',
      reason: 'an injected fault (status 503) answered instead of the operation',
    });
  });
});

describe('a bug in the fake (500 internal_error)', () => {
  it('is journaled with its cause, and its cause is logged once with console.error', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    await mock.ready;
    mock.store.categories.clear(); // a state no rule can produce: every account now names a missing category
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 3; i++) expect((await call(mock, 'GET', '/accounts', DEMO_TOKENS.alex)).status).toBe(500);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]![0])).toContain(
        'The fake answered 500 internal_error to GET /api/public/v1/accounts',
      );
      expect(String(logged.mock.calls[0]![0])).toContain(`has no category ${DEMO_IDS.categories.cash}`);
    } finally {
      logged.mockRestore();
    }
    expect(mock.control.journal.internalErrors()).toHaveLength(3);
    expect(lastReason(mock)).toMatch(/^a bug in the fake: account acc0.* has no category/);
  });
});

describe('reading the reasons', () => {
  it("journal.explain({ last }) is a short table for a failing test's message", async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.sam, fetch: mock.fetch });
    await ledger.me();
    await ledger.accounts.update(accounts.brokerage, { name: 'Mine' }).catch(() => undefined);
    await ledger.accounts.get(accounts.jointSavings);
    const text = mock.control.journal.explain({ last: 2 });
    expect(text).toBe(
      [
        "The fake's last 2 requests, oldest first:",
        `#2 PATCH /api/public/v1/accounts/${accounts.brokerage} -> 404 not_found`,
        "    account acc0… (Brokerage) is Alex's and shared_read_only: Sam may read it, not write it",
        `#3 GET /api/public/v1/accounts/${accounts.jointSavings} -> 200`,
        '',
      ].join('\n'),
    );
    expect(mock.control.journal.explain()).toContain('#1 GET /api/public/v1/me -> 200');
  });

  it('GET /__mock/explain?last=N answers the same as text; GET /__mock/journal carries reason', async () => {
    const running = await createLedgerMockServer({ scenario: 'demo' }).listen();
    try {
      await fetch(`${running.url}${API}/me`);
      const explained = await fetch(`${running.url}/__mock/explain?last=1`);
      expect(explained.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await explained.text()).toBe(
        "The fake's last request, oldest first:\n#1 GET /api/public/v1/me -> 401 missing_token\n    the request has no Authorization header\n",
      );
      const journal = (await (await fetch(`${running.url}/__mock/journal`)).json()) as Array<{ reason?: string }>;
      expect(journal.at(-1)?.reason).toBe('the request has no Authorization header');
      expect((await fetch(`${running.url}/__mock/explain?last=x`)).status).toBe(400);
    } finally {
      await running.close();
    }
  });

  it('reasonHeader: the reason also rides in a Ledger-Mock-Reason header; off by default; the body is the same', async () => {
    const plain = createLedgerMock({ scenario: 'demo' });
    const loud = createLedgerMock({ scenario: 'demo', reasonHeader: true });
    const [a, b] = await Promise.all(
      [plain, loud].map((mock) => call(mock, 'GET', `/accounts/${accounts.workplacePension}`, DEMO_TOKENS.alex)),
    );
    expect(a!.headers.get('ledger-mock-reason')).toBeNull();
    expect(b!.headers.get('ledger-mock-reason')).toBe(
      "account acc0%E2%80%A6 (Workplace pension) is Sam's and private: only Sam may see it",
    );
    expect(await a!.text()).toBe(await b!.text());
    expect((await call(loud, 'GET', '/me', DEMO_TOKENS.alex)).headers.get('ledger-mock-reason')).toBeNull();
  });
});
