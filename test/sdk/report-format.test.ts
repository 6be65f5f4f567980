import { describe, expect, it } from 'vitest';
import { formatBulkSummary, formatSkippedRows, groupSkippedByReason, type BulkUpsertReport } from 'personal-ledger-sdk';

const ACCOUNT = '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f';
const report: BulkUpsertReport = {
  received: 12_345,
  inserted: 12_000,
  updated: 200,
  webhooks_attempted: 3,
  skipped: [
    {
      index: 3,
      reason: 'snapshot_date must be a real calendar date in YYYY-MM-DD form',
      row: { account_id: ACCOUNT, snapshot_date: '2024-02-30', balance: 10 },
    },
    {
      index: 17,
      reason: 'balance must be a finite number',
      row: { account_id: ACCOUNT, snapshot_date: '2024-03-01', balance: '12.50' },
    },
    {
      index: 1204,
      reason: 'account not found or not writable',
      row: { account_id: ACCOUNT, snapshot_date: '2024-03-02', balance: -5.25 },
    },
    {
      index: 1300,
      reason: 'account not found or not writable',
      row: { account_id: ACCOUNT, snapshot_date: '2024-03-03', balance: 0 },
    },
    { index: 12_000, reason: 'row must be an object', row: null },
  ],
  duplicates: [{ index: 5, row: { account_id: ACCOUNT, snapshot_date: '2024-01-01', balance: 1 }, superseded_by: 9 }],
  chunks: [],
};

describe('skipped-row reporting', () => {
  it('formatSkippedRows renders a fixed-width table: row index, account, date, balance, reason', () => {
    expect(formatSkippedRows(report)).toBe(
      [
        '  Row  Account                               Date        Balance  Reason',
        '    3  7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f  2024-02-30  10       snapshot_date must be a real calendar date in YYYY-MM-DD form',
        '   17  7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f  2024-03-01  "12.50"  balance must be a finite number',
        ' 1204  7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f  2024-03-02  -5.25    account not found or not writable',
        ' 1300  7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f  2024-03-03  0        account not found or not writable',
        `12000  null${' '.repeat(32 + 2 + 10 + 2 + 7 + 2)}row must be an object`, // an object-less row: only its JSON
      ].join('\n'),
    );
  });

  it('formatSkippedRows { limit } lists the first rows and counts the rest', () => {
    const text = formatSkippedRows(report, { limit: 2 });
    expect(text.split('\n')).toHaveLength(4);
    expect(text.split('\n')[3]).toBe('... and 3 more skipped rows');
    expect(formatSkippedRows({ skipped: [] })).toBe('No rows skipped.');
  });

  it('a hostile cell cannot break the table: line breaks are flattened, long values cut', () => {
    const text = formatSkippedRows({
      skipped: [
        { index: 0, reason: 'bad\nrow', row: { account_id: 'x'.repeat(100), snapshot_date: 'a\r\nb', balance: 1 } },
      ],
    });
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain(`${'x'.repeat(39)}…`);
  });

  it('groupSkippedByReason returns [{ reason, count }] sorted by count desc', () => {
    expect(groupSkippedByReason(report)).toEqual([
      { reason: 'account not found or not writable', count: 2 },
      { reason: 'balance must be a finite number', count: 1 },
      { reason: 'row must be an object', count: 1 },
      { reason: 'snapshot_date must be a real calendar date in YYYY-MM-DD form', count: 1 },
    ]);
  });

  it('formatBulkSummary is one line: received, inserted, updated, skipped, duplicates, chunks, webhooks', () => {
    expect(formatBulkSummary(report)).toBe(
      '12,345 rows: 12,000 inserted, 200 updated, 5 skipped; 1 duplicate superseded; 0 chunks; 3 webhooks attempted',
    );
  });
});
