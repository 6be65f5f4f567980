// Loads a long daily balance history (years of days across several accounts) with the SDK's bulk helper,
// showing progress, and resumes after an interruption without losing or resending confirmed rows.
//
//   npx tsx examples/backfill.ts                       # 3 accounts x 730 days = 2,190 rows
//   npx tsx examples/backfill.ts --rows 100000         # a large run
//   npx tsx examples/backfill.ts --resume              # after Ctrl-C or a failure: send exactly the rows left
//
// The history here is generated (a seeded random walk per account, into accounts named "Backfill account N")
// so the example runs anywhere; replace historyRows() with your own source (an old export, a spreadsheet).
// When a run stops (Ctrl-C, or a request that failed after its retries), the rows not confirmed are saved to
// the checkpoint file; --resume sends exactly those. Upserts are keyed by account and day, so a full rerun is
// also safe, only slower.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatBulkSummary, formatSkippedRows, isBulkUpsertError, type BulkRow, type BulkUpsertReport } from 'personal-ledger-sdk';
import { integerOption, parseCommandLine } from './lib/args.js';
import { loadCheckpoint, removeCheckpoint, saveCheckpoint } from './lib/checkpoint.js';
import { connect, type LedgerConnection } from './lib/connection.js';
import { formatCount, plural } from './lib/format.js';
import { processIo, say, type Env, type Io } from './lib/io.js';
import { accountIdOf, resolveAccounts } from './lib/ledger-accounts.js';
import { progressReporter } from './lib/progress.js';
import { EXIT, reportError, SetupError } from './lib/report-error.js';

/** Where the checkpoint goes without --checkpoint. */
export const DEFAULT_CHECKPOINT = join(tmpdir(), 'personal-ledger-backfill.checkpoint.json');

const USAGE = `Usage: backfill [--accounts N] [--days N | --rows N] [--end YYYY-MM-DD] [--seed N] [--chunk-size N]
                [--checkpoint <file>] [--resume]
  --accounts    accounts to fill (default 3; with --rows, enough for at most 10 years each)
  --days        days of history per account, ending at --end (default 730)
  --rows        total rows instead of --days (e.g. 100000)
  --end         the last day (default: yesterday, UTC)
  --seed        seed of the generated balances (default 1)
  --chunk-size  rows per request, 1 to 5000 (default 5000)
  --checkpoint  where rows not confirmed are saved when a run stops (default: ${DEFAULT_CHECKPOINT})
  --resume      send exactly the rows saved in the checkpoint`;

/** Runs the backfill. Returns the exit code: 0 done, 1 stopped or failed (see the checkpoint), 2 refused to start. */
export async function main(argv: string[], env: Env, io: Io): Promise<number> {
  let connection: LedgerConnection | undefined;
  try {
    const { values, positionals } = parseCommandLine(
      argv,
      {
        accounts: { type: 'string' },
        days: { type: 'string' },
        rows: { type: 'string' },
        end: { type: 'string' },
        seed: { type: 'string' },
        'chunk-size': { type: 'string' },
        checkpoint: { type: 'string' },
        resume: { type: 'boolean' },
      },
      USAGE,
    );
    if (positionals.length > 0) throw new SetupError(`unexpected argument ${positionals[0]}\n${USAGE}`);
    const checkpointPath = values.checkpoint ?? DEFAULT_CHECKPOINT;
    const chunkSize = integerOption('chunk-size', values['chunk-size'], 5000, 1, 5000);
    const checkpoint = await loadCheckpoint(checkpointPath);
    if (values.resume && !checkpoint) throw new SetupError(`nothing to resume: no checkpoint at ${checkpointPath}`);
    if (!values.resume && checkpoint) {
      throw new SetupError(
        `a checkpoint of an interrupted run is at ${checkpointPath} (${plural(checkpoint.pending.length, 'row')} not confirmed): ` +
          'run with --resume to finish it, or delete the file to start over',
      );
    }

    connection = connect(env, io, 'personal-ledger-examples/backfill');
    let rows: BulkRow[];
    let accounts: number | undefined;
    if (checkpoint) {
      if (checkpoint.target !== connection.target) {
        throw new SetupError(`the checkpoint at ${checkpointPath} is for ${checkpoint.target}, not ${connection.target}`);
      }
      rows = checkpoint.pending;
      accounts = checkpoint.accounts;
      say(io.stdout, `Resuming: ${plural(rows.length, 'row')} not confirmed when the last run stopped (${checkpoint.reason}).`);
      if (connection.kind === 'demo' && accounts !== undefined) await recreateDemoAccounts(connection, accounts, rows, io);
    } else {
      const plan = historyPlan(values);
      accounts = plan.accounts;
      const accountIds = await backfillAccounts(connection, plan.accounts, io);
      rows = historyRows({ ...plan, accountIds });
      const first = rows[0]?.snapshot_date ?? plan.end;
      say(io.stdout, `Backfilling ${plural(rows.length, 'row')} (${plural(plan.accounts, 'account')}, ${first} to ${plan.end}) to ${connection.target}.`);
    }
    return await load(connection, rows, { chunkSize, checkpointPath, accounts }, io);
  } catch (error) {
    return reportError(error, io, connection?.secrets);
  } finally {
    connection?.close();
  }
}

/** Sends the rows; on success removes the checkpoint, on a stop saves the rows not confirmed to it. */
async function load(
  connection: LedgerConnection,
  rows: BulkRow[],
  options: { chunkSize: number; checkpointPath: string; accounts: number | undefined },
  io: Io,
): Promise<number> {
  const progress = progressReporter(io.stdout, rows.length);
  let report: BulkUpsertReport;
  try {
    report = await connection.client.snapshots.bulkUpsert(rows, { chunkSize: options.chunkSize, signal: io.signal, onProgress: progress.update });
  } catch (error) {
    progress.end();
    if (!isBulkUpsertError(error)) throw error;
    const { report: partial, pending } = error;
    await saveCheckpoint(options.checkpointPath, {
      target: connection.target,
      reason: error.reason,
      confirmed: partial.inserted + partial.updated + partial.skipped.length,
      pending: pending.map((p) => p.row),
      ...(options.accounts !== undefined ? { accounts: options.accounts } : {}),
    });
    reportError(error, io, connection.secrets);
    say(io.stdout, `Stopped (${error.reason}): ${formatCount(partial.inserted + partial.updated)} of ${plural(rows.length, 'row')} written.`);
    say(io.stdout, `Saved ${plural(pending.length, 'row')} not confirmed to ${options.checkpointPath}; run again with --resume to send exactly those.`);
    return EXIT.failed;
  }
  progress.end();
  await removeCheckpoint(options.checkpointPath);
  say(io.stdout, `Done: ${formatBulkSummary(report)}.`);
  if (report.skipped.length > 0) say(io.stdout, formatSkippedRows(report, { limit: 20 }));
  return EXIT.ok;
}

/** The size and end of the generated history, from the command line. */
export interface HistoryPlan {
  accounts: number;
  days: number;
  /** Total rows; fewer than accounts x days when --rows is not a multiple of accounts. */
  rows: number;
  /** The last day, YYYY-MM-DD. */
  end: string;
  seed: number;
}

function historyPlan(values: { accounts?: string; days?: string; rows?: string; end?: string; seed?: string }): HistoryPlan {
  if (values.days !== undefined && values.rows !== undefined) throw new SetupError('give --days or --rows, not both');
  const rows = values.rows === undefined ? undefined : integerOption('rows', values.rows, 0, 1, 2_000_000);
  // A large --rows spreads over more accounts rather than reaching back centuries.
  const accounts = integerOption('accounts', values.accounts, Math.max(3, Math.ceil((rows ?? 0) / 3650)), 1, 1000);
  const days = rows === undefined ? integerOption('days', values.days, 730, 1, 36_600) : Math.ceil(rows / accounts);
  const end = values.end ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end) || Number.isNaN(Date.parse(`${end}T00:00:00Z`))) throw new SetupError('--end must be a YYYY-MM-DD date');
  const seed = integerOption('seed', values.seed, 1, 0, 2 ** 31 - 1);
  return { accounts, days, rows: rows ?? accounts * days, end, seed };
}

/** Finds or creates "Backfill account 1..N" (category Cash, asset) and returns their ids in order. */
async function backfillAccounts(connection: LedgerConnection, count: number, io: Io): Promise<string[]> {
  const targets = Array.from({ length: count }, (_, i) => ({
    account: `Backfill account ${i + 1}`,
    category: 'Cash',
    category_type: 'asset',
    institution_name: 'Backfill example',
  }));
  const resolved = await resolveAccounts(connection.client, targets, { create: true });
  const created = [...resolved.values()].filter((a) => a.state === 'created').length;
  if (created > 0) say(io.stdout, `Created ${plural(created, 'ledger account')} named "Backfill account N" (Cash, asset).`);
  return [...resolved.values()].map((account) => {
    const id = accountIdOf(account);
    if (id === undefined) throw new SetupError(account.state === 'unavailable' ? account.reason : `cannot use "${account.target.account}"`);
    return id;
  });
}

/**
 * The built-in demo ledger of a new process is empty again: create the run's accounts anew (same names, and the same
 * ids, its ids being seeded), and check that the saved rows name exactly those.
 */
async function recreateDemoAccounts(connection: LedgerConnection, count: number, rows: readonly BulkRow[], io: Io): Promise<void> {
  const ids = new Set(await backfillAccounts(connection, count, io));
  if (rows.some((row) => !ids.has(row.account_id))) {
    throw new SetupError('the checkpoint names accounts the built-in demo ledger cannot make again: delete it to start over');
  }
}

/**
 * The generated history: for each day from the oldest to `end`, one balance per account (a seeded random
 * walk in cents, so the same options give the same rows). Stops after `rows` rows.
 */
export function historyRows(plan: HistoryPlan & { accountIds: readonly string[] }): BulkRow[] {
  const random = mulberry32(plan.seed);
  const endMs = Date.parse(`${plan.end}T00:00:00Z`);
  const cents = plan.accountIds.map((_, i) => 250_000 + i * 100_000);
  const rows: BulkRow[] = [];
  for (let day = plan.days - 1; day >= 0 && rows.length < plan.rows; day -= 1) {
    const date = new Date(endMs - day * 86_400_000).toISOString().slice(0, 10);
    for (let a = 0; a < plan.accountIds.length && rows.length < plan.rows; a += 1) {
      cents[a]! += Math.round((random() - 0.45) * 20_000);
      rows.push({ account_id: plan.accountIds[a]!, snapshot_date: date, balance: cents[a]! / 100 });
    }
  }
  return rows;
}

/** A small seeded PRNG (mulberry32): the same seed gives the same sequence in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2), process.env, processIo());
}
