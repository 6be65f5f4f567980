import { describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control, mock } = createTestMock({ scenario: 'demo' });
const alex = DEMO_TOKENS.alex;
const A = DEMO_IDS.accounts;
const C = DEMO_IDS.categories;

describe('accounts (spec 2, 3, 4; spec-gaps 3, 4, 22, 24)', () => {
  it('"Lists every standard account visible to the token, including archived ones"; the list omits auto_carry_forward', async () => {
    const res = await call('GET', '/accounts', { token: alex });
    expect(res.status).toBe(200);
    const carLoan = res.body.accounts.find((a: { id: string }) => a.id === A.carLoan);
    expect(carLoan).toMatchObject({ lifecycle_status: 'archived', liquidity_tier: 'debt' });
    for (const account of res.body.accounts) expect(account).not.toHaveProperty('auto_carry_forward');
  });

  it('"GET /accounts/{id}: one Account including auto_carry_forward"', async () => {
    const res = await call('GET', `/accounts/${A.painting}`, { token: alex });
    expect(res.body).toEqual({
      id: A.painting,
      name: 'Painting',
      institution_name: 'Public API',
      category_id: C.artCollection,
      category_name: 'Art collection',
      category_type: 'asset',
      visibility: 'private',
      lifecycle_status: 'active',
      liquidity_tier: 'other_illiquid',
      auto_carry_forward: true,
    });
  });

  it('"Status 201 on success", defaults "institution_name ... Public API", "private (default)", "auto (default)"', async () => {
    const res = await call('POST', '/accounts', { token: alex, body: { name: 'Rainy day', category_id: C.cash } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Rainy day',
      institution_name: 'Public API',
      visibility: 'private',
      lifecycle_status: 'active',
      liquidity_tier: 'cash',
      auto_carry_forward: false,
      category_name: 'Cash',
      category_type: 'asset',
    });
    expect((await call('GET', `/accounts/${res.body.id}`, { token: alex })).body).toEqual(res.body);
    const stored = (await control.listAccounts()).find((a) => a.id === res.body.id)!;
    expect([stored.owner_user_id, stored.liquidity_tier, stored.kind]).toEqual([
      DEMO_IDS.users.alex,
      'auto',
      'standard',
    ]);
  });

  it('"Not idempotent": two creates make two accounts', async () => {
    const body = { name: 'Twice', category_id: C.cash };
    const [a, b] = [
      await call('POST', '/accounts', { token: alex, body }),
      await call('POST', '/accounts', { token: alex, body }),
    ];
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('"With auto the service infers the label" (spec-gaps 22): the inference table, first match wins', async () => {
    const cases: Array<[string, string, string]> = [
      ['Home loan', 'liability', 'debt'],
      ['Savings', 'asset', 'cash'],
      ['Digital wallet', 'asset', 'cash'],
      ['Crypto', 'asset', 'taxable_investment'],
      ['Index funds', 'asset', 'taxable_investment'],
      ['Roth IRA', 'asset', 'retirement'],
      ['401(k)', 'asset', 'retirement'],
      ['Real estate', 'asset', 'property'],
      ['Cars', 'asset', 'property'],
      ['Scarf collection', 'asset', 'other_illiquid'],
      ['Bank pension', 'asset', 'cash'],
      ['Wine', 'asset', 'other_illiquid'],
    ];
    for (const [name, type, tier] of cases) {
      const category = await control.createCategory({ name, type, userId: DEMO_IDS.users.alex });
      const res = await call('POST', '/accounts', { token: alex, body: { name, category_id: category.id } });
      expect(res.body.liquidity_tier, name).toBe(tier);
    }
  });

  it('"Changing the category of an auto account re-infers the tier"; an explicit tier stops inference until auto is sent', async () => {
    const path = `/accounts/${A.everydayChecking}`;
    expect((await call('PATCH', path, { token: alex, body: { category_id: C.investments } })).body.liquidity_tier).toBe(
      'taxable_investment',
    );
    expect((await call('PATCH', path, { token: alex, body: { liquidity_tier: 'property' } })).body.liquidity_tier).toBe(
      'property',
    );
    expect((await call('PATCH', path, { token: alex, body: { category_id: C.retirement } })).body.liquidity_tier).toBe(
      'property',
    );
    expect((await call('PATCH', path, { token: alex, body: { liquidity_tier: 'auto' } })).body.liquidity_tier).toBe(
      'retirement',
    );
  });

  it('"PATCH ... with lifecycle_status=archived" archives and "=active" unarchives; archived stays listed', async () => {
    const path = `/accounts/${A.everydayChecking}`;
    const archived = await call('PATCH', path, { token: alex, body: { lifecycle_status: 'archived' } });
    expect(archived.status).toBe(200);
    expect(archived.body.lifecycle_status).toBe('archived');
    const listed = (await call('GET', '/accounts', { token: alex })).body.accounts.map((a: { id: string }) => a.id);
    expect(listed).toContain(A.everydayChecking);
    expect((await control.listSnapshots({ accountId: A.everydayChecking })).length).toBe(12);
    expect(
      (await call('PATCH', path, { token: alex, body: { lifecycle_status: 'active' } })).body.lifecycle_status,
    ).toBe('active');
  });

  it('"Omitted fields are left unchanged"; the response is the account as GET would show it (spec-gaps 4)', async () => {
    const before = (await call('GET', `/accounts/${A.jointSavings}`, { token: alex })).body;
    const res = await call('PATCH', `/accounts/${A.jointSavings}`, {
      token: alex,
      body: { institution_name: 'Second Bank', auto_carry_forward: true },
    });
    expect(res.body).toEqual({ ...before, institution_name: 'Second Bank', auto_carry_forward: true });
    expect((await call('GET', `/accounts/${A.jointSavings}`, { token: alex })).body).toEqual(res.body);
  });

  it('"When the account is not visible to the token, then 404": unknown, malformed or out of reach (spec-gaps 11)', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', A.workplacePension]) {
      const get = await call('GET', `/accounts/${id}`, { token: alex });
      expect([get.status, get.body.code]).toEqual([404, 'not_found']);
      expect((await call('PATCH', `/accounts/${id}`, { token: alex, body: { name: 'x' } })).status).toBe(404);
    }
  });

  it('works through the SDK client: list, get, create, update, archive, unarchive', async () => {
    const client = createLedgerClient({ baseUrl: mock.baseUrl, token: alex });
    const created = await client.accounts.create({ name: 'Via SDK', category_id: C.cash });
    expect(created.institution_name).toBe('Public API');
    expect((await client.accounts.get(created.id)).auto_carry_forward).toBe(false);
    expect((await client.accounts.update(created.id, { name: 'Renamed' })).name).toBe('Renamed');
    expect((await client.accounts.archive(created.id)).lifecycle_status).toBe('archived');
    expect((await client.accounts.unarchive(created.id)).lifecycle_status).toBe('active');
    const listed = await client.accounts.list();
    expect(listed.map((a) => a.id)).toContain(created.id);
  });
});
