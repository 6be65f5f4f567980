import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulkUpsertSnapshots, type BulkRow } from 'personal-ledger-sdk';
import { createTestMock } from '../support/test-mock';
import { alexClient, dayText, expectFinalState, lastWrites, NOT_WRITABLE, storedBalances, WRITABLE } from './support';

const { mock, control } = createTestMock({ scenario: 'demo', seed: 'bulk-property' });

// A small key space (3 accounts x 4 days) so duplicates, within and across chunks, are common.
const writableRow = fc.record({
  account_id: fc.constantFrom(...WRITABLE.slice(0, 3)),
  snapshot_date: fc.integer({ min: 0, max: 3 }).map(dayText),
  balance: fc.oneof(
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.constant(-0),
  ),
});
const unknownAccountRow = fc.record({
  account_id: fc.constantFrom(...NOT_WRITABLE),
  snapshot_date: fc.integer({ min: 0, max: 3 }).map(dayText),
  balance: fc.integer(),
});
const invalidRow = fc.oneof(
  writableRow.map((r) => ({ ...r, balance: String(r.balance) })),
  writableRow.map((r) => ({ ...r, balance: Number.NaN })),
  writableRow.map((r) => ({ ...r, snapshot_date: '2023-02-29' })),
  writableRow.map((r) => ({ ...r, account_id: 'nope' })),
  fc.constantFrom(null, 'row', 42, []),
);
const anyRow = fc.oneof(
  { weight: 6, arbitrary: writableRow },
  { weight: 2, arbitrary: unknownAccountRow },
  { weight: 2, arbitrary: invalidRow },
);

describe('bulk upsert properties', () => {
  it('for random rows (valid, invalid, duplicates, unknown accounts), chunkSize and concurrency: inserted + updated + skipped.length === received, and the state is the last valid write per key of writable accounts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(anyRow, { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 3 }),
        async (rows, chunkSize, concurrency) => {
          await control.reset();
          const before = await storedBalances(mock);
          const report = await bulkUpsertSnapshots(alexClient(mock), rows as BulkRow[], { chunkSize, concurrency });
          expect(report.received).toBe(rows.length);
          expect(report.inserted + report.updated + report.skipped.length).toBe(report.received);
          expect(report.skipped.map((s) => s.index)).toEqual(
            [...new Set(report.skipped.map((s) => s.index))].sort((a, b) => a - b),
          );
          for (const skip of report.skipped) expect(skip.row).toBe(rows[skip.index]);
          for (const d of report.duplicates) expect(d.superseded_by).toBeGreaterThan(d.index);
          await expectFinalState(mock, before, lastWrites(rows));
        },
      ),
      { seed: 20_261_101, numRuns: 50 },
    );
  });
});
