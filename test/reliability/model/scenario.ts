// The starting state of every model-based sequence, as plain data: loaded into the fake as a scenario and
// read by the reference model. Two households (one with sharing, one without), three users with a token
// each, shared and own categories, accounts of every visibility (and a vault item), a few snapshots.
import type { Scenario } from 'personal-ledger-sdk/mocks';

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const H1 = uuid('40000001', 1);
export const H2 = uuid('40000001', 2);
export const ALICE = uuid('a0000001', 1);
export const BOB = uuid('b0000001', 2);
export const CAROL = uuid('c0000001', 3);

export const MODEL_SCENARIO = {
  name: 'reliability-model',
  now: '2026-01-15T12:00:00Z',
  households: [
    { id: H1, name: 'Sharing household', plan: 'household_sharing' },
    { id: H2, name: 'Household without sharing', plan: 'household' },
  ],
  users: [
    { id: ALICE, name: 'Alice', household_id: H1 },
    { id: BOB, name: 'Bob', household_id: H1 },
    { id: CAROL, name: 'Carol', household_id: H2 },
  ],
  categories: [
    { id: uuid('ca000001', 1), name: 'Checking', type: 'asset', owner_user_id: null },
    { id: uuid('ca000001', 2), name: 'Credit card', type: 'liability', owner_user_id: null },
    { id: uuid('ca000001', 3), name: 'Brokerage', type: 'asset', owner_user_id: null },
    { id: uuid('ca000001', 4), name: 'Scarves', type: 'asset', owner_user_id: null },
    { id: uuid('ca000001', 5), name: 'Art', type: 'asset', owner_user_id: ALICE },
    { id: uuid('ca000001', 6), name: 'Vintage cars', type: 'asset', owner_user_id: CAROL },
  ],
  accounts: [
    {
      id: uuid('acc00001', 1),
      owner_user_id: ALICE,
      name: 'Alice checking',
      category_id: uuid('ca000001', 1),
      visibility: 'private',
    },
    {
      id: uuid('acc00001', 2),
      owner_user_id: ALICE,
      name: 'Alice brokerage',
      category_id: uuid('ca000001', 3),
      visibility: 'shared_read_only',
    },
    {
      id: uuid('acc00001', 3),
      owner_user_id: ALICE,
      name: 'Joint card',
      category_id: uuid('ca000001', 2),
      visibility: 'shared_full_access',
      institution_name: 'Card Co',
    },
    {
      id: uuid('acc00001', 4),
      owner_user_id: BOB,
      name: 'Bob savings',
      category_id: uuid('ca000001', 1),
      visibility: 'shared_full_access',
      liquidity_tier: 'retirement',
    },
    {
      id: uuid('acc00001', 5),
      owner_user_id: CAROL,
      name: 'Carol art',
      category_id: uuid('ca000001', 6),
      visibility: 'private',
      lifecycle_status: 'archived',
    },
    {
      id: uuid('acc00001', 6),
      owner_user_id: ALICE,
      name: 'Alice painting',
      category_id: uuid('ca000001', 5),
      visibility: 'shared_read_only',
      kind: 'vault',
    },
  ],
  snapshots: [
    { account_id: uuid('acc00001', 1), snapshot_date: '2025-12-31', balance: 1200 },
    { account_id: uuid('acc00001', 2), snapshot_date: '2025-12-31', balance: 5000.5 },
    { account_id: uuid('acc00001', 3), snapshot_date: '2025-12-31', balance: -300 },
    { account_id: uuid('acc00001', 4), snapshot_date: '2025-11-30', balance: 42, is_estimated: true },
    { account_id: uuid('acc00001', 5), snapshot_date: '2025-12-31', balance: 900 },
    { account_id: uuid('acc00001', 6), snapshot_date: '2025-12-31', balance: 25000 },
  ],
  tokens: [
    { id: uuid('70c00001', 1), user_id: ALICE, value: 'plk_AliceModelToken0000000000000000000000001', name: 'alice' },
    { id: uuid('70c00001', 2), user_id: BOB, value: 'plk_BobModelToken000000000000000000000000002', name: 'bob' },
    { id: uuid('70c00001', 3), user_id: CAROL, value: 'plk_CarolModelToken0000000000000000000000003', name: 'carol' },
  ],
} satisfies Scenario;
