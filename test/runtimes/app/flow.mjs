// The one flow every runtime runs (Node, Bun, Deno, workerd), through mock.fetch or over HTTP to ledger-mock.
// Plain JavaScript with no imports, so each runtime runs this very file unchanged; it throws on any wrong number.

/** Rows the bulk writes (more than twice the API's 5,000 per call), sent in chunks of CHUNK_SIZE. */
export const ROWS = 12_345;
export const CHUNK_SIZE = 2_500;
/** Rows written a second time with a new balance, which must come back as updated. */
export const REWRITTEN = 1_000;

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1990, 0, 1);

/** Row i: one day after row i - 1, with a balance in whole cents (so sums are exact). */
function row(accountId, i, extraCents = 0) {
  return {
    account_id: accountId,
    snapshot_date: new Date(FIRST_DAY + i * DAY_MS).toISOString().slice(0, 10),
    balance: ((i * 37) % 100_000) / 100 + extraCents / 100,
  };
}

function expectEqual(what, actual, expected) {
  if (actual !== expected)
    throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

const cents = (balance) => Math.round(balance * 100);
const sumCents = (items) => items.reduce((sum, item) => sum + cents(item.balance), 0);

/** What ledgerFlow resolves with when every write and read is right, computed from the rows alone. */
export function expectedResult() {
  const rows = Array.from({ length: ROWS }, (_, i) => row('', i));
  const chunks = Math.ceil(ROWS / CHUNK_SIZE) + Math.ceil(REWRITTEN / CHUNK_SIZE);
  return { rows: ROWS, chunks, inserted: ROWS, updated: REWRITTEN, cents: sumCents(rows) + 100 * REWRITTEN };
}

/**
 * Creates an account, bulk-writes ROWS balances in chunks, rewrites the first REWRITTEN of them with a balance one
 * unit higher, reads them all back and checks every count, the dates and the sum of balances against
 * expectedResult(). Resolves with the numbers it read.
 */
export async function ledgerFlow(ledger, label) {
  const expected = expectedResult();
  await ledger.me();
  const cash = (await ledger.categories.list()).find((category) => category.name === 'Cash');
  if (!cash) throw new Error('no Cash category in the starting scenario');
  const account = await ledger.accounts.create({ name: `Runtime check (${label})`, category_id: cash.id });
  expectEqual(
    'accounts.list: has the new account',
    (await ledger.accounts.list()).some((a) => a.id === account.id),
    true,
  );

  const rows = Array.from({ length: ROWS }, (_, i) => row(account.id, i));
  const first = await ledger.snapshots.bulkUpsert(rows, { chunkSize: CHUNK_SIZE });
  expectEqual('first bulk: inserted', first.inserted, ROWS);
  expectEqual('first bulk: updated', first.updated, 0);
  expectEqual('first bulk: skipped', first.skipped.length, 0);

  const rewritten = rows.slice(0, REWRITTEN).map((_, i) => row(account.id, i, 100));
  const second = await ledger.snapshots.bulkUpsert(rewritten, { chunkSize: CHUNK_SIZE });
  expectEqual('second bulk: inserted', second.inserted, 0);
  expectEqual('second bulk: updated', second.updated, REWRITTEN);

  const back = await ledger.snapshots.list({ account_id: account.id });
  expectEqual('read back: rows', back.length, ROWS);
  expectEqual('read back: sum of balances in cents', sumCents(back), expected.cents);
  const dates = back.map((snapshot) => snapshot.snapshot_date).sort();
  expectEqual('read back: one row per date', new Set(dates).size, ROWS);
  expectEqual('read back: first date', dates[0], rows[0].snapshot_date);
  expectEqual('read back: last date', dates.at(-1), rows.at(-1).snapshot_date);

  const firstDay = back.find((snapshot) => snapshot.snapshot_date === rows[0].snapshot_date);
  expectEqual(
    'get: the rewritten balance',
    cents((await ledger.snapshots.get(firstDay.id)).balance),
    cents(rows[0].balance) + 100,
  );
  return {
    rows: back.length,
    chunks: first.chunks.length + second.chunks.length,
    inserted: first.inserted,
    updated: second.updated,
    cents: sumCents(back),
  };
}
