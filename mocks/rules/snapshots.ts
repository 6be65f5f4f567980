import type { components } from '../../src/generated/openapi';
import { ApiError, MockControlError, notFound } from '../errors';
import { dayNumber } from '../../src/shared/calendar-date';
import type { LedgerStore } from '../store/ledger-store';
import type { AccountRecord } from '../store/records';
import type { SnapshotView } from '../store/snapshot-store';
import type { Actor } from './auth';
import { accountLabel, accountRefusal } from './explain';
import { canEditAccount, canSeeAccount, visibleAccounts, type Reach } from './households';
import type { SnapshotQuery } from './validation';
import { requireValidBody } from './validation';
import { emitSnapshotUpserted, type PendingDelivery } from './webhooks';

type SnapshotWrite = components['schemas']['SnapshotWrite'];
type SnapshotUpdate = components['schemas']['SnapshotUpdate'];
export type SnapshotUpsertResult = components['schemas']['SnapshotUpsertResult'];

/** What a rule answers an operation with: status, body, and the event to deliver once the write is committed. */
export interface RuleResult<T = unknown> {
  status: number;
  body: T;
  /** An event to attempt once the write is committed. */
  delivery?: PendingDelivery;
  /** For the journal: what was refused within a successful call (a bulk call's skipped rows). */
  reason?: string;
}

/** Spec-gaps 14: `-0` is stored as `0`. */
export function normalizeBalance(balance: number): number {
  return balance === 0 ? 0 : balance;
}

/** The account if the token may write its snapshots (owner, or member of a shared_full_access one). */
export function writableAccount(store: LedgerStore, reach: Reach, accountId: string): AccountRecord | undefined {
  const account = store.accounts.peek(accountId);
  return account && canEditAccount(reach, account) ? account : undefined;
}

/**
 * Spec 4 (GET /snapshots) and spec-gaps 11-12: snapshots of visible standard accounts, bounds
 * inclusive, ordered by account_id then date; an account out of reach gives an empty list.
 */
export function listSnapshots(store: LedgerStore, reach: Reach, query: SnapshotQuery): SnapshotView[] {
  let accounts: AccountRecord[];
  if (query.accountId !== undefined) {
    const account = store.accounts.get(query.accountId);
    accounts = account && canSeeAccount(reach, account) ? [account] : [];
  } else {
    accounts = visibleAccounts(store, reach);
  }
  const ids = accounts.map((a) => a.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return ids.flatMap((id) => store.snapshots.range(id, query.from, query.to));
}

/** Spec 4 (GET /snapshots/{id}): 404 unless the snapshot's account is visible to the token. */
export function getSnapshot(store: LedgerStore, reach: Reach, id: string): SnapshotView {
  const snapshot = store.snapshots.get(id);
  const account = snapshot && store.accounts.peek(snapshot.account_id);
  if (!snapshot || !account || !canSeeAccount(reach, account))
    throw notFound().because(snapshotRefusal(store, reach, id, snapshot, 'see'));
  return snapshot;
}

/**
 * Spec 4 (POST /snapshots): creates (201 `inserted`) or updates (200 `updated`) the snapshot of
 * (account_id, snapshot_date), confirmed (is_estimated=false); 422 `account_not_writable` for an
 * account that does not exist or is not writable. Fires snapshot.upserted.
 */
export function upsertSnapshot(
  store: LedgerStore,
  actor: Actor,
  reach: Reach,
  body: unknown,
): RuleResult<SnapshotUpsertResult> {
  requireValidBody('SnapshotWrite', body);
  const input = body as SnapshotWrite;
  if (!writableAccount(store, reach, input.account_id)) {
    throw new ApiError(422, 'account_not_writable', 'Account not found or not writable', [
      { path: 'body.account_id', message: 'account not found or not writable' },
    ]).because(accountRefusal(store, reach, input.account_id, store.accounts.get(input.account_id), 'write'));
  }
  const { snapshot, action } = store.snapshots.upsert(
    input.account_id,
    dayNumber(input.snapshot_date)!,
    normalizeBalance(input.balance),
    false,
  );
  const delivery = emitSnapshotUpserted(store, actor, 'upsertSnapshot', [{ ...snapshot, action }]);
  return {
    status: action === 'inserted' ? 201 : 200,
    body: { snapshot, action, webhooks_attempted: delivery.subscriptions.length },
    delivery,
  };
}

/**
 * Spec 4 (PATCH /snapshots/{id}): validation (422, at least one field), editable (404), then a
 * date already taken for the account is 422 `snapshot_date_taken` (spec-gaps 10). The result is
 * confirmed. Fires snapshot.upserted.
 */
export function updateSnapshot(
  store: LedgerStore,
  actor: Actor,
  reach: Reach,
  id: string,
  body: unknown,
): RuleResult<SnapshotView> {
  requireValidBody('SnapshotUpdate', body);
  const change = body as SnapshotUpdate;
  const current = store.snapshots.get(id);
  const account = current && store.accounts.peek(current.account_id);
  if (!current || !account || !canEditAccount(reach, account))
    throw notFound().because(snapshotRefusal(store, reach, id, current, 'write'));
  const day = change.snapshot_date === undefined ? undefined : dayNumber(change.snapshot_date)!;
  const taken =
    change.snapshot_date !== undefined && change.snapshot_date !== current.snapshot_date
      ? store.snapshots.find(account.id, day!)
      : undefined;
  if (taken) {
    throw new ApiError(422, 'snapshot_date_taken', `The account already has a snapshot on ${change.snapshot_date}`, [
      { path: 'body.snapshot_date', message: 'the account already has a snapshot on this date' },
    ]).because(
      `${accountLabel(account)} already has snapshot ${taken.id} on ${taken.snapshot_date}; a snapshot cannot move onto it`,
    );
  }
  const snapshot = store.snapshots.update(id, {
    ...(day !== undefined ? { day } : {}),
    ...(change.balance !== undefined ? { balance: normalizeBalance(change.balance) } : {}),
    estimated: false,
  })!;
  const delivery = emitSnapshotUpserted(store, actor, 'updateSnapshot', [{ ...snapshot, action: 'updated' }]);
  return { status: 200, body: snapshot, delivery };
}

/** Spec 4 (DELETE /snapshots/{id}): 404 unless deletable by the token. Fires no event. */
export function deleteSnapshot(store: LedgerStore, reach: Reach, id: string): { deleted: true; id: string } {
  const current = store.snapshots.get(id);
  const account = current && store.accounts.peek(current.account_id);
  if (!current || !account || !canEditAccount(reach, account))
    throw notFound().because(snapshotRefusal(store, reach, id, current, 'write'));
  store.snapshots.delete(id);
  return { deleted: true, id };
}

/** Why a snapshot is out of reach: there is none, or its account is. */
function snapshotRefusal(
  store: LedgerStore,
  reach: Reach,
  id: string,
  snapshot: SnapshotView | undefined,
  need: 'see' | 'write',
): string {
  if (!snapshot) return `there is no snapshot ${id}`;
  return `snapshot ${snapshot.id} is on an account out of reach: ${accountRefusal(store, reach, snapshot.account_id, store.accounts.get(snapshot.account_id), need)}`;
}

/** A row for seeding: like a write, plus an optional estimated mark. */
export interface SnapshotSeedRow {
  account_id: string;
  snapshot_date: string;
  balance: number;
  is_estimated?: boolean;
}

/**
 * Writes many snapshots straight into the store (control API and scenarios): every row is
 * checked first, so a bad row writes nothing. No reach checks and no events.
 */
export function seedSnapshots(
  store: LedgerStore,
  rows: readonly SnapshotSeedRow[],
): { inserted: number; updated: number } {
  const days = checkedSeedDays(store, rows);
  let inserted = 0;
  rows.forEach((row, index) => {
    const { action } = store.snapshots.upsert(
      row.account_id,
      days[index]!,
      normalizeBalance(row.balance),
      row.is_estimated ?? false,
    );
    if (action === 'inserted') inserted += 1;
  });
  return { inserted, updated: rows.length - inserted };
}

/**
 * Writes snapshots that keep their ids (a scenario's rows with `id`, such as a copy of a service's): each id is in
 * the fake's form (`snp_` and base 36), once, and its (account_id, snapshot_date) free. Call it before any other
 * snapshot is written, so no new snapshot has taken one of these ids; later ones are numbered after the highest.
 */
export function seedSnapshotsWithIds(store: LedgerStore, rows: ReadonlyArray<SnapshotSeedRow & { id: string }>): void {
  const days = checkedSeedDays(store, rows);
  rows.forEach((row, index) => {
    const seq = store.snapshots.seqOf(row.id);
    if (seq === undefined || seq > 2 ** 31)
      throw new MockControlError(
        400,
        'invalid_row',
        `Row ${index}: ${row.id} is not a snapshot id of the fake (snp_ and a base-36 number)`,
      );
    if (store.snapshots.get(row.id))
      throw new MockControlError(400, 'invalid_row', `Row ${index}: snapshot ${row.id} is listed twice`);
    const held = store.snapshots.find(row.account_id, days[index]!);
    if (held)
      throw new MockControlError(
        400,
        'invalid_row',
        `Row ${index}: ${row.account_id} already has snapshot ${held.id} on ${row.snapshot_date}`,
      );
    store.snapshots.restore({
      seq,
      accountId: row.account_id,
      day: days[index]!,
      balance: normalizeBalance(row.balance),
      estimated: row.is_estimated ?? false,
    });
  });
}

/** The day number of each seed row, after checking its account exists and its date and balance are valid. */
function checkedSeedDays(store: LedgerStore, rows: readonly SnapshotSeedRow[]): number[] {
  const known = new Set<string>();
  return rows.map((row, index) => {
    if (!known.has(row.account_id)) {
      if (!store.accounts.get(row.account_id))
        throw new MockControlError(400, 'invalid_row', `Row ${index}: no account ${row.account_id}`);
      known.add(row.account_id);
    }
    const day = dayNumber(row.snapshot_date);
    if (day === undefined)
      throw new MockControlError(
        400,
        'invalid_row',
        `Row ${index}: ${row.snapshot_date} is not a real YYYY-MM-DD date`,
      );
    if (typeof row.balance !== 'number' || !Number.isFinite(row.balance)) {
      throw new MockControlError(400, 'invalid_row', `Row ${index}: balance must be a finite number`);
    }
    return day;
  });
}
