// Reading a SimpleFIN Account Set (`{ errors: [...], accounts: [...] }`): each account's balance as of its
// balance-date, checked, on the calendar day of that date in the chosen time zone. An account whose balance cannot be
// established is skipped with the reason, never guessed. Every string from the server is made printable.
import { parseDecimal, type Decimal } from '../../statements/decimal';
import { printable } from '../format';
import type { SkippedRow } from '../plan';
import { dayIn } from './day';

/** One account's balance, read and checked. */
export interface SimplefinBalance {
  /** The mapping key: `simplefin:<org>/<account id>` (org: its domain, else its id, else its name). */
  key: string;
  /** The account's name, printable. */
  name: string;
  /** The organization's name (else domain), printable: used as a created account's institution. */
  institution: string | undefined;
  /** ISO 4217. */
  currency: string;
  /** The balance as the server sent it (a plain decimal). */
  balance: string;
  /** `available-balance`, when sent: reported, never written. */
  available: string | undefined;
  /** `balance-date`, seconds since 1970. */
  balanceDate: number;
  /** The day of balance-date in the time zone: the day written. */
  date: string;
  /** The account's `transactions` as sent (when the answer has them: --daily), read by daily.ts. */
  transactions?: unknown[];
}

/** What an Account Set gave. */
export interface AccountSetReading {
  balances: SimplefinBalance[];
  skipped: SkippedRow[];
  /** The set's `errors`, printable: for the user to read (a bank connection to fix, say). */
  errors: string[];
}

/** The answer is not an Account Set at all. */
export class AccountSetError extends Error {
  override name = 'AccountSetError';
}

/** Earliest plausible balance-date: 2000-01-01. Earlier ones are a zero, a typo or a missing value. */
const EARLIEST = Date.UTC(2000, 0, 1) / 1000;
/** A balance-date later than this machine's clock by more than this is absurd (milliseconds sent as seconds, say). */
const FUTURE_SLACK = 24 * 3600;
/** More significant digits than a double carries exactly. */
const MAX_DIGITS = 15;
const ISO_4217 = /^[A-Z]{3}$/;
/** Longest text shown from the server, per string. */
const MAX_TEXT = 300;

/**
 * Reads an Account Set. Throws AccountSetError when the body is not one (not JSON, no `accounts` list).
 *
 * @param now seconds since 1970, to tell an absurd balance-date from the future @default the clock
 */
export function readAccountSet(body: string, zone: string, now = Date.now() / 1000): AccountSetReading {
  let set: unknown;
  try {
    set = JSON.parse(body);
  } catch {
    throw new AccountSetError('the answer is not JSON, so not an Account Set');
  }
  if (!isObject(set) || !Array.isArray(set.accounts))
    throw new AccountSetError('the answer is not an Account Set: it has no "accounts" list');
  const errors = Array.isArray(set.errors)
    ? set.errors.map((e) => shown(typeof e === 'string' ? e : JSON.stringify(e)))
    : [];
  const balances: SimplefinBalance[] = [];
  const skipped: SkippedRow[] = [];
  set.accounts.forEach((raw: unknown, index: number) => {
    const read = readAccount(raw, index, zone, now);
    if ('reason' in read) skipped.push(read);
    else balances.push(read);
  });
  return { balances, skipped, errors };
}

function readAccount(raw: unknown, index: number, zone: string, now: number): SimplefinBalance | SkippedRow {
  const fallback = `simplefin account #${index + 1}`;
  if (!isObject(raw)) return skip(fallback, '', '', '', 'not an account object');
  const org = isObject(raw.org) ? raw.org : undefined;
  const orgId = [org?.domain, org?.id, org?.name].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const id = typeof raw.id === 'string' && raw.id.trim() !== '' ? raw.id : undefined;
  const name = typeof raw.name === 'string' ? shown(raw.name) : '';
  const key = orgId && id ? shown(`simplefin:${orgId.trim()}/${id.trim()}`) : undefined;
  const source = key ? `${key}${name ? ` (${name})` : ''}` : `${fallback}${name ? ` (${name})` : ''}`;
  const balanceText = typeof raw.balance === 'string' ? shown(raw.balance) : '';
  const at = (reason: string, date = '') => skip(source, name, date, balanceText, reason);
  if (!org)
    return at('it has no "org" (the organization it comes from), so it cannot be told apart from other accounts');
  if (!orgId) return at('its "org" has neither "domain" nor "name", so it cannot be told apart from other accounts');
  if (!id) return at('it has no "id"');

  const seconds = raw['balance-date'];
  if (typeof seconds !== 'number' || !Number.isFinite(seconds))
    return at(
      `its "balance-date" is ${seconds === undefined ? 'missing' : `not a UNIX time (${describe(seconds)})`}: the day of the balance is unknown`,
    );
  if (seconds < EARLIEST)
    return at(`its "balance-date" ${seconds} is before 2000-01-01: not a plausible date for a balance`);
  if (seconds > now + FUTURE_SLACK) {
    const hint = seconds > 1e11 ? ' (milliseconds, not seconds?)' : '';
    return at(`its "balance-date" ${seconds} is in the future${hint}: not a plausible date for a balance`);
  }
  const date = dayIn(seconds, zone);
  if (typeof raw.balance !== 'string')
    return at(`its "balance" is not a numeric string (${describe(raw.balance)})`, date);
  const decimal = simplefinNumber(raw.balance);
  if (!decimal) return at(`its "balance" ${JSON.stringify(balanceText)} is not a numeric string`, date);
  if (digitsOf(raw.balance) > MAX_DIGITS)
    return at(`its "balance" has more than ${MAX_DIGITS} digits: it cannot be written exactly`, date);
  const currency = typeof raw.currency === 'string' ? raw.currency.trim() : '';
  if (/^https?:\/\//i.test(currency))
    return at(
      `its currency is a custom one (${shown(currency)}: points, miles or the like), not money: not written`,
      date,
    );
  if (!ISO_4217.test(currency))
    return at(`its "currency" ${JSON.stringify(shown(currency))} is not an ISO 4217 code`, date);
  const available =
    typeof raw['available-balance'] === 'string' && parseDecimal(raw['available-balance'].trim())
      ? raw['available-balance'].trim()
      : undefined;
  const institution = [org.name, org.domain].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const transactions = Array.isArray(raw.transactions) ? { transactions: raw.transactions as unknown[] } : {};
  return {
    key: key!,
    name,
    institution: institution ? shown(institution) : undefined,
    currency,
    balance: raw.balance.trim(),
    available,
    balanceDate: seconds,
    date,
    ...transactions,
  };
}

function skip(source: string, label: string, date: string, balance: string, reason: string): SkippedRow {
  return { source, label, date, balance, reason };
}

/** Server text made safe to print and cut to a sane length. */
export function shown(text: string): string {
  const one = printable(text).replace(/ {2,}/g, ' ').trim();
  return one.length > MAX_TEXT ? `${one.slice(0, MAX_TEXT - 1)}…` : one;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return typeof value === 'string'
    ? `the string ${JSON.stringify(shown(value))}`
    : `${typeof value} ${shown(JSON.stringify(value) ?? '')}`;
}

function digitsOf(text: string): number {
  return text.replace(/[^\d]/g, '').replace(/^0+/, '').length;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A SimpleFIN numeric string (`"-20.00"`: digits, an optional sign and decimals, as the protocol writes amounts), exactly. */
export function simplefinNumber(text: string): Decimal | undefined {
  const trimmed = text.trim();
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? parseDecimal(trimmed) : undefined;
}
