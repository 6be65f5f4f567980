// Shared helpers of the SDK tests: a client in front of the fake, row generators, and state checks.
import { expect } from 'vitest';
import { createLedgerClient, type BulkRow, type LedgerClient, type LedgerClientOptions } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';

export const A = DEMO_IDS.accounts;
/** Accounts Alex may write to (own, archived included, and Sam's shared_full_access credit card). */
export const WRITABLE = [A.everydayChecking, A.jointSavings, A.brokerage, A.carLoan, A.painting, A.creditCard] as const;
/** UUIDs that name no account Alex can write to: unknown, Sam's private one, and a vault item. */
export const NOT_WRITABLE = ['00000000-0000-4000-8000-00000000dead', A.workplacePension, A.familyHome] as const;

/** Small backoff so retry tests stay fast. */
export const FAST_RETRY = { baseDelayMs: 1, maxDelayMs: 5 } as const;

/** A client for Alex in front of the fake (MSW intercepts global fetch). */
export function alexClient(mock: LedgerMock, options: Partial<LedgerClientOptions> = {}): LedgerClient {
  return createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, retry: FAST_RETRY, ...options });
}

const DAY_MS = 86_400_000;
const BASE_DAY = Date.UTC(2001, 0, 1) / DAY_MS;

/** `YYYY-MM-DD` of the n-th day after 2001-01-01 (well before the demo scenario's snapshots). */
export function dayText(n: number): string {
  return new Date((BASE_DAY + n) * DAY_MS).toISOString().slice(0, 10);
}

/** A good row on a writable account; rows with distinct `n` have distinct keys. */
export function goodRow(n: number, balance = n / 4): BulkRow {
  return {
    account_id: WRITABLE[n % WRITABLE.length]!,
    snapshot_date: dayText(Math.floor(n / WRITABLE.length)),
    balance,
  };
}

export const keyOf = (row: { account_id: string; snapshot_date: string }) => `${row.account_id}|${row.snapshot_date}`;

/** Every stored snapshot's balance by key (account_id|snapshot_date), from the fake's store. */
export async function storedBalances(mock: LedgerMock): Promise<Map<string, number>> {
  const all = await mock.control.listSnapshots();
  return new Map(all.map((s) => [keyOf(s), s.balance]));
}

/**
 * Asserts the store holds exactly `before` overlaid with `writes`: every written key has the last good
 * balance, nothing else changed, and there is one snapshot per key (nothing written twice as a new row).
 */
export async function expectFinalState(
  mock: LedgerMock,
  before: Map<string, number>,
  writes: Map<string, number>,
): Promise<void> {
  const all = await mock.control.listSnapshots();
  const expected = new Map([...before, ...writes]);
  const stored = new Map(all.map((s) => [keyOf(s), s.balance]));
  expect(all.length, 'one snapshot per key').toBe(stored.size);
  expect(stored.size, 'snapshots stored').toBe(expected.size);
  const mismatches = [...expected].filter(([key, balance]) => stored.get(key) !== balance).slice(0, 5);
  expect(mismatches, 'keys whose stored balance is not the last good write').toEqual([]);
}

/** The last good write per key, for rows on writable accounts. */
export function lastWrites(rows: readonly unknown[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    const r = row as BulkRow;
    if (isGood(r) && (WRITABLE as readonly string[]).includes(r.account_id))
      out.set(keyOf(r), Object.is(r.balance, -0) ? 0 : r.balance);
  }
  return out;
}

function isGood(r: BulkRow): boolean {
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.account_id === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(String(r.snapshot_date)) &&
    !Number.isNaN(Date.parse(`${r.snapshot_date}T00:00:00Z`)) &&
    new Date(`${r.snapshot_date}T00:00:00Z`).toISOString().startsWith(r.snapshot_date) &&
    typeof r.balance === 'number' &&
    Number.isFinite(r.balance)
  );
}

/** Requests the fake answered for an operation. */
export function journalOf(mock: LedgerMock, operationId: string) {
  return mock.control.journal.entries().filter((e) => e.operationId === operationId);
}
