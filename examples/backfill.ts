// Loads a long daily balance history with the SDK's bulk helper, showing progress; after an interruption (Ctrl-C, or a
// request failed after its retries) --resume sends exactly the rows not confirmed. Replace historyRows() with your source.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  createLedgerClient,
  formatBulkSummary,
  isBulkUpsertError,
  MAX_BULK_ROWS,
  type BulkRow,
} from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';

const USAGE =
  'Usage: backfill [--accounts N] [--days N] [--end YYYY-MM-DD] [--chunk-size N] [--checkpoint <file>] [--resume]';
/** Whole numbers [least, most, default], at most 1,000,000 rows a run; read as text so `--days -5` is refused below. */
const NUMBERS = {
  accounts: [1, 100, 3],
  days: [1, 10_000, 730],
  'chunk-size': [1, MAX_BULK_ROWS, MAX_BULK_ROWS],
} as const;
const OPTIONS = {
  ...Object.fromEntries([...Object.keys(NUMBERS), 'end', 'checkpoint'].map((o) => [o, { type: 'string' } as const])),
  resume: { type: 'boolean' },
} as const;
const FORMAT = 'personal-ledger-backfill-checkpoint/1';
/** What is saved when a run stops: where the rows were going (never a token), how many accounts, the rows left. */
export type Checkpoint = {
  format: typeof FORMAT;
  target: string;
  accounts: number;
  reason: string;
  pending: BulkRow[];
};
type Io = {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  fake?: LedgerMock;
  signal?: AbortSignal;
};
const n = (count: number) => count.toLocaleString('en-US');

/** Runs the backfill. Returns 0 done, 1 stopped (see the checkpoint) or failed, 2 refused to start. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const refuse = (text: string) => {
    io.stderr.write(`Error: ${text}\n`);
    return 2;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    say(USAGE);
    return 0;
  }
  const { values, tokens } = parseArgs({ args: argv, options: OPTIONS, strict: false, tokens: true });
  const wrong = tokens.find((t) => t.kind !== 'option' || !(t.name in OPTIONS));
  if (wrong)
    return refuse(
      `${wrong.kind === 'option' ? `Unknown option '${wrong.rawName}'` : 'backfill takes no arguments'}\n${USAGE}`,
    );
  for (const [name, [least, most, fallback]] of Object.entries(NUMBERS)) {
    const text = String(values[name] ?? fallback);
    if (!/^\d+$/.test(text) || +text < least || +text > most)
      return refuse(`--${name} takes a whole number from ${n(least)} to ${n(most)}, not "${text}"\n${USAGE}`);
  }
  const number = (name: keyof typeof NUMBERS) => Number(values[name] ?? NUMBERS[name][2]);
  const end = String(values.end ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)); // yesterday by default
  if (new Date(Date.parse(`${end}T00:00:00Z`) || 0).toISOString().slice(0, 10) !== end)
    return refuse(`--end takes a calendar date, YYYY-MM-DD, not "${end}"\n${USAGE}`);

  const path = (values.checkpoint as string | undefined) ?? join(tmpdir(), 'personal-ledger-backfill.checkpoint.json');
  const saved = await readFile(path, 'utf8').then(
    (t) => JSON.parse(t) as Checkpoint,
    (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : ({} as Checkpoint)),
  );
  if (saved && (saved.format !== FORMAT || !Array.isArray(saved.pending)))
    return refuse(`${path} is not a backfill checkpoint; delete it to start over`);
  if (values.resume && !saved) return refuse(`nothing to resume: no checkpoint at ${path}`);
  if (!values.resume && saved)
    return refuse(
      `a checkpoint of an interrupted run is at ${path} (${n(saved.pending.length)} rows not confirmed): run with --resume to finish it, or delete the file to start over`,
    );
  // Your ledger with LEDGER_BASE_URL and LEDGER_TOKEN (the client checks them); with neither, the demo ledger in this process.
  const fake =
    env.LEDGER_BASE_URL || env.LEDGER_TOKEN
      ? undefined
      : (io.fake ?? createLedgerMock({ scenario: 'demo', seed: 'personal-ledger-examples' }));
  const target = fake ? 'the built-in demo ledger' : env.LEDGER_BASE_URL!;
  const client = fake
    ? createLedgerClient({ baseUrl: fake.baseUrl, token: DEMO_TOKENS.alex, fetch: fake.fetch })
    : createLedgerClient({ baseUrl: target, token: env.LEDGER_TOKEN! });
  if (saved && saved.target !== target)
    return refuse(`the checkpoint at ${path} is for ${saved.target}, not ${target}`);
  const accounts = saved?.accounts ?? number('accounts'); // "Backfill account 1..N", found or created in Cash
  const names = Array.from({ length: accounts }, (_, i) => `Backfill account ${i + 1}`);
  const ids = new Map((await client.accounts.list()).map((a) => [a.name, a.id])); // a new demo ledger makes the same ids
  const cash = (await client.categories.list()).find((c) => c.name === 'Cash' && c.type === 'asset')!;
  const missing = names.filter((name) => !ids.has(name));
  for (const name of missing)
    ids.set(
      name,
      (await client.accounts.create({ name, category_id: cash.id, institution_name: 'Backfill example' })).id,
    );
  if (missing.length > 0) say(`Created ${missing.length} ledger accounts named "Backfill account N" (Cash, asset).`);
  const rows = saved
    ? saved.pending
    : historyRows({ days: number('days'), end, accountIds: names.map((name) => ids.get(name)!) });
  say(
    saved
      ? `Resuming: ${n(rows.length)} rows not confirmed when the last run stopped (${saved.reason}).`
      : `Backfilling ${n(rows.length)} rows (${accounts} accounts, ${rows[0]?.snapshot_date} to ${end}) to ${target}.`,
  );
  let shown = -5; // a progress line every 5%
  const onProgress = ({ rowsDone }: { rowsDone: number }) => {
    const percent = Math.floor((rowsDone / rows.length) * 100);
    if (percent < shown + 5) return;
    shown = percent;
    say(`progress: ${String(percent).padStart(3)}%  ${n(rowsDone)}/${n(rows.length)} rows`);
  };
  try {
    const report = await client.snapshots.bulkUpsert(rows, {
      chunkSize: number('chunk-size'),
      signal: io.signal,
      onProgress,
    });
    await rm(path, { force: true });
    say(`Done: ${formatBulkSummary(report)}.`);
    return 0;
  } catch (error) {
    if (!isBulkUpsertError(error)) throw error;
    const checkpoint: Checkpoint = {
      format: FORMAT,
      target,
      accounts,
      reason: error.reason,
      pending: error.pending.map((p) => p.row),
    };
    await writeFile(`${path}.tmp`, JSON.stringify(checkpoint), { mode: 0o600 }); // then a rename: never half a file
    await rename(`${path}.tmp`, path);
    io.stderr.write(`Error: ${error.message}\n`);
    say(
      `Stopped (${error.reason}): ${n(error.report.inserted + error.report.updated)} of ${n(rows.length)} rows written.`,
    );
    say(
      `Saved ${n(checkpoint.pending.length)} rows not confirmed to ${path}; run again with --resume to send exactly those.`,
    );
    return 1;
  }
}

/** One balance per account and day, oldest first: a made-up walk in cents (the same options, the same rows). */
export function historyRows(plan: { days: number; end: string; accountIds: readonly string[] }): BulkRow[] {
  const cents = plan.accountIds.map((_, a) => 250_000 + a * 100_000);
  const first = Date.parse(`${plan.end}T00:00:00Z`) - (plan.days - 1) * 86_400_000;
  return Array.from({ length: plan.days * plan.accountIds.length }, (_, i) => {
    const a = i % plan.accountIds.length; // day by day, each account in turn
    const date = new Date(first + Math.floor(i / plan.accountIds.length) * 86_400_000).toISOString().slice(0, 10);
    cents[a]! += ((i * 7_919) % 20_001) - 9_000; // a step from -90.00 to +110.00: drifts up, as savings do
    return { account_id: plan.accountIds[a]!, snapshot_date: date, balance: cents[a]! / 100 };
  });
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
  process.exitCode = await main(process.argv.slice(2), process.env, io).catch((error: Error) => {
    process.stderr.write(`Error: ${error.message}\n`); // one line, no stack
    return 1;
  });
}
