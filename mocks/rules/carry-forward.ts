import { MockControlError } from '../errors';
import { dayNumber } from '../../src/shared/calendar-date';
import type { LedgerStore } from '../store/ledger-store';
import type { SnapshotView } from '../store/snapshot-store';

/**
 * Spec-gaps 27: for each standard account with `auto_carry_forward`, writes an estimated snapshot
 * on `date` with the latest earlier balance, if there is one and the date has none. Never
 * overwrites and fires no event.
 */
export function carryForward(store: LedgerStore, date: string): SnapshotView[] {
  const day = dayNumber(date);
  if (day === undefined) throw new MockControlError(400, 'invalid_date', `${date} is not a real YYYY-MM-DD date`);
  const written: SnapshotView[] = [];
  for (const account of store.accounts.where((a) => a.kind === 'standard' && a.auto_carry_forward)) {
    if (store.snapshots.find(account.id, day)) continue;
    const latest = store.snapshots.latestBefore(account.id, day);
    if (latest) written.push(store.snapshots.upsert(account.id, day, latest.balance, true).snapshot);
  }
  return written;
}
