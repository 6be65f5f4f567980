// Syncs the balances of OFX/QFX statements (the files banks offer for Quicken, Money or GnuCash) into the ledger:
//   bank and credit-card statements (STMTRS, CCSTMTRS): the ledger balance (LEDGERBAL) on its DTASOF day; the
//     available balance (AVAILBAL) is printed, not stored, since the ledger keeps one balance per account and day;
//   investment statements (INVSTMTRS): the account's value on DTASOF, cash (AVAILCASH) plus every position's MKTVAL.
//
//   npx tsx examples/sync-ofx.ts examples/data/statement-v1.ofx examples/data/statement-v2.qfx [--dry-run [--json]]
//
// Statements are mapped to ledger accounts by ACCTID under ofx_accounts in examples/data/mapping.json; a missing
// ledger account is created. An unchanged balance is not sent again. A statement that cannot be used is skipped
// with its reason, a file that cannot be read is refused, and the rest is still synced.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LedgerClient } from 'personal-ledger-sdk';
import { parseCommandLine } from './lib/args.js';
import { planSync, signedBalance, type BalanceRow, type PlannedRow, type SkippedLine } from './lib/balance-sync.js';
import { chooseConnection, connect, type LedgerConnection } from './lib/connection.js';
import { formatMoney, maskAccountNumber, plural } from './lib/format.js';
import { processIo, say, type Env, type Io } from './lib/io.js';
import { describeNewAccounts, resolveAccounts } from './lib/ledger-accounts.js';
import { DEFAULT_MAPPING, loadMapping, type Mapping } from './lib/mapping.js';
import { decodeOfx, describeStatement, OfxFormatError, parseOfx, type OfxBalance, type OfxStatement, type SkippedStatement } from './lib/ofx-balances.js';
import { EXIT, reportError, SetupError } from './lib/report-error.js';
import { explainStatus, humanIo, jsonReport, printJson, type RefusedFile } from './lib/sync-report.js';

const USAGE = `Usage: sync-ofx <statement.ofx|.qfx>... [--mapping <mapping.json>] [--dry-run [--json]] [--strict]
  --mapping   account mapping: statements match ofx_accounts by ACCTID (default: examples/data/mapping.json)
  --dry-run   compare with the ledger and print what would change; write nothing
  --json      with --dry-run: stdout is one JSON object (rows, skipped, refused); everything else goes to stderr
  --strict    exit with status 1 when any statement was skipped
Exit status: 0 done; 1 done but a file was refused (or, with --strict, a statement skipped), or failed while
running; 2 refused to start (arguments, environment, mapping).`;

/** One file as read: its statements (usable and skipped), or why it was refused. */
type FileRead = { file: string; version: 1 | 2; statements: Array<OfxStatement & { number: number }>; skipped: Array<SkippedStatement & { number: number }> } | { file: string; refused: string };

/** Runs the sync. Returns the exit code: 0 done, 1 refused or failed (or --strict with skipped statements), 2 refused to start. */
export async function main(argv: string[], env: Env, io: Io): Promise<number> {
  let connection: LedgerConnection | undefined;
  try {
    const options = { mapping: { type: 'string' }, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' }, strict: { type: 'boolean' } } as const;
    const { values, positionals } = parseCommandLine(argv, options, USAGE);
    if (positionals.length === 0) throw new SetupError(`give at least one OFX or QFX file\n${USAGE}`);
    const dryRun = values['dry-run'] === true;
    const json = values.json === true;
    if (json && !dryRun) throw new SetupError(`--json goes with --dry-run (a report of what would be written)\n${USAGE}`);
    const mapping = await loadMapping(values.mapping ?? DEFAULT_MAPPING);
    chooseConnection(env); // a bad environment refuses to start before anything is read
    const human = humanIo(io, json);
    const files = await readFiles(positionals);

    // Each mapped statement becomes one dated balance, compared with what the ledger holds for that day.
    const rows: BalanceRow[] = [];
    const skipped: SkippedLine[] = [];
    let unmapped = 0;
    for (const read of files) {
      if ('refused' in read) continue;
      for (const s of read.statements) {
        const target = mapping.ofxAccounts.get(s.accountId);
        const source = `${read.file} statement ${s.index}`;
        const label = maskAccountNumber(s.accountId);
        if (target) rows.push({ line: s.number, source, label, target, date: s.balance.date, balance: signedBalance(target, s.balance.amount) });
        else {
          unmapped += 1;
          skipped.push({ line: s.number, source, label, date: s.balance.date, balance: formatMoney(s.balance.amount), reason: notMapped(s.accountId) });
        }
      }
      for (const s of read.skipped) {
        skipped.push({ line: s.number, source: `${read.file} statement ${s.index}`, label: s.accountId ? maskAccountNumber(s.accountId) : '', date: '', balance: '', reason: s.reason });
      }
    }
    if (dryRun) say(human.stdout, 'Dry run: comparing with the ledger, writing nothing.');
    let planned: PlannedRow[] = [];
    if (rows.length > 0) {
      connection = connect(env, human, 'personal-ledger-examples/sync-ofx');
      const { client } = connection;
      const accounts = await resolveAccounts(client, rows.map((r) => r.target), { create: !dryRun });
      for (const line of describeNewAccounts(accounts)) say(human.stdout, line);
      const plan = await planSync(client, rows, accounts, io.signal);
      planned = plan.rows;
      skipped.push(...plan.skipped);
    }
    const changes = await report(files, planned, skipped, mapping, dryRun, connection?.client, human);
    const refused: RefusedFile[] = files.flatMap((f) => ('refused' in f ? [{ file: f.file, reason: f.refused }] : []));
    const statements = files.reduce((n, f) => n + ('refused' in f ? 0 : f.statements.length + f.skipped.length), 0);
    const others = skipped.length - unmapped;
    const tail = [
      unmapped > 0 ? `${plural(unmapped, 'statement')} not in mapping.json` : '',
      others > 0 ? `${plural(others, 'statement')} skipped` : '',
      refused.length > 0 ? `${plural(refused.length, 'file')} refused` : '',
    ].filter(Boolean);
    say(human.stdout, `Summary: ${plural(statements, 'statement')} read, ${plural(changes, 'balance')} ${dryRun ? 'would be written' : 'written'}${tail.map((t) => `; ${t}`).join('')}.`);
    if (json) printJson(io.stdout, jsonReport(planned, skipped, refused));
    return explainStatus(io, refused.length, skipped.length, values.strict === true, 'statement') ? EXIT.failed : EXIT.ok;
  } catch (error) {
    return reportError(error, io, connection?.secrets);
  } finally {
    connection?.close();
  }
}

/** Reads every file; one that cannot be read or is not OFX is refused, and the others are still read. */
async function readFiles(files: string[]): Promise<FileRead[]> {
  const all: FileRead[] = [];
  let number = 0;
  for (const file of files) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch (error) {
      all.push({ file, refused: `cannot read it: ${(error as Error).message}` });
      continue;
    }
    try {
      const parsed = parseOfx(decodeOfx(bytes));
      const ordered = [...parsed.statements, ...parsed.skipped].sort((a, b) => a.index - b.index);
      const numbers = new Map(ordered.map((s) => [s.index, ++number]));
      all.push({
        file,
        version: parsed.version,
        statements: parsed.statements.map((s) => ({ ...s, number: numbers.get(s.index)! })),
        skipped: parsed.skipped.map((s) => ({ ...s, number: numbers.get(s.index)! })),
      });
    } catch (error) {
      if (!(error instanceof OfxFormatError)) throw error;
      all.push({ file, refused: error.message });
    }
  }
  return all;
}

/** Prints each file's statements in order, writing each new or changed balance (unless a dry run). Returns how many changed. */
async function report(
  files: readonly FileRead[],
  planned: readonly PlannedRow[],
  skipped: readonly SkippedLine[],
  mapping: Mapping,
  dryRun: boolean,
  client: LedgerClient | undefined,
  io: Io,
): Promise<number> {
  const rows = new Map(planned.map((row) => [row.line, row]));
  const reasons = new Map(skipped.map((s) => [s.line, s.reason]));
  let changes = 0;
  for (const read of files) {
    const name = basename(read.file);
    if ('refused' in read) {
      say(io.stdout, `${name}: refused, nothing read from it: ${read.refused}`);
      continue;
    }
    const all = [...read.statements.map((s) => ({ ok: true as const, s })), ...read.skipped.map((s) => ({ ok: false as const, s }))].sort((a, b) => a.s.index - b.s.index);
    for (const entry of all) {
      const { s } = entry;
      const target = mapping.ofxAccounts.get(s.accountId ?? '');
      const row = rows.get(s.number);
      say(io.stdout, `${name} (OFX ${read.version}.x): ${describeStatement(s.kind, s.accountId)}${row ? ` -> ${row.target.account}` : target ? ` -> ${target.account}` : ''}`);
      if (!entry.ok) {
        say(io.stdout, `  not used: ${entry.s.reason}`);
        continue;
      }
      const statement = entry.s;
      let result: string;
      if (!row) result = `not written: ${reasons.get(s.number) ?? notMapped(statement.accountId)}`;
      else if (row.action === 'unchanged') result = 'already up to date';
      else {
        changes += 1;
        result = dryRun || !client ? describeDryRun(row) : await write(client, row, io.signal);
      }
      const what = statement.kind === 'investment' ? 'value            ' : 'ledger balance   ';
      const detail = statement.detail ? ` (${statement.detail})` : '';
      say(io.stdout, `  ${what}  ${money(statement.balance, statement)} on ${statement.balance.date}${detail}: ${result}`);
      if (statement.available) {
        say(io.stdout, `  available balance  ${money(statement.available, statement)} as of ${statement.available.date} (printed only: the ledger keeps one balance a day)`);
      }
      for (const note of statement.notes) say(io.stdout, `  note: ${note}`);
    }
  }
  return changes;
}

function notMapped(accountId: string): string {
  return `ACCTID ${maskAccountNumber(accountId)} is not in mapping.json (ofx_accounts)`;
}

/** Upserts one dated balance (POST /snapshots, keyed by account and day, so a rerun cannot duplicate it). */
async function write(client: LedgerClient, row: PlannedRow, signal: AbortSignal | undefined): Promise<string> {
  const result = await client.snapshots.upsert({ account_id: row.accountId!, snapshot_date: row.date, balance: row.balance }, { signal });
  return `${result.action}${stored(row)}`;
}

function describeDryRun(row: PlannedRow): string {
  const creating = row.accountId === undefined ? `; the ledger account would be created (${row.target.category}, ${row.target.category_type})` : '';
  return `would be ${row.action === 'new' ? 'inserted' : 'updated'}${stored(row)}${creating}`;
}

function stored(row: PlannedRow): string {
  return row.stored ? ` (was ${formatMoney(row.stored.balance)}${row.stored.is_estimated ? ', estimated' : ''})` : '';
}

function money(balance: OfxBalance, statement: OfxStatement): string {
  return `${formatMoney(balance.amount)}${statement.currency ? ` ${statement.currency}` : ''}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2), process.env, processIo());
}
