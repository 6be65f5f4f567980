// The add-up check: a statement's opening balance plus its booked entries must be its closing balance, in exact
// decimals. A statement that does not add up is reported with what was expected and what was found.
import { add, equals, parseDecimal, sum, toPlain, type Decimal } from './decimal';
import type { AddUp } from './types';

/** Checks opening + entries = closing. Amounts are exact decimal strings; entries are signed (debits negative). */
export function addUp(opening: string, entries: readonly Decimal[], closing: string): AddUp {
  const open = parseDecimal(opening)!;
  const close = parseDecimal(closing)!;
  const total = sum(entries);
  const expected = add(open, total);
  return {
    ok: equals(expected, close),
    opening,
    entries: toPlain(total),
    count: entries.length,
    expected: toPlain(expected),
    closing,
  };
}

/** Why a statement does not add up, for a skipped statement's reason. */
export function describeAddUp(check: AddUp): string {
  return `it does not add up: opening ${check.opening} + ${check.count} ${check.count === 1 ? 'entry' : 'entries'} ${check.entries} = ${check.expected}, but its closing balance is ${check.closing}`;
}
