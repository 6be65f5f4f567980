import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control, mock } = createTestMock({ scenario: 'demo' });
const alex = DEMO_TOKENS.alex;
const checking = DEMO_IDS.accounts.everydayChecking;
const DATE = 'must be a real calendar date in YYYY-MM-DD form';
const write = (change: Record<string, unknown> = {}) => ({
  account_id: checking,
  snapshot_date: '2026-11-01',
  balance: 1,
  ...change,
});
const someSnapshotId = async () => (await control.listSnapshots({ accountId: checking }))[0]!.id;

describe('validation (spec 7; spec-gaps 12-17)', () => {
  it('"Bad JSON" is 400 invalid_json on every operation that reads a body', async () => {
    const id = await someSnapshotId();
    for (const [method, path] of [
      ['POST', '/accounts'],
      ['PATCH', `/accounts/${checking}`],
      ['POST', '/snapshots'],
      ['PATCH', `/snapshots/${id}`],
      ['POST', '/snapshots/bulk'],
    ] as const) {
      for (const body of ['{"name":', '', 'nope', '\u00ff']) {
        const res = await call(method, path, { token: alex, body });
        expect([res.status, res.body.code], `${method} ${path} ${JSON.stringify(body)}`).toEqual([400, 'invalid_json']);
      }
    }
  });

  it('"A body that is valid JSON but not an object is 422"', async () => {
    for (const body of ['[]', '"text"', 'null', '42']) {
      const res = await call('POST', '/snapshots', { token: alex, body });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'Validation failed',
        code: 'validation_failed',
        detail: [{ path: 'body', message: 'must be a JSON object' }],
      });
    }
  });

  it('"request bodies reject unknown fields", read-only ones included (spec-gaps 13)', async () => {
    const res = await call('POST', '/snapshots', { token: alex, body: { ...write(), balanse: 2, is_estimated: true } });
    expect(res.body.detail).toEqual([
      { path: 'body.balanse', message: 'is not a known field' },
      { path: 'body.is_estimated', message: 'is not a known field' },
    ]);
    const account = await call('PATCH', `/accounts/${checking}`, { token: alex, body: { id: checking } });
    expect(account.body.detail).toEqual([{ path: 'body.id', message: 'is not a known field' }]);
  });

  it('"snapshot_date is a real calendar date YYYY-MM-DD (leap years honoured)"', async () => {
    for (const snapshot_date of ['2024-02-30', '2023-13-01', '2024-1-1', '2023-02-29', '20240101', 20240101]) {
      const res = await call('POST', '/snapshots', { token: alex, body: write({ snapshot_date }) });
      expect(res.status, String(snapshot_date)).toBe(422);
      expect(res.body.detail, String(snapshot_date)).toEqual([
        { path: 'body.snapshot_date', message: typeof snapshot_date === 'number' ? 'must be a string' : DATE },
      ]);
    }
    expect(
      (await call('POST', '/snapshots', { token: alex, body: write({ snapshot_date: '2024-02-29' }) })).status,
    ).toBe(201);
  });

  it('"balance is any finite JSON number ... a string such as "12.50" is rejected"', async () => {
    for (const raw of ['"12.50"', 'null', 'true', '1e400']) {
      const res = await call('POST', '/snapshots', {
        token: alex,
        body: `{"account_id":"${checking}","snapshot_date":"2026-11-01","balance":${raw}}`,
      });
      expect(res.body.detail, raw).toEqual([{ path: 'body.balance', message: 'must be a finite number' }]);
    }
    expect((await call('POST', '/snapshots', { token: alex, body: write({ balance: -1234567.891 }) })).status).toBe(
      201,
    );
  });

  it('"account_id" must be a UUID', async () => {
    const res = await call('POST', '/snapshots', { token: alex, body: write({ account_id: 'acc-1' }) });
    expect(res.body.detail).toEqual([{ path: 'body.account_id', message: 'must be a UUID' }]);
  });

  it('"name and institution_name are 1-120 characters, counted as Unicode code points, with no trimming"', async () => {
    const body = (name: string, institution_name = 'Bank') => ({
      name,
      institution_name,
      category_id: DEMO_IDS.categories.cash,
    });
    for (const [name, institution] of [
      ['', 'Bank'],
      ['x'.repeat(121), 'Bank'],
      ['ok', ''],
    ] as const) {
      const res = await call('POST', '/accounts', { token: alex, body: body(name, institution) });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].message).toBe('must be 1-120 characters');
    }
    const emoji = '\u{1F4B0}'.repeat(120); // 120 code points, 240 UTF-16 units
    const ok = await call('POST', '/accounts', { token: alex, body: body(emoji, '  spaced  ') });
    expect(ok.status).toBe(201);
    expect([ok.body.name, ok.body.institution_name]).toEqual([emoji, '  spaced  ']);
  });

  it('enums list the allowed values', async () => {
    const res = await call('POST', '/accounts', {
      token: alex,
      body: { name: 'x', category_id: DEMO_IDS.categories.cash, visibility: 'public' },
    });
    expect(res.body.detail).toEqual([
      { path: 'body.visibility', message: 'must be one of: private, shared_read_only, shared_full_access' },
    ]);
  });

  it('"PATCH ... at least one must be sent": an empty body is 422 at path body', async () => {
    for (const path of [`/accounts/${checking}`, `/snapshots/${await someSnapshotId()}`]) {
      const res = await call('PATCH', path, { token: alex, body: {} });
      expect(res.body).toEqual({
        error: 'Validation failed',
        code: 'validation_failed',
        detail: [{ path: 'body', message: 'send at least one field' }],
      });
    }
  });

  it('every problem is reported, each at its own path', async () => {
    const res = await call('POST', '/accounts', {
      token: alex,
      body: { name: '', liquidity_tier: 'liquid', auto_carry_forward: true },
    });
    expect(res.body.detail).toEqual([
      { path: 'body.category_id', message: 'is required' },
      { path: 'body.auto_carry_forward', message: 'is not a known field' },
      { path: 'body.name', message: 'must be 1-120 characters' },
      {
        path: 'body.liquidity_tier',
        message: 'must be one of: auto, cash, taxable_investment, retirement, property, other_illiquid, debt',
      },
    ]);
  });

  it('"A malformed from or to returns 400"; "to before from is also 400"; account_id not a UUID is 400 (spec-gaps 11, 12)', async () => {
    const cases: Array<[string, Array<{ path: string; message: string }>]> = [
      ['from=2024-02-30', [{ path: 'query.from', message: DATE }]],
      ['to=2024-1-1', [{ path: 'query.to', message: DATE }]],
      ['from=', [{ path: 'query.from', message: DATE }]],
      ['from=2026-02-01&to=2026-01-31', [{ path: 'query.to', message: 'must not be before from' }]],
      ['account_id=123', [{ path: 'query.account_id', message: 'must be a UUID' }]],
      [
        'account_id=x&from=y',
        [
          { path: 'query.account_id', message: 'must be a UUID' },
          { path: 'query.from', message: DATE },
        ],
      ],
    ];
    for (const [query, detail] of cases) {
      const res = await call('GET', `/snapshots?${query}`, { token: alex });
      expect([res.status, res.body.code, res.body.detail], query).toEqual([400, 'invalid_query', detail]);
    }
    expect((await call('GET', '/snapshots?from=2026-01-31&to=2026-01-31&page=2', { token: alex })).status).toBe(200);
  });

  it('"Bodies over 8 MiB are refused with 413 body_too_large before they are parsed": the bytes read count', async () => {
    const big = `{"name":"${'x'.repeat(8 * 1024 * 1024)}"}`;
    const whole = await call('POST', '/accounts', { token: alex, body: big });
    expect([whole.status, whole.body.code]).toEqual([413, 'body_too_large']);
    // Streamed in 1 MiB chunks with no Content-Length: refused once the limit is passed.
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 9) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await fetch(`${mock.baseUrl}/api/public/v1/snapshots/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alex}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect([streamed.status, ((await streamed.json()) as { code: string }).code]).toEqual([413, 'body_too_large']);
    // Exactly at the limit is read (and then, not being JSON, refused as such).
    expect((await call('POST', '/snapshots', { token: alex, body: 'x'.repeat(8 * 1024 * 1024) })).body.code).toBe(
      'invalid_json',
    );
  });

  it('"Bodies over 8 MiB are refused": a Content-Length over the limit is refused without reading', async () => {
    // Straight to the core, with a body reader that counts reads: fetch would set the header itself.
    let reads = 0;
    const reply = await mock.handle({
      method: 'POST',
      path: '/api/public/v1/snapshots',
      query: '',
      headers: { authorization: `Bearer ${alex}`, 'content-length': String(8 * 1024 * 1024 + 1) },
      body: { declaredLength: 8 * 1024 * 1024 + 1, read: async () => (reads++, '{}') },
    });
    expect(reply).toMatchObject({ status: 413 });
    expect(reads).toBe(0);
  });

  it('"Order of checks": 401, then 402, then 403, then 413, then 400, then 422/404 (spec-gaps 17)', async () => {
    const big = 'x'.repeat(8 * 1024 * 1024 + 1);
    const readOnly = await control.createToken({ userId: DEMO_IDS.users.alex, scopes: ['ledger:read'] });
    expect((await call('POST', '/snapshots', { body: big })).status).toBe(401);
    expect((await call('POST', '/snapshots', { token: readOnly.value, body: big })).status).toBe(403);
    expect((await call('POST', '/snapshots', { token: alex, body: big })).status).toBe(413);
    expect((await call('POST', '/snapshots', { token: alex, body: '{' })).status).toBe(400);
    expect((await call('PATCH', '/accounts/unknown', { token: alex, body: '{' })).status).toBe(400);
    expect((await call('PATCH', '/accounts/unknown', { token: alex, body: {} })).status).toBe(422);
    expect((await call('PATCH', '/accounts/unknown', { token: alex, body: { name: 'x' } })).status).toBe(404);
    await control.setPlan(DEMO_IDS.household, 'lapsed');
    expect((await call('POST', '/snapshots', { token: readOnly.value, body: big })).status).toBe(402);
  });
});
