// Loads a long daily balance history with the SDK's bulk helper, showing progress, and resumes after an interruption
// (Ctrl-C, or a request that failed after its retries) sending exactly the rows not confirmed. The history is a seeded
// random walk into accounts "Backfill account N": replace historyRows() with your source.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createLedgerClient, formatBulkSummary, isBulkUpsertError, MAX_BULK_ROWS, type BulkRow } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';

// --checkpoint: where the rows not confirmed are saved when a run stops; --resume sends exactly those.
const USAGE = 'Usage: backfill [--accounts N] [--days N | --rows N] [--end YYYY-MM-DD] [--seed N] [--chunk-size N] [--checkpoint <file>] [--resume]';
/** The number options, each a whole number in [least, most]. */
const RANGES = { accounts: [1, 1_000], days: [1, 36_500], rows: [1, 1_000_000], seed: [0, 4_294_967_295], 'chunk-size': [1, MAX_BULK_ROWS] } as const;
const OPTIONS = { ...Object.fromEntries([...Object.keys(RANGES), 'end', 'checkpoint'].map((o) => [o, { type: 'string' } as const])), resume: { type: 'boolean' } } as const;
const FORMAT = 'personal-ledger-backfill-checkpoint/1';
/** What is saved when a run stops: where the rows were going (never a token), how many accounts, the rows left. */
export type Checkpoint = { format: typeof FORMAT; target: string; accounts: number; reason: string; confirmed: number; pending: BulkRow[] };
const n = (count: number) => count.toLocaleString('en-US');

/** Runs the backfill. Returns 0 done, 1 stopped (see the checkpoint) or failed, 2 refused to start. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown }; fake?: LedgerMock; signal?: AbortSignal }): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const refuse = (text: string) => (io.stderr.write(`Error: ${text}\n`), 2);
  if (argv.includes('--help') || argv.includes('-h')) return (say(USAGE), 0);
  // Not strict, so `--rows -5` is the value -5 (refused below in the option's own words); unknown options are refused here.
  const { values, tokens } = parseArgs({ args: argv, options: OPTIONS, strict: false, tokens: true });
  const wrong = tokens.find((t) => t.kind !== 'option' || !(t.name in OPTIONS));
  if (wrong) return refuse(`${wrong.kind === 'option' ? `Unknown option '${wrong.rawName}'` : 'backfill takes no arguments'}\n${USAGE}`);
  for (const [name, [least, most]] of Object.entries(RANGES)) {
    const text = String(values[name] ?? least);
    if (!/^\d+$/.test(text) || +text < least || +text > most) return refuse(`--${name} takes a whole number from ${n(least)} to ${n(most)}, not "${text}"\n${USAGE}`);
  }
  const end = String(values.end ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)); // yesterday by default
  if (new Date(Date.parse(`${end}T00:00:00Z`) || 0).toISOString().slice(0, 10) !== end) return refuse(`--end takes a calendar date, YYYY-MM-DD, not "${end}"\n${USAGE}`);
  if (values.days !== undefined && values.rows !== undefined) return refuse(`give --days or --rows, not both\n${USAGE}`);
  const product = Number(values.accounts ?? 3) * Number(values.days ?? 730);
  if (product > RANGES.rows[1]) return refuse(`--accounts times --days is ${n(product)} rows, more than the ${n(RANGES.rows[1])} a run may have\n${USAGE}`);

  const path = (values.checkpoint as string | undefined) ?? join(tmpdir(), 'personal-ledger-backfill.checkpoint.json');
  const saved = await readFile(path, 'utf8').then((t) => JSON.parse(t) as Checkpoint, (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : ({} as Checkpoint)));
  if (saved && (saved.format !== FORMAT || !Array.isArray(saved.pending))) return refuse(`${path} is not a backfill checkpoint; delete it to start over`);
  if (values.resume && !saved) return refuse(`nothing to resume: no checkpoint at ${path}`);
  if (!values.resume && saved) return refuse(`a checkpoint of an interrupted run is at ${path} (${n(saved.pending.length)} rows not confirmed): run with --resume to finish it, or delete the file to start over`);
  // Your ledger with LEDGER_BASE_URL and LEDGER_TOKEN; with neither, the demo ledger in this process (offline).
  if (Boolean(env.LEDGER_BASE_URL) !== Boolean(env.LEDGER_TOKEN)) return refuse('Set both LEDGER_BASE_URL and LEDGER_TOKEN, or neither to use the built-in demo ledger.');
  const fake = env.LEDGER_BASE_URL ? undefined : (io.fake ?? createLedgerMock({ scenario: 'demo', seed: 'personal-ledger-examples' }));
  const target = fake ? 'the built-in demo ledger' : env.LEDGER_BASE_URL!;
  const client = fake ? createLedgerClient({ baseUrl: fake.baseUrl, token: DEMO_TOKENS.alex, fetch: fake.fetch }) : createLedgerClient({ baseUrl: target, token: env.LEDGER_TOKEN! });
  if (saved && saved.target !== target) return refuse(`the checkpoint at ${path} is for ${saved.target}, not ${target}`);

  const rowsWanted = values.rows === undefined ? undefined : Number(values.rows);
  const accounts = saved?.accounts ?? Number(values.accounts ?? Math.max(3, Math.ceil((rowsWanted ?? 0) / 3650))); // big runs spread over accounts
  const existing = await client.accounts.list(); // "Backfill account 1..N" (Cash), found or created
  const cash = (await client.categories.list()).find((c) => c.name === 'Cash' && c.type === 'asset')!;
  const accountIds: string[] = []; // the demo ledger of a new process makes the same ids again
  for (let i = 1; i <= accounts; i++) {
    const name = `Backfill account ${i}`;
    accountIds.push(existing.find((a) => a.name === name)?.id ?? (await client.accounts.create({ name, category_id: cash.id, institution_name: 'Backfill example' })).id);
  }
  const created = accountIds.filter((id) => !existing.some((a) => a.id === id)).length;
  if (created > 0) say(`Created ${created} ledger accounts named "Backfill account N" (Cash, asset).`);
  const days = rowsWanted === undefined ? Number(values.days ?? 730) : Math.ceil(rowsWanted / accounts);
  const rows = saved ? saved.pending : historyRows({ days, rows: rowsWanted ?? accounts * days, end, seed: Number(values.seed ?? 1), accountIds });
  say(saved ? `Resuming: ${n(rows.length)} rows not confirmed when the last run stopped (${saved.reason}).` : `Backfilling ${n(rows.length)} rows (${accounts} accounts, ${rows[0]?.snapshot_date} to ${end}) to ${target}.`);
  let shown = -5; // a progress line every 5%
  try {
    const report = await client.snapshots.bulkUpsert(rows, {
      chunkSize: Number(values['chunk-size'] ?? MAX_BULK_ROWS),
      signal: io.signal,
      onProgress: ({ rowsDone }) => {
        const percent = Math.floor((rowsDone / rows.length) * 100);
        if (percent >= shown + 5) say(`progress: ${String((shown = percent)).padStart(3)}%  ${n(rowsDone)}/${n(rows.length)} rows`);
      },
    });
    await rm(path, { force: true });
    say(`Done: ${formatBulkSummary(report)}.`);
    return 0;
  } catch (error) {
    if (!isBulkUpsertError(error)) throw error;
    const confirmed = error.report.inserted + error.report.updated + error.report.skipped.length;
    const checkpoint: Checkpoint = { format: FORMAT, target, accounts, reason: error.reason, confirmed, pending: error.pending.map((p) => p.row) };
    await writeFile(`${path}.tmp`, JSON.stringify(checkpoint), { mode: 0o600 }); // then a rename: never half a file
    await rename(`${path}.tmp`, path);
    io.stderr.write(`Error: ${error.message}\n`);
    say(`Stopped (${error.reason}): ${n(error.report.inserted + error.report.updated)} of ${n(rows.length)} rows written.`);
    say(`Saved ${n(checkpoint.pending.length)} rows not confirmed to ${path}; run again with --resume to send exactly those.`);
    return 1;
  }
}

/** One balance per account and day, oldest first: a seeded random walk in cents (the same options, the same rows). */
export function historyRows(plan: { days: number; rows: number; end: string; seed: number; accountIds: readonly string[] }): BulkRow[] {
  let state = plan.seed >>> 0; // a linear congruential generator: plenty for made-up balances
  const random = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const cents = plan.accountIds.map((_, i) => 250_000 + i * 100_000);
  const rows: BulkRow[] = [];
  for (let day = plan.days - 1; day >= 0 && rows.length < plan.rows; day -= 1) {
    const date = new Date(Date.parse(`${plan.end}T00:00:00Z`) - day * 86_400_000).toISOString().slice(0, 10);
    for (let a = 0; a < plan.accountIds.length && rows.length < plan.rows; a += 1) {
      cents[a]! += Math.round((random() - 0.45) * 20_000);
      rows.push({ account_id: plan.accountIds[a]!, snapshot_date: date, balance: cents[a]! / 100 });
    }
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const controller = new AbortController(); // the first Ctrl-C stops after the current chunk; one a second later quits
  let first = 0;
  const stop = (signal: string) => {
    if (controller.signal.aborted) return Date.now() - first > 1000 && process.exit(130); // tsx relays the same Ctrl-C once more
    first = Date.now();
    process.stderr.write(`\n${signal}: stopping after the current step (press Ctrl-C again to quit now)\n`);
    controller.abort(new Error(`stopped by ${signal}`));
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  const io = { stdout: process.stdout, stderr: process.stderr, signal: controller.signal };
  process.exitCode = await main(process.argv.slice(2), process.env, io).catch((error: Error) => (process.stderr.write(`Error: ${error.message}\n`), 1)); // one line, no stack
}
