import { describe, expectTypeOf, it } from 'vitest';
import {
  createLedgerClient,
  type Account,
  type AccountDetail,
  type AccountUpdate,
  type Category,
  type DeleteResult,
  type Identity,
  type Snapshot,
  type SnapshotUpsertResult,
  type UpsertAction,
} from 'personal-ledger-sdk';

const client = createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x' });
const id = '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f';
const row = { account_id: id, snapshot_date: '2024-01-31', balance: 10 };

describe('helper results are typed with the generated schemas', () => {
  it('me() resolves to Identity', () => {
    expectTypeOf(client.me()).resolves.toEqualTypeOf<Identity>();
  });

  it('list helpers resolve to plain arrays: Category[], Account[], Snapshot[]', () => {
    expectTypeOf(client.categories.list()).resolves.toEqualTypeOf<Category[]>();
    expectTypeOf(client.accounts.list()).resolves.toEqualTypeOf<Account[]>();
    expectTypeOf(client.snapshots.list()).resolves.toEqualTypeOf<Snapshot[]>();
  });

  it('accounts.get() resolves to AccountDetail, with auto_carry_forward: boolean', () => {
    expectTypeOf(client.accounts.get(id)).resolves.toEqualTypeOf<AccountDetail>();
    expectTypeOf(client.accounts.get(id)).resolves.toHaveProperty('auto_carry_forward').toEqualTypeOf<boolean>();
    expectTypeOf(client.accounts.archive(id)).resolves.toEqualTypeOf<AccountDetail>();
  });

  it('the list form of an account has no auto_carry_forward', () => {
    expectTypeOf<Account>().not.toHaveProperty('auto_carry_forward');
  });

  it('snapshots.upsert() resolves to { snapshot, action, webhooks_attempted }', () => {
    expectTypeOf(client.snapshots.upsert(row)).resolves.toEqualTypeOf<SnapshotUpsertResult>();
    expectTypeOf<SnapshotUpsertResult['action']>().toEqualTypeOf<UpsertAction>();
    expectTypeOf<UpsertAction>().toEqualTypeOf<'inserted' | 'updated'>();
    expectTypeOf(client.snapshots.delete('s1')).resolves.toEqualTypeOf<DeleteResult>();
    expectTypeOf<DeleteResult>().toEqualTypeOf<{ deleted: true; id: string }>();
  });

  it('the raw typed GET gives typed data', async () => {
    const { data } = await client.GET('/api/public/v1/accounts/{id}', { params: { path: { id } } });
    expectTypeOf(data).toMatchTypeOf<AccountDetail | undefined>();
  });

  it('accounts.create needs only name and category_id (the service fills in the defaults)', () => {
    expectTypeOf(client.accounts.create).toBeCallableWith({ name: 'Cash', category_id: id });
    expectTypeOf(client.accounts.create).toBeCallableWith({
      name: 'Cash',
      category_id: id,
      visibility: 'shared_read_only',
    });
  });

  it('the raw typed POST /accounts also needs only name and category_id', async () => {
    const { data } = await client.POST('/api/public/v1/accounts', { body: { name: 'Cash', category_id: id } });
    expectTypeOf(data).toMatchTypeOf<AccountDetail | undefined>();
  });
});

describe('wrong calls are rejected at compile time', () => {
  it('an unknown path', () => {
    // @ts-expect-error -- no such path in openapi.json
    void client.GET('/api/public/v1/nope');
  });

  it('a path with the wrong method', () => {
    // @ts-expect-error -- accounts cannot be deleted
    void client.DELETE('/api/public/v1/accounts/{id}', { params: { path: { id } } });
  });

  it('a path parameter left out', () => {
    // @ts-expect-error -- {id} is required
    void client.GET('/api/public/v1/accounts/{id}', {});
  });

  it('snapshots.upsert without a required field', () => {
    // @ts-expect-error -- balance is required
    void client.snapshots.upsert({ account_id: id, snapshot_date: '2024-01-31' });
  });

  it('snapshots.upsert with a field of the wrong type', () => {
    // @ts-expect-error -- balance is a number, not a string
    void client.snapshots.upsert({ ...row, balance: '12.50' });
  });

  it('accounts.update with an unknown field', () => {
    // @ts-expect-error -- misspelled field (the service rejects unknown fields too)
    void client.accounts.update(id, { nmae: 'x' });
  });

  it('accounts.update with a value outside the enum', () => {
    // @ts-expect-error -- lifecycle_status is active | archived
    void client.accounts.update(id, { lifecycle_status: 'deleted' });
  });

  it('accounts.create without category_id', () => {
    // @ts-expect-error -- category_id is required
    void client.accounts.create({ name: 'Cash' });
  });

  it('snapshots.list with an unknown filter', () => {
    // @ts-expect-error -- only account_id, from and to
    void client.snapshots.list({ account: id });
  });

  it('AccountUpdate has no read-only fields such as category_name', () => {
    expectTypeOf<AccountUpdate>().not.toHaveProperty('category_name');
  });
});
