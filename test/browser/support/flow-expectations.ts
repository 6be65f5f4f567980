// Asserts every step of the flow a page ran (test/browser/page/flow.ts).
import { expect } from 'vitest';
import { DEMO_IDS } from 'personal-ledger-sdk/mocks';
import { BULK, type FlowResult } from '../page/flow';

/** Where the fake answers in the pages (createLedgerMock's default). */
export const API_BASE = 'https://ledger.test/';

export function expectFlow(flow: FlowResult, transport: string): void {
  expect(flow.transport).toBe(transport);
  expect(flow.baseUrl).toBe(API_BASE.slice(0, -1));
  expect(flow.me).toEqual({
    user_id: DEMO_IDS.users.alex,
    household_id: DEMO_IDS.household,
    token_id: expect.any(String),
  });
  expect(flow.categories).toBeGreaterThan(0);
  expect(flow.account).toEqual({
    id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    name: 'Browser checking',
    visibility: 'private',
  });
  expect(flow.upserts).toEqual(['inserted', 'updated']);
  expect(flow.october).toEqual([{ date: '2026-10-31', balance: 2450.75 }]);

  // 12,345 rows: five bad ones skipped locally at exactly their input positions, one duplicate key across chunks.
  expect(flow.bulk.received).toBe(BULK.rows);
  expect(flow.bulk.skipped.map((row) => row.index)).toEqual(BULK.badIndexes);
  expect(flow.bulk.skipped.map((row) => row.reason)).toEqual([
    expect.stringMatching(/snapshot_date/),
    expect.stringMatching(/balance/),
    expect.stringMatching(/account_id/),
    expect.stringMatching(/balance/),
    expect.stringMatching(/snapshot_date/),
  ]);
  expect(flow.bulk.duplicates).toEqual([{ index: BULK.duplicate.index, superseded_by: BULK.duplicate.supersededBy }]);
  expect(flow.bulk.inserted).toBe(BULK.rows - BULK.badIndexes.length - 1);
  expect(flow.bulk.updated).toBe(1); // the duplicate updated the row it superseded
  expect(flow.bulk.chunks).toEqual([
    { rows: 5_000, status: 200 },
    { rows: 5_000, status: 200 },
    { rows: 2_340, status: 200 },
  ]);
  expect(flow.stored).toBe(BULK.rows - BULK.badIndexes.length - 1 + 1); // the bulk's keys and 2026-10-31
  expect(flow.duplicateBalance).toBe(-1); // the later row won
  expect(flow.january).toHaveLength(30); // 1990-01-01 was the bad row at index 0
  expect(flow.january[0]).toBe('1990-01-02');

  expect(flow.notFound).toEqual({ status: 404, code: 'not_found', name: 'NotFoundError' });
  expect(flow.paymentRequired).toEqual({ status: 402, code: 'sharing_not_in_plan', name: 'PaymentRequiredError' });
  expect(flow.revoked).toEqual({
    beforeRevoke: flow.revoked.issuedId,
    issuedId: expect.any(String),
    after: { status: 401, code: 'token_revoked', name: 'UnauthorizedError' },
  });
  // The injected 503 was retried once, and the retry succeeded.
  expect(flow.retried.listAccounts).toEqual([503, 200]);
  expect(flow.retried.accounts).toBeGreaterThan(0);
  expect(flow.internalErrors).toEqual([]);
}
