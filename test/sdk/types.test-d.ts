import { describe, expectTypeOf, it } from 'vitest';
import {
  bulkUpsertSnapshots,
  createLedgerClient,
  isBulkUpsertError,
  isNetworkError,
  isTimeoutError,
  type BulkPendingRow,
  type BulkUpsertError,
  type BulkUpsertReport,
  type NetworkError,
  type TimeoutError,
} from 'personal-ledger-sdk';

const client = createLedgerClient({
  baseUrl: 'https://ledger.test',
  token: 'plk_x',
  retry: { maxRetries: 3 },
  timeoutMs: 10_000,
});
const row = { account_id: '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f', snapshot_date: '2024-01-31', balance: 10 };

describe('bulk and retry types', () => {
  it('bulkUpsertSnapshots and client.snapshots.bulkUpsert resolve to BulkUpsertReport, for arrays and async iterables', () => {
    expectTypeOf(bulkUpsertSnapshots(client, [row])).resolves.toEqualTypeOf<BulkUpsertReport>();
    async function* rows() {
      yield row;
    }
    expectTypeOf(
      client.snapshots.bulkUpsert(rows(), { chunkSize: 1000, concurrency: 2 }),
    ).resolves.toEqualTypeOf<BulkUpsertReport>();
  });

  it('rows must be snapshot writes', () => {
    // @ts-expect-error balance must be a number
    void bulkUpsertSnapshots(client, [{ ...row, balance: '10' }]);
  });

  it('guards narrow to the error classes', () => {
    const e: unknown = undefined;
    if (isBulkUpsertError(e)) expectTypeOf(e.pending).toEqualTypeOf<BulkPendingRow[]>();
    if (isBulkUpsertError(e)) expectTypeOf(e).toEqualTypeOf<BulkUpsertError>();
    if (isTimeoutError(e)) expectTypeOf(e).toEqualTypeOf<TimeoutError>();
    if (isNetworkError(e)) expectTypeOf(e.code).toEqualTypeOf<string | undefined>();
    if (isNetworkError(e)) expectTypeOf(e).toEqualTypeOf<NetworkError>();
  });

  it('retry: false and timeoutMs: false are accepted', () => {
    createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x', retry: false, timeoutMs: false });
    // @ts-expect-error maxRetries is a number
    createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x', retry: { maxRetries: 'two' } });
  });
});
