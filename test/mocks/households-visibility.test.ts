import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control } = createTestMock({ scenario: 'demo' });
const { alex, sam } = DEMO_TOKENS;
const A = DEMO_IDS.accounts;

const listedIds = async (token: string) =>
  (await call('GET', '/accounts', { token })).body.accounts.map((a: { id: string }) => a.id) as string[];
const snapshotAccountIds = async (token: string) =>
  new Set((await call('GET', '/snapshots', { token })).body.snapshots.map((s: { account_id: string }) => s.account_id));
const firstSnapshotOf = async (accountId: string) => (await control.listSnapshots({ accountId }))[0]!;

describe('households and visibility (spec 5.7, spec-gaps 20, 23)', () => {
  it('"household_id: Resolved from the owner\'s current membership at request time"', async () => {
    const other = await control.createHousehold({ name: 'Elsewhere', plan: 'household' });
    await control.moveUser(DEMO_IDS.users.sam, other.id);
    expect((await call('GET', '/me', { token: sam })).body.household_id).toBe(other.id);
  });

  it('"When the owner leaves a household, the owner\'s tokens stop seeing that household\'s shared accounts at once"', async () => {
    expect(await listedIds(sam)).toEqual(expect.arrayContaining([A.jointSavings, A.brokerage]));
    const brokerageSnapshot = await firstSnapshotOf(A.brokerage);
    expect((await call('GET', `/snapshots/${brokerageSnapshot.id}`, { token: sam })).status).toBe(200);

    const other = await control.createHousehold({ plan: 'household_sharing' });
    await control.moveUser(DEMO_IDS.users.sam, other.id);

    expect(await listedIds(sam)).toEqual([A.workplacePension, A.creditCard]);
    expect((await call('GET', `/accounts/${A.brokerage}`, { token: sam })).status).toBe(404);
    expect((await call('GET', `/snapshots/${brokerageSnapshot.id}`, { token: sam })).status).toBe(404);
    expect(await snapshotAccountIds(sam)).toEqual(new Set([A.workplacePension, A.creditCard]));
    expect((await call('GET', `/snapshots?account_id=${A.brokerage}`, { token: sam })).body.snapshots).toEqual([]);
    // ...and the household no longer sees Sam's shared credit card.
    expect(await listedIds(alex)).not.toContain(A.creditCard);
    const write = await call('POST', '/snapshots', {
      token: sam,
      body: { account_id: A.jointSavings, snapshot_date: '2026-11-01', balance: 1 },
    });
    expect(write.body.code).toBe('account_not_writable');
  });

  it('"A user who leaves a household gets a new single-user household on the free plan" (moveUser null)', async () => {
    const moved = await control.moveUser(DEMO_IDS.users.sam, null);
    expect(moved.household_id).not.toBe(DEMO_IDS.household);
    const household = (await control.listHouseholds()).find((h) => h.id === moved.household_id)!;
    expect(household.plan).toBe('free');
    expect((await call('GET', '/me', { token: sam })).body.code).toBe('plan_required');
  });

  it('"private (default)": a private account is visible to its owner only', async () => {
    expect(await listedIds(alex)).toContain(A.everydayChecking);
    expect(await listedIds(sam)).not.toContain(A.everydayChecking);
    expect((await call('GET', `/accounts/${A.everydayChecking}`, { token: sam })).status).toBe(404);
    expect(await snapshotAccountIds(sam)).not.toContain(A.everydayChecking);
  });

  it('"shared_read_only" is visible to members but not editable: PATCH 404, snapshot write 422, snapshot PATCH/DELETE 404', async () => {
    expect((await call('GET', `/accounts/${A.brokerage}`, { token: sam })).status).toBe(200);
    const patch = await call('PATCH', `/accounts/${A.brokerage}`, { token: sam, body: { name: 'Mine now' } });
    expect([patch.status, patch.body.code]).toEqual([404, 'not_found']);
    const write = await call('POST', '/snapshots', {
      token: sam,
      body: { account_id: A.brokerage, snapshot_date: '2026-11-01', balance: 1 },
    });
    expect([write.status, write.body.code]).toEqual([422, 'account_not_writable']);
    const snapshot = await firstSnapshotOf(A.brokerage);
    expect((await call('GET', `/snapshots/${snapshot.id}`, { token: sam })).status).toBe(200);
    expect((await call('PATCH', `/snapshots/${snapshot.id}`, { token: sam, body: { balance: 1 } })).status).toBe(404);
    expect((await call('DELETE', `/snapshots/${snapshot.id}`, { token: sam })).status).toBe(404);
    expect((await firstSnapshotOf(A.brokerage)).balance).toBe(snapshot.balance);
    // The owner can do all of it.
    expect(
      (await call('PATCH', `/accounts/${A.brokerage}`, { token: alex, body: { name: 'Brokerage 2' } })).status,
    ).toBe(200);
  });

  it('"shared_full_access" is editable by members: account PATCH and snapshot writes', async () => {
    const patch = await call('PATCH', `/accounts/${A.jointSavings}`, {
      token: sam,
      body: { name: 'Joint', auto_carry_forward: true },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ name: 'Joint', auto_carry_forward: true, visibility: 'shared_full_access' });
    const write = await call('POST', '/snapshots', {
      token: sam,
      body: { account_id: A.jointSavings, snapshot_date: '2026-11-01', balance: 5 },
    });
    expect(write.status).toBe(201);
    const id = write.body.snapshot.id;
    expect((await call('PATCH', `/snapshots/${id}`, { token: sam, body: { balance: 6 } })).status).toBe(200);
    expect((await call('DELETE', `/snapshots/${id}`, { token: sam })).status).toBe(200);
  });

  it('"visibility is changed by the owner only (a member\'s attempt is 404)" (spec-gaps 23)', async () => {
    const res = await call('PATCH', `/accounts/${A.jointSavings}`, { token: sam, body: { visibility: 'private' } });
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    expect((await call('GET', `/accounts/${A.jointSavings}`, { token: sam })).body.visibility).toBe(
      'shared_full_access',
    );
    // Sending the visibility it already has is not a change.
    expect(
      (
        await call('PATCH', `/accounts/${A.jointSavings}`, {
          token: sam,
          body: { visibility: 'shared_full_access', name: 'J' },
        })
      ).status,
    ).toBe(200);
    const owner = await call('PATCH', `/accounts/${A.jointSavings}`, { token: alex, body: { visibility: 'private' } });
    expect(owner.body.visibility).toBe('private');
    expect(await listedIds(sam)).not.toContain(A.jointSavings);
  });

  it('"Tangible-asset vault items are not reachable": not listed, GET 404, writes 422, snapshots never listed', async () => {
    for (const token of [alex, sam]) {
      expect(await listedIds(token)).not.toContain(A.familyHome);
      expect((await call('GET', `/accounts/${A.familyHome}`, { token })).status).toBe(404);
      expect((await call('PATCH', `/accounts/${A.familyHome}`, { token, body: { name: 'x' } })).status).toBe(404);
      expect(await snapshotAccountIds(token)).not.toContain(A.familyHome);
      expect((await call('GET', `/snapshots?account_id=${A.familyHome}`, { token })).body.snapshots).toEqual([]);
    }
    const vaultSnapshot = await firstSnapshotOf(A.familyHome);
    expect((await call('GET', `/snapshots/${vaultSnapshot.id}`, { token: alex })).status).toBe(404);
    expect((await call('PATCH', `/snapshots/${vaultSnapshot.id}`, { token: alex, body: { balance: 1 } })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/snapshots/${vaultSnapshot.id}`, { token: alex })).status).toBe(404);
    const write = await call('POST', '/snapshots', {
      token: alex,
      body: { account_id: A.familyHome, snapshot_date: '2026-11-01', balance: 1 },
    });
    expect(write.body.code).toBe('account_not_writable');
    const bulk = await call('POST', '/snapshots/bulk', {
      token: alex,
      body: { snapshots: [{ account_id: A.familyHome, snapshot_date: '2026-11-01', balance: 1 }] },
    });
    expect(bulk.body.code).toBe('nothing_written');
    expect((await control.listAccounts()).some((a) => a.id === A.familyHome && a.kind === 'vault')).toBe(true);
  });

  it('members of another household never see shared accounts', async () => {
    const stranger = await control.createUser({ name: 'Pat' });
    const token = await control.createToken({ userId: stranger.id });
    expect(await listedIds(token.value)).toEqual([]);
    expect((await call('GET', `/accounts/${A.jointSavings}`, { token: token.value })).status).toBe(404);
    expect((await call('GET', '/snapshots', { token: token.value })).body.snapshots).toEqual([]);
  });

  it('a user moved into the household sees its shared accounts at once', async () => {
    const newcomer = await control.createUser({ name: 'Robin' });
    const token = await control.createToken({ userId: newcomer.id });
    await control.moveUser(newcomer.id, DEMO_IDS.household);
    expect(await listedIds(token.value)).toEqual([A.jointSavings, A.brokerage, A.creditCard]);
  });
});
