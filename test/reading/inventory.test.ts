// Reading what a token sees (reading/inventory.ts), against the fake with one answer changed at a time: every odd
// answer is an oddity with its evidence, the reading goes on with what it can use, and only GET /me must answer.
import { describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { readAnswer } from '../../reading/answer';
import { InventoryError, readInventory, type ReadGet, type ReadProgress } from '../../reading/inventory';
import type { OddityKind } from '../../reading/oddities';

const mock = createLedgerMock({ scenario: 'demo' });
const A = DEMO_IDS.accounts;
type Json = Record<string, unknown>;

/** A GET over the fake as Alex, with `change` applied to the answers of one path. */
function reader(change?: { path: string; body?: (json: Json) => unknown; text?: string; status?: number }): ReadGet {
  return async (path, query = '') => {
    const response = await mock.fetch(`${mock.baseUrl}${path}${query ? `?${query}` : ''}`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
    });
    const answer = await readAnswer({ method: 'GET', path, query }, response, 0);
    if (!change || change.path !== path) return answer;
    const text = change.text ?? JSON.stringify(change.body!(answer.json as Json));
    return readAnswer(
      { method: 'GET', path, query },
      new Response(text, {
        status: change.status ?? 200,
        headers: { 'content-type': change.text ? 'text/html' : 'application/json' },
      }),
      0,
    );
  };
}
const API = '/api/public/v1';
const kinds = (oddities: Array<{ kind: OddityKind }>) => oddities.map((o) => o.kind);

describe('reading everything a token sees', () => {
  it('reads the identity, categories, accounts with their detail and snapshots, with a progress call per request and no oddity', async () => {
    const progress: ReadProgress[] = [];
    const { inventory, oddities } = await readInventory(reader(), { onProgress: (p) => progress.push(p) });
    expect(oddities).toEqual([]);
    expect(inventory.me).toEqual({
      user_id: DEMO_IDS.users.alex,
      household_id: DEMO_IDS.household,
      token_id: DEMO_IDS.tokens.alex,
    });
    expect(inventory.accounts.map((a) => a.id).sort()).toEqual(Object.keys(inventory.details).sort());
    expect(inventory.accounts.length).toBe(6); // Alex's five standard accounts and Sam's shared credit card
    expect(inventory.details[A.painting]).toMatchObject({ auto_carry_forward: true });
    expect(inventory.snapshots.length).toBeGreaterThan(50);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(progress.at(-1)).toEqual({ done: 10, total: 10, request: `GET ${API}/snapshots` });
  });

  it('an account listed twice (once owned, once shared): the first is used, the second is an oddity naming how they differ', async () => {
    const { inventory, oddities } = await readInventory(
      reader({
        path: `${API}/accounts`,
        body: (json) => ({
          accounts: [...(json.accounts as Json[]), { ...(json.accounts as Json[])[0], visibility: 'shared_read_only' }],
        }),
      }),
    );
    expect(kinds(oddities)).toEqual(['listed-twice']);
    expect(oddities[0]!.what).toMatch(
      new RegExp(`account ${A.everydayChecking} is listed twice \\(positions 0 and 6\\), differing in visibility`),
    );
    expect(oddities[0]!.evidence).toMatchObject({
      first: { visibility: 'private' },
      again: { visibility: 'shared_read_only' },
    });
    expect(inventory.accounts.filter((a) => a.id === A.everydayChecking)).toMatchObject([{ visibility: 'private' }]);
  });

  it('a snapshot of an account the listing did not show is left out, one oddity per account', async () => {
    const { inventory, oddities } = await readInventory(
      reader({
        path: `${API}/accounts`,
        body: (json) => ({ accounts: (json.accounts as Json[]).filter((a) => a.id !== A.brokerage) }),
      }),
    );
    expect(kinds(oddities)).toEqual(['unlisted-account']);
    expect(oddities[0]!.what).toMatch(
      new RegExp(`^\\d+ snapshot\\(s\\) of account ${A.brokerage}, which the account listing does not hold`),
    );
    expect(inventory.snapshots.some((s) => s.account_id === A.brokerage)).toBe(false);
  });

  it('a field of the wrong type leaves that record out (with its position and the problem), and the rest are used', async () => {
    const { inventory, oddities } = await readInventory(
      reader({
        path: `${API}/snapshots`,
        body: (json) => ({
          snapshots: (json.snapshots as Json[]).map((s, i) => (i === 2 ? { ...s, balance: String(s.balance) } : s)),
        }),
      }),
    );
    expect(kinds(oddities)).toEqual(['wrong-field']);
    expect(oddities[0]!.what).toMatch(
      /^the snapshot at position 2 \(snp_\w+\) does not match openapi.json: \/balance must be number$/,
    );
    expect(oddities[0]!.then).toBe('it is left out');
    const all = await readInventory(reader());
    expect(inventory.snapshots.length).toBe(all.inventory.snapshots.length - 1);
  });

  it('a value outside the API\'s set (a visibility of "public") is a wrong field too, naming the allowed values', async () => {
    const { oddities } = await readInventory(
      reader({
        path: `${API}/accounts`,
        body: (json) => ({
          accounts: (json.accounts as Json[]).map((a, i) => (i === 0 ? { ...a, visibility: 'public' } : a)),
        }),
      }),
    );
    expect(oddities.map((o) => [o.kind, o.what])).toContainEqual([
      'wrong-field',
      expect.stringMatching(
        /\/visibility must be equal to one of the allowed values \(private, shared_read_only, shared_full_access\)/,
      ),
    ]);
  });

  it('an answer that is not JSON: its records are not used, and the reading goes on', async () => {
    const { inventory, oddities } = await readInventory(
      reader({ path: `${API}/categories`, text: '<html>maintenance</html>' }),
    );
    expect(oddities).toMatchObject([
      {
        kind: 'not-json',
        request: `GET ${API}/categories`,
        evidence: '<html>maintenance</html>',
        then: 'none of its categories are used',
      },
    ]);
    expect(inventory.categories).toEqual([]);
    expect(inventory.accounts.length).toBe(6);
  });

  it('a page that repeats is one oddity naming the positions, not one per record', async () => {
    const { inventory, oddities } = await readInventory(
      reader({
        path: `${API}/snapshots`,
        body: (json) => ({ snapshots: [...(json.snapshots as Json[]), ...(json.snapshots as Json[]).slice(0, 10)] }),
      }),
    );
    const total = (await readInventory(reader())).inventory.snapshots.length;
    expect(kinds(oddities)).toEqual(['repeated-page']);
    expect(oddities[0]!.what).toMatch(
      new RegExp(`^positions ${total}-${total + 9} repeat positions 0-9 \\(10 snapshots, snp_`),
    );
    expect(inventory.snapshots.length).toBe(total);
  });

  it('a list that says there is more (a cursor, or a Link header with rel="next") is an oddity: the API has no pages to ask for', async () => {
    const cursor = await readInventory(
      reader({ path: `${API}/accounts`, body: (json) => ({ ...json, next_cursor: 'page-2' }) }),
    );
    expect(cursor.oddities).toMatchObject([
      { kind: 'paged', what: 'the answer says there is more: next_cursor: "page-2"' },
    ]);
    expect(cursor.inventory.accounts.length).toBe(6);
    const get = reader();
    const linked: ReadGet = async (path, query) => {
      const answer = await get(path, query);
      return path === `${API}/snapshots`
        ? { ...answer, headers: { ...answer.headers, link: '</api/public/v1/snapshots?page=2>; rel="next"' } }
        : answer;
    };
    expect((await readInventory(linked)).oddities).toMatchObject([{ kind: 'paged', request: `GET ${API}/snapshots` }]);
  });

  it('two snapshots for one (account, date): the first is used', async () => {
    const { oddities } = await readInventory(
      reader({
        path: `${API}/snapshots`,
        body: (json) => ({
          snapshots: [...(json.snapshots as Json[]), { ...(json.snapshots as Json[])[0], id: 'snp_other' }],
        }),
      }),
    );
    expect(oddities).toMatchObject([
      { kind: 'pair-twice', then: expect.stringMatching(/^the first \(snp_\w+\) is used$/) },
    ]);
  });

  it('a detail that cannot be read, or that disagrees with the listing: the listing is used, or the detail', async () => {
    const failed = await readInventory(
      reader({ path: `${API}/accounts/${A.jointSavings}`, status: 500, body: () => ({ error: 'boom' }) }),
    );
    expect(failed.oddities).toMatchObject([
      { kind: 'unanswered', what: 'answered 500', then: 'the listing is used, without auto_carry_forward' },
    ]);
    expect(failed.inventory.details[A.jointSavings]).toBeUndefined();
    expect(failed.inventory.accounts.some((a) => a.id === A.jointSavings)).toBe(true);
    const differs = await readInventory(
      reader({
        path: `${API}/accounts/${A.jointSavings}`,
        body: (json) => ({ ...json, lifecycle_status: 'archived' }),
      }),
    );
    expect(differs.oddities).toMatchObject([
      {
        kind: 'detail-differs',
        what: `account ${A.jointSavings}: the detail and the listing differ in lifecycle_status`,
        then: 'the detail is used',
      },
    ]);
  });

  it('only GET /me must answer: a refused token is an InventoryError, with the status and code', async () => {
    await expect(
      readInventory(reader({ path: `${API}/me`, status: 401, body: () => ({ error: 'x', code: 'invalid_token' }) })),
    ).rejects.toThrow(new InventoryError(`GET ${API}/me answered 401 invalid_token`));
    await expect(readInventory(reader({ path: `${API}/me`, body: () => ({ user_id: 1 }) }))).rejects.toThrow(
      /answered 200 without the identity/,
    );
  });
});
