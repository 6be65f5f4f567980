import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS, MockControlError, isMockControlError } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control } = createTestMock({ scenario: 'demo' });
const alex = DEMO_TOKENS.alex;
const write = { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance: 1 };

describe('plans (spec 1, 5.8, spec-gaps 20)', () => {
  for (const plan of ['free', 'lapsed'] as const) {
    it(`"The household's current plan is checked on every request": ${plan} is 402 plan_required everywhere`, async () => {
      await control.setPlan(DEMO_IDS.household, plan);
      const requests: Array<[string, string, unknown?]> = [
        ['GET', '/me'],
        ['GET', '/categories'],
        ['GET', '/accounts'],
        ['GET', `/accounts/${DEMO_IDS.accounts.everydayChecking}`],
        ['POST', '/accounts', { name: 'x', category_id: DEMO_IDS.categories.cash }],
        ['GET', '/snapshots'],
        ['POST', '/snapshots', write],
        ['POST', '/snapshots/bulk', { snapshots: [write] }],
      ];
      for (const [method, path, body] of requests) {
        const res = await call(method, path, { token: alex, body });
        expect(res.status, `${method} ${path}`).toBe(402);
        expect(res.body.code).toBe('plan_required');
      }
      expect((await control.listSnapshots({ accountId: write.account_id, from: '2026-11-01' })).length).toBe(0);
    });
  }

  it('"A lapsed plan stops the token from working", and it works again when the plan is renewed', async () => {
    await control.setPlan(DEMO_IDS.household, 'lapsed');
    expect((await call('GET', '/me', { token: alex })).status).toBe(402);
    await control.setPlan(DEMO_IDS.household, 'household');
    expect((await call('GET', '/me', { token: alex })).status).toBe(200);
  });

  it('"Existing tokens stay listed and revocable on any plan"', async () => {
    await control.setPlan(DEMO_IDS.household, 'free');
    expect((await control.listTokens()).length).toBe(2);
    expect((await control.revokeToken(DEMO_IDS.tokens.alex)).status).toBe('revoked');
  });

  it('"Creating tokens or webhooks on the free single-user plan returns 402" (control API: MockControlError 402)', async () => {
    await control.setPlan(DEMO_IDS.household, 'free');
    const token = control.createToken({ userId: DEMO_IDS.users.alex }).catch((e: unknown) => e);
    const webhook = control.createWebhook({ userId: DEMO_IDS.users.alex }).catch((e: unknown) => e);
    for (const error of [await token, await webhook]) {
      expect(error).toBeInstanceOf(MockControlError);
      expect(isMockControlError(error) && error.status).toBe(402);
    }
    await control.setPlan(DEMO_IDS.household, 'lapsed');
    await expect(control.createToken({ userId: DEMO_IDS.users.alex })).rejects.toMatchObject({ status: 402 });
    await control.setPlan(DEMO_IDS.household, 'household');
    await expect(control.createToken({ userId: DEMO_IDS.users.alex })).resolves.toMatchObject({
      prefix: expect.any(String),
    });
  });

  it('"When visibility is anything other than private and the plan does not include sharing, then 402" (POST)', async () => {
    await control.setPlan(DEMO_IDS.household, 'household');
    for (const visibility of ['shared_read_only', 'shared_full_access']) {
      const res = await call('POST', '/accounts', {
        token: alex,
        body: { name: 'Shared', category_id: DEMO_IDS.categories.cash, visibility },
      });
      expect(res.status).toBe(402);
      expect(res.body.code).toBe('sharing_not_in_plan');
    }
    const ok = await call('POST', '/accounts', {
      token: alex,
      body: { name: 'Mine', category_id: DEMO_IDS.categories.cash, visibility: 'private' },
    });
    expect(ok.status).toBe(201);
    expect((await control.listAccounts()).filter((a) => a.name === 'Shared')).toEqual([]);
  });

  it('"When a shared visibility is set and the plan does not include sharing, then 402" (PATCH)', async () => {
    await control.setPlan(DEMO_IDS.household, 'household');
    const res = await call('PATCH', `/accounts/${DEMO_IDS.accounts.everydayChecking}`, {
      token: alex,
      body: { visibility: 'shared_read_only' },
    });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('sharing_not_in_plan');
    const after = await call('GET', `/accounts/${DEMO_IDS.accounts.everydayChecking}`, { token: alex });
    expect(after.body.visibility).toBe('private');
    expect(
      (
        await call('PATCH', `/accounts/${DEMO_IDS.accounts.everydayChecking}`, {
          token: alex,
          body: { visibility: 'private', name: 'Renamed' },
        })
      ).status,
    ).toBe(200);
  });

  it('"Shared accounts keep their visibility if a plan later loses sharing" (spec-gaps 20)', async () => {
    await control.setPlan(DEMO_IDS.household, 'household');
    const res = await call('GET', '/accounts', { token: DEMO_TOKENS.sam });
    const ids = res.body.accounts.map((a: { id: string }) => a.id);
    expect(ids).toContain(DEMO_IDS.accounts.brokerage);
    expect(ids).toContain(DEMO_IDS.accounts.jointSavings);
  });

  it('"A 402 for sharing comes after validation" (spec-gaps 17): 422 first, for the schema and for the category', async () => {
    await control.setPlan(DEMO_IDS.household, 'household');
    const invalid = await call('POST', '/accounts', {
      token: alex,
      body: { name: '', category_id: DEMO_IDS.categories.cash, visibility: 'shared_read_only' },
    });
    expect([invalid.status, invalid.body.code]).toEqual([422, 'validation_failed']);
    const category = await call('POST', '/accounts', {
      token: alex,
      body: { name: 'x', category_id: DEMO_IDS.categories.collectibles, visibility: 'shared_read_only' },
    });
    expect([category.status, category.body.code]).toEqual([422, 'category_not_found']);
  });

  it('"A token stops working if the plan lapses": the plan is read at request time, not at token creation', async () => {
    const token = await control.createToken({ userId: DEMO_IDS.users.sam });
    expect((await call('GET', '/me', { token: token.value })).status).toBe(200);
    await control.setPlan(DEMO_IDS.household, 'lapsed');
    expect((await call('GET', '/me', { token: token.value })).status).toBe(402);
  });
});
