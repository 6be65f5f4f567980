import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control } = createTestMock({ scenario: 'demo' });
const C = DEMO_IDS.categories;

describe('categories (spec 2, 4)', () => {
  it('"The list holds the caller\'s own categories plus shared defaults", "sorted by type, then by name"', async () => {
    const res = await call('GET', '/categories', { token: DEMO_TOKENS.alex });
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: { name: string; type: string }) => `${c.type}:${c.name}`)).toEqual([
      'asset:Art collection',
      'asset:Cash',
      'asset:Investments',
      'asset:Property',
      'asset:Retirement',
      'asset:Vehicle',
      'liability:Credit card',
      'liability:Loan',
      'liability:Mortgage',
    ]);
    const sam = await call('GET', '/categories', { token: DEMO_TOKENS.sam });
    const samNames = sam.body.categories.map((c: { name: string }) => c.name);
    expect(samNames).toContain('Collectibles');
    expect(samNames).not.toContain('Art collection');
  });

  it('types outside asset/liability are listed and sorted with the rest (the set is open)', async () => {
    await control.createCategory({ name: 'Escrow', type: 'holding' });
    await control.createCategory({ name: 'Zebra', type: 'asset', userId: DEMO_IDS.users.alex });
    const types = (await call('GET', '/categories', { token: DEMO_TOKENS.alex })).body.categories.map(
      (c: { type: string; name: string }) => `${c.type}:${c.name}`,
    );
    expect(types.indexOf('holding:Escrow')).toBeGreaterThan(types.indexOf('asset:Zebra'));
    expect(types.indexOf('holding:Escrow')).toBeLessThan(types.indexOf('liability:Credit card'));
  });

  it('"When category_id is unknown or not accessible, then 422": another user\'s own category (POST)', async () => {
    for (const category_id of [C.collectibles, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('POST', '/accounts', { token: DEMO_TOKENS.alex, body: { name: 'x', category_id } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'category_not_found',
        detail: [{ path: 'body.category_id', message: 'category not found or not accessible' }],
      });
    }
  });

  it('"category_id: UUID from GET /categories" on PATCH: an inaccessible one is 422 category_not_found', async () => {
    const res = await call('PATCH', `/accounts/${DEMO_IDS.accounts.everydayChecking}`, {
      token: DEMO_TOKENS.alex,
      body: { category_id: C.collectibles },
    });
    expect([res.status, res.body.code]).toEqual([422, 'category_not_found']);
    const own = await call('PATCH', `/accounts/${DEMO_IDS.accounts.everydayChecking}`, {
      token: DEMO_TOKENS.alex,
      body: { category_id: C.artCollection },
    });
    expect(own.body).toMatchObject({ category_id: C.artCollection, category_name: 'Art collection' });
  });

  it("a member reading a shared account sees its category name even if the category is the owner's own", async () => {
    await control.updateAccount(DEMO_IDS.accounts.brokerage, { categoryId: C.artCollection });
    const res = await call('GET', `/accounts/${DEMO_IDS.accounts.brokerage}`, { token: DEMO_TOKENS.sam });
    expect(res.body).toMatchObject({ category_name: 'Art collection', category_type: 'asset' });
  });
});
