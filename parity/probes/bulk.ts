// POST /snapshots/bulk (spec 4 bulk rules 1-4; spec-gaps 6-9, 13, 16, 28). Rows name the scratch account with
// reserved dates, or an account the kit made up (which nobody can write).
import { API, day, scratchId, scratchSnapshots, upsert } from './helpers';
import type { Probe, ProbeState } from './types';
import type { ProbeRequest } from '../http/request';

const bulk = (json: unknown): ProbeRequest => ({ method: 'POST', path: `${API}/snapshots/bulk`, json });
const row = (s: ProbeState, n: number, balance: number) => ({
  account_id: scratchId(s),
  snapshot_date: day(n),
  balance,
});
const elsewhere = (s: ProbeState, n: number) => ({
  account_id: s.absent('account'),
  snapshot_date: day(n),
  balance: 1,
});

export const bulkProbes: readonly Probe[] = [
  {
    id: 'bulk.insert-and-update',
    title: 'A bulk call counts rows inserted and updated; 200 when something was written',
    rules: [
      '§4 POST /snapshots/bulk body',
      '§4 POST /snapshots/bulk received',
      '§4 POST /snapshots/bulk inserted',
      '§4 POST /snapshots/bulk updated',
      '§4 table POST /snapshots/bulk',
      '§4 POST /snapshots/bulk webhooks_attempted',
    ],
    gaps: [1],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'bulkUpsertSnapshots', 'listSnapshots'],
    steps: [
      (s) => upsert(s, 40, 1),
      (s) => bulk({ snapshots: [row(s, 40, 2), row(s, 41, 3), row(s, 42, 4)] }),
      (s) => scratchSnapshots(s, 40, 42),
    ],
    compares:
      'status and the result (received, inserted, updated, skipped; webhooks_attempted by type and range), and the list after',
  },
  {
    id: 'bulk.skipped-rows',
    title: 'Rows that cannot be written are skipped with their index and reason; the rest are written (200)',
    rules: ['§4 POST /snapshots/bulk rule 1', '§4 POST /snapshots/bulk rule 2', '§4 POST /snapshots/bulk skipped'],
    gaps: [28],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots', 'listSnapshots'],
    steps: [
      (s) =>
        bulk({
          snapshots: [
            row(s, 43, 1),
            elsewhere(s, 44),
            { ...row(s, 45, 1), balance: 'x' },
            42,
            { ...row(s, 46, 1), snapshot_date: '2000-02-30' },
          ],
        }),
      (s) => scratchSnapshots(s, 43, 46),
    ],
    compares: "status and the result with each skipped row's reason, and the list after",
    view: { messages: true },
  },
  {
    id: 'bulk.nothing-written',
    title: 'A call in which every row is skipped is 422 nothing_written with the per-row detail and the result fields',
    rules: ['§4 POST /snapshots/bulk rule 3', '§7 422'],
    gaps: [6, 16, 28],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots'],
    steps: [(s) => bulk({ snapshots: [elsewhere(s, 47), { ...row(s, 48, 1), balance: '1' }] })],
    compares: 'status and the whole error body with its wording',
    view: { messages: true },
  },
  {
    id: 'bulk.empty',
    title: 'An empty bulk call ({ snapshots: [] }) is 422 validation_failed',
    rules: [],
    gaps: [8],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots'],
    steps: [() => bulk({ snapshots: [] })],
    compares: 'status and the error body',
  },
  {
    id: 'bulk.too-many-rows',
    title: 'More than 5,000 rows is 413 too_many_rows; no row is examined',
    rules: ['§8 rows per bulk call', '§4 POST /snapshots/bulk body'],
    gaps: [7],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots'],
    // Every row names an account the kit made up: were the limit not there, nothing could be written anyway.
    steps: [(s) => bulk({ snapshots: Array.from({ length: 5001 }, (_, i) => elsewhere(s, 1 + (i % 300))) })],
    compares: 'status and the error body',
  },
  {
    id: 'bulk.repeated-pair',
    title: 'Two rows for one (account, date): the first inserts, the second updates, the last balance is kept',
    rules: [],
    gaps: [9],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots', 'listSnapshots'],
    steps: [(s) => bulk({ snapshots: [row(s, 49, 1), row(s, 49, 2)] }), (s) => scratchSnapshots(s, 49, 49)],
    compares: 'status and counts, and the stored balance after',
  },
  {
    id: 'bulk.not-an-array',
    title: 'snapshots that is not an array is 422 validation_failed at body.snapshots',
    rules: ['§4 POST /snapshots/bulk body'],
    gaps: [16],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots'],
    steps: [(s) => bulk({ snapshots: row(s, 50, 1) })],
    compares: 'status and the error body',
  },
  {
    id: 'bulk.unknown-top-field',
    title: 'An unknown top-level field (dry_run) is 422 validation_failed, never ignored',
    rules: [],
    gaps: [13],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots'],
    steps: [(s) => bulk({ snapshots: [row(s, 51, 1)], dry_run: true })],
    compares: 'status and the error body',
  },
  {
    id: 'bulk.row-unknown-field',
    title: 'A row with an unknown field is skipped with "<field> is not a known field"',
    rules: ['§4 POST /snapshots/bulk skipped'],
    gaps: [13, 28],
    mode: 'scratch',
    operations: ['bulkUpsertSnapshots'],
    steps: [(s) => bulk({ snapshots: [{ ...row(s, 52, 1), balanse: 1 }] })],
    compares: 'status and the whole error body with its wording',
    view: { messages: true },
  },
];
