// Invariants of the fake's store, checked through its public methods only: the id index and the
// per-account date index of the snapshot store must describe the same snapshots.
import type { LedgerMock, SnapshotView } from 'personal-ledger-sdk/mocks';

const DAY_MS = 86_400_000;

// Day numbers already computed: the scan after every request meets the same few hundred dates again and again.
const days = new Map<string, number>();

/** Day number of a `YYYY-MM-DD` date (computed here, not with the fake's own date code), once per date. */
function dayOf(date: string): number {
  let day = days.get(date);
  if (day === undefined) {
    if (days.size >= 100_000) days.clear(); // bounded: a long full-scale run sees more dates than it needs kept
    day = computeDay(date);
    days.set(date, day);
  }
  return day;
}

function computeDay(date: string): number {
  const [year, month, day] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  if (year >= 100) return Date.UTC(year, month - 1, day) / DAY_MS;
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  return Math.round(at.getTime() / DAY_MS);
}

/**
 * Throws unless: every snapshot belongs to an existing account; per account, dates are strictly increasing
 * (sorted, one snapshot per (account_id, snapshot_date)); the per-account count equals the rows listed; every
 * row is found under its id and under its (account, day) with the same content; ids are unique; and the id
 * index holds exactly as many snapshots as the date index.
 */
export function assertInvariants(mock: LedgerMock): void {
  const { store } = mock;
  const snapshots = store.snapshots;
  const withSnapshots = new Set(snapshots.accountIds());
  const accountIds = new Set(store.accounts.where((a) => withSnapshots.has(a.id)).map((a) => a.id));
  const seenIds = new Set<string>();
  let total = 0;
  for (const accountId of withSnapshots) {
    if (!accountIds.has(accountId)) fail(`snapshots kept for missing account ${accountId}`);
    const rows = snapshots.range(accountId);
    if (rows.length === 0) fail(`empty date index kept for account ${accountId}`);
    if (snapshots.countFor(accountId) !== rows.length)
      fail(`countFor(${accountId}) ${snapshots.countFor(accountId)} != ${rows.length} rows`);
    let previous = '';
    for (const row of rows) {
      if (row.account_id !== accountId) fail(`row ${row.id} of ${row.account_id} listed under ${accountId}`);
      // YYYY-MM-DD strings sort as the dates do.
      if (!(row.snapshot_date > previous))
        fail(`dates of ${accountId} not strictly increasing at ${row.snapshot_date}`);
      previous = row.snapshot_date;
      const day = dayOf(row.snapshot_date);
      if (seenIds.has(row.id)) fail(`snapshot id ${row.id} used twice`);
      seenIds.add(row.id);
      if (!same(snapshots.get(row.id), row)) fail(`id index disagrees for ${row.id}`);
      if (!same(snapshots.find(accountId, day), row))
        fail(`date index point lookup disagrees for ${accountId} ${row.snapshot_date}`);
      if (typeof row.balance !== 'number' || !Number.isFinite(row.balance) || Object.is(row.balance, -0))
        fail(`bad balance ${row.balance} on ${row.id}`);
    }
    total += rows.length;
  }
  if (total !== snapshots.size) fail(`id index holds ${snapshots.size} snapshots, date index ${total}`);
}

/**
 * The snapshots (and, with `accounts`, the accounts) as one string: equal strings mean nothing a request could
 * change has changed.
 */
export function stateFingerprint(
  mock: LedgerMock,
  what: { accounts: boolean; snapshots: boolean } = { accounts: true, snapshots: true },
): string {
  const { store } = mock;
  const rows: SnapshotView[] = [];
  if (what.snapshots)
    for (const accountId of store.snapshots.accountIds().sort()) rows.push(...store.snapshots.range(accountId));
  return JSON.stringify([what.accounts ? store.accounts.all() : store.accounts.count(), rows]);
}

function same(a: SnapshotView | undefined, b: SnapshotView): boolean {
  return (
    a !== undefined &&
    a.id === b.id &&
    a.account_id === b.account_id &&
    a.snapshot_date === b.snapshot_date &&
    Object.is(a.balance, b.balance) &&
    a.is_estimated === b.is_estimated
  );
}

function fail(message: string): never {
  throw new Error(`store invariant broken: ${message}`);
}
