import { describe, expect, it } from 'vitest';
import { DEMO_IDS, type Scope } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';
import document from '../../openapi.json' with { type: 'json' };

const { call, control } = createTestMock({ scenario: 'demo' });

const snapshotId = async () => (await control.listSnapshots({ accountId: DEMO_IDS.accounts.everydayChecking }))[0]!.id;
const write = { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance: 1 };

/** One request per operation that needs a scope, with a body that would otherwise succeed. */
async function requests(): Promise<Record<string, [string, string, unknown?]>> {
  const id = await snapshotId();
  return {
    getMe: ['GET', '/me'],
    listCategories: ['GET', '/categories'],
    listAccounts: ['GET', '/accounts'],
    createAccount: ['POST', '/accounts', { name: 'New', category_id: DEMO_IDS.categories.cash }],
    getAccount: ['GET', `/accounts/${DEMO_IDS.accounts.everydayChecking}`],
    updateAccount: ['PATCH', `/accounts/${DEMO_IDS.accounts.everydayChecking}`, { name: 'Renamed' }],
    listSnapshots: ['GET', '/snapshots'],
    upsertSnapshot: ['POST', '/snapshots', write],
    getSnapshot: ['GET', `/snapshots/${id}`],
    updateSnapshot: ['PATCH', `/snapshots/${id}`, { balance: 2 }],
    deleteSnapshot: ['DELETE', `/snapshots/${id}`],
    bulkUpsertSnapshots: ['POST', '/snapshots/bulk', { snapshots: [write] }],
  };
}

const scopeOf = Object.fromEntries(
  Object.values(document.paths).flatMap((item) =>
    Object.values(item as Record<string, { operationId?: string; 'x-required-scope'?: string }>)
      .filter((op) => op.operationId && op['x-required-scope'])
      .map((op) => [op.operationId!, op['x-required-scope'] as Scope]),
  ),
) as Record<string, Scope>;
const allScopes: Scope[] = ['ledger:read', 'snapshots:write', 'accounts:write'];

describe('scopes (spec 4, 5.4, 5.6)', () => {
  it('"Tokens are issued with all three" scopes by default', async () => {
    const token = await control.createToken({ userId: DEMO_IDS.users.alex });
    const listed = (await control.listTokens()).find((t) => t.id === token.id)!;
    expect(listed.scopes.sort()).toEqual([...allScopes].sort());
  });

  it('every operation of openapi.json that needs a scope is covered here', async () => {
    expect(Object.keys(await requests()).sort()).toEqual(Object.keys(scopeOf).sort());
  });

  for (const [operationId, scope] of Object.entries(scopeOf)) {
    it(`"A token lacking the endpoint's scope returns 403": ${operationId} needs ${scope}`, async () => {
      const [method, path, body] = (await requests())[operationId]!;
      const without = await control.createToken({
        userId: DEMO_IDS.users.alex,
        scopes: allScopes.filter((s) => s !== scope),
      });
      const refused = await call(method, path, { token: without.value, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'insufficient_scope', error: `The token lacks the scope ${scope}` });
      const only = await control.createToken({ userId: DEMO_IDS.users.alex, scopes: [scope] });
      const allowed = await call(method, path, { token: only.value, body });
      expect(allowed.status, `${method} ${path}`).toBeLessThan(300);
    });
  }

  it('"GET /openapi.json" needs no scope', async () => {
    const none = await control.createToken({ userId: DEMO_IDS.users.alex, scopes: [] });
    expect((await call('GET', '/openapi.json', { token: none.value })).status).toBe(200);
  });

  it('403 comes after 401 and 402 and before the body is read (spec-gaps 17)', async () => {
    const readOnly = await control.createToken({ userId: DEMO_IDS.users.alex, scopes: ['ledger:read'] });
    expect((await call('POST', '/snapshots', { token: readOnly.value, body: '{not json' })).status).toBe(403);
    await control.setPlan(DEMO_IDS.household, 'lapsed');
    expect((await call('POST', '/snapshots', { token: readOnly.value, body: '{not json' })).status).toBe(402);
    await control.revokeToken(readOnly.id);
    expect((await call('POST', '/snapshots', { token: readOnly.value, body: '{not json' })).status).toBe(401);
  });
});
