// A fixed starting world for the fuzz, isolation and secrets tests, built through the control API: two
// households with sharing and without, a lapsed one and a free one, tokens in every state, accounts of
// every visibility (and a vault item), own and shared categories, and a few snapshots.
import type { LedgerControl } from 'personal-ledger-sdk/mocks';

/** How a token's request is expected to end at authentication, plan and scope. */
export type AuthOutcome = 'full' | 'read_only' | 'refused_401' | 'refused_402';

export interface WorldToken {
  key: string;
  id: string;
  value: string;
  userId: string;
  outcome: AuthOutcome;
}

export interface World {
  households: { sharing: string; noSharing: string };
  users: { alice: string; bob: string; carol: string; dave: string; erin: string };
  categories: { checking: string; creditCard: string; aliceArt: string; carolWine: string };
  accounts: {
    alicePrivate: string;
    aliceReadOnly: string;
    aliceFull: string;
    bobPrivate: string;
    bobFull: string;
    carolPrivate: string;
    aliceVault: string;
    daveLapsed: string;
  };
  tokens: Record<'alice' | 'aliceRead' | 'bob' | 'carol' | 'revoked' | 'expired' | 'lapsed' | 'free', WorldToken>;
  /** Every token value issued (for the secrets scan). */
  tokenValues: string[];
}

/** Builds the world into an empty fake. With a seeded fake the ids and token values are the same every time. */
export async function buildWorld(control: LedgerControl): Promise<World> {
  const sharing = await control.createHousehold({ name: 'Sharing household', plan: 'household_sharing' });
  const noSharing = await control.createHousehold({ name: 'Household without sharing', plan: 'household' });
  const lapsed = await control.createHousehold({ name: 'Lapsing household', plan: 'household' });
  const alice = await control.createUser({ name: 'Alice', householdId: sharing.id });
  const bob = await control.createUser({ name: 'Bob', householdId: sharing.id });
  const carol = await control.createUser({ name: 'Carol', householdId: noSharing.id });
  const dave = await control.createUser({ name: 'Dave', householdId: lapsed.id });
  const erin = await control.createUser({ name: 'Erin', householdId: noSharing.id });

  const checking = await control.createCategory({ name: 'Checking', type: 'asset' });
  const creditCard = await control.createCategory({ name: 'Credit card', type: 'liability' });
  const aliceArt = await control.createCategory({ name: 'Art', type: 'asset', userId: alice.id });
  const carolWine = await control.createCategory({ name: 'Wine', type: 'asset', userId: carol.id });

  const account = async (
    userId: string,
    name: string,
    visibility: 'private' | 'shared_read_only' | 'shared_full_access',
    categoryId = checking.id,
    kind: 'standard' | 'vault' = 'standard',
  ) => (await control.createAccount({ userId, name, categoryId, visibility, kind })).id;
  const accounts = {
    alicePrivate: await account(alice.id, 'Alice private', 'private'),
    aliceReadOnly: await account(alice.id, 'Alice read-only', 'shared_read_only'),
    aliceFull: await account(alice.id, 'Alice full access', 'shared_full_access', creditCard.id),
    bobPrivate: await account(bob.id, 'Bob private', 'private'),
    bobFull: await account(bob.id, 'Bob full access', 'shared_full_access'),
    carolPrivate: await account(carol.id, 'Carol private', 'private', carolWine.id),
    aliceVault: await account(alice.id, 'Alice vault item', 'shared_read_only', aliceArt.id, 'vault'),
    daveLapsed: await account(dave.id, 'Dave private', 'private'),
  };
  await control.seedSnapshots(
    Object.values(accounts).flatMap((accountId, i) =>
      ['2024-01-31', '2024-02-29', '2024-03-31'].map((snapshot_date, j) => ({
        account_id: accountId,
        snapshot_date,
        balance: 100 * i + j,
      })),
    ),
  );

  const token = async (
    key: string,
    userId: string,
    outcome: AuthOutcome,
    scopes?: Array<'ledger:read' | 'snapshots:write' | 'accounts:write'>,
  ): Promise<WorldToken> => {
    const issued = await control.createToken({ userId, name: key, ...(scopes ? { scopes } : {}) });
    return { key, id: issued.id, value: issued.value, userId, outcome };
  };
  const tokens = {
    alice: await token('alice', alice.id, 'full'),
    aliceRead: await token('aliceRead', alice.id, 'read_only', ['ledger:read']),
    bob: await token('bob', bob.id, 'full'),
    carol: await token('carol', carol.id, 'full'),
    revoked: await token('revoked', alice.id, 'refused_401'),
    expired: await token('expired', bob.id, 'refused_401'),
    lapsed: await token('lapsed', dave.id, 'refused_402'),
    free: await token('free', erin.id, 'refused_402'),
  };
  await control.revokeToken(tokens.revoked.id);
  await control.expireToken(tokens.expired.id);
  await control.setPlan(lapsed.id, 'lapsed');
  await control.moveUser(erin.id, null); // a new single-user household on the free plan

  return {
    households: { sharing: sharing.id, noSharing: noSharing.id },
    users: { alice: alice.id, bob: bob.id, carol: carol.id, dave: dave.id, erin: erin.id },
    categories: { checking: checking.id, creditCard: creditCard.id, aliceArt: aliceArt.id, carolWine: carolWine.id },
    accounts,
    tokens,
    tokenValues: Object.values(tokens).map((t) => t.value),
  };
}
