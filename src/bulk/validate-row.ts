// The service's row rules (spec-gaps 5, 13, 14), checked before sending so a bad row costs no request.

import { UUID_PATTERN } from '../generated/api-constants';
import { dayNumber } from '../shared/calendar-date';

/** Reasons worded like the service's (`<field> <problem>`), so local and remote skips read alike. */
export const ROW_REASONS = {
  notObject: 'row must be an object',
  accountMissing: 'account_id is required',
  accountNotUuid: 'account_id must be a UUID',
  dateMissing: 'snapshot_date is required',
  dateInvalid: 'snapshot_date must be a real calendar date in YYYY-MM-DD form',
  balanceMissing: 'balance is required',
  balanceNotFinite: 'balance must be a finite number',
} as const;

/**
 * Why one bulk row would be skipped, or `undefined` when it is good: an object with `account_id` a UUID,
 * `snapshot_date` a real calendar date (leap years honoured) and `balance` a finite number (not a string). The reasons
 * are shared strings, so a million rows allocate nothing here. `isKnownAccount` skips the UUID test for ids already
 * seen good in the run.
 */
export function rowProblem(row: unknown, isKnownAccount: (id: string) => boolean = () => false): string | undefined {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return ROW_REASONS.notObject;
  const { account_id: accountId, snapshot_date: date, balance } = row as Record<string, unknown>;
  if (accountId === undefined) return ROW_REASONS.accountMissing;
  if (typeof accountId !== 'string' || !(isKnownAccount(accountId) || UUID_PATTERN.test(accountId)))
    return ROW_REASONS.accountNotUuid;
  if (date === undefined) return ROW_REASONS.dateMissing;
  if (typeof date !== 'string' || dayNumber(date) === undefined) return ROW_REASONS.dateInvalid;
  if (balance === undefined) return ROW_REASONS.balanceMissing;
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return ROW_REASONS.balanceNotFinite;
  return undefined;
}
