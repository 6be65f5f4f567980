// Syncs the closing balance of OFX/QFX statements (the files banks offer for Quicken, Money or GnuCash):
// the ledger balance (LEDGERBAL) on the statement's date is written to the mapped ledger account; the available
// balance (AVAILBAL) is printed, not stored, since the ledger keeps one balance per account and day.
//
//   npx tsx examples/sync-ofx.ts examples/data/statement-v1.ofx examples/data/statement-v2.qfx [--dry-run]
//
// Statements are mapped to ledger accounts by ACCTID under ofx_accounts in examples/data/mapping.json; a
// missing ledger account is created. An unchanged balance is not sent again.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LedgerClient } from 'personal-ledger-sdk';
import { parseCommandLine } from './lib/args.js';
import { planSync, type BalanceRow, type PlannedRow } from './lib/balance-sync.js';
import { connect, type LedgerConnection } from './lib/connection.js';
import { formatMoney, maskAccountNumber, plural } from './lib/format.js';
import { processIo, say, type Env, type Io } from './lib/io.js';
import { describeNewAccounts, resolveAccounts } from './lib/ledger-accounts.js';
import { DEFAULT_MAPPING, loadMapping } from './lib/mapping.js';
import { decodeOfx, OfxFormatError, parseOfx, type OfxBalance, type OfxStatement } from './lib/ofx-balances.js';
import { EXIT, reportError, SetupError } from './lib/report-error.js';

const USAGE = `Usage: sync-ofx <statement.ofx|.qfx>... [--mapping <mapping.json>] [--dry-run]
  --mapping   account mapping: statements match ofx_accounts by ACCTID (default: examples/data/mapping.json)
  --dry-run   compare with the ledger and print what would change; write nothing`;

/** One statement of one file; `number` orders statements across files (1-based). */
interface Statement extends OfxStatement {
  number: number;
  file: string;
  version: 1 | 2;
}

/** Runs the sync. Returns the exit code: 0 done, 1 failed, 2 refused to start. */
export async function main(argv: string[], env: Env, io: Io): Promise<number> {
  let connection: LedgerConnection | undefined;
  try {
    const { values, positionals } = parseCommandLine(argv, { mapping: { type: 'string' }, 'dry-run': { type: 'boolean' } }, USAGE);
    if (positionals.length === 0) throw new SetupError(`give at least one OFX or QFX file\n${USAGE}`);
    const mapping = await loadMapping(values.mapping ?? DEFAULT_MAPPING);
    const statements = await readStatements(positionals);
    connection = connect(env, io, 'personal-ledger-examples/sync-ofx');
    const dryRun = values['dry-run'] === true;
    if (dryRun) say(io.stdout, 'Dry run: comparing with the ledger, writing nothing.');

    // Each mapped statement becomes one dated balance, compared with what the ledger holds for that day.
    const rows: BalanceRow[] = [];
    for (const s of statements) {
      const target = mapping.ofxAccounts.get(s.accountId);
      if (target) rows.push({ line: s.number, label: maskAccountNumber(s.accountId), target, date: s.ledger.date, balance: s.ledger.amount });
    }
    const { client } = connection;
    const accounts = await resolveAccounts(client, rows.map((r) => r.target), { create: !dryRun });
    for (const line of describeNewAccounts(accounts)) say(io.stdout, line);
    const plan = await planSync(client, rows, accounts, io.signal);
    const planned = new Map(plan.rows.map((row) => [row.line, row]));
    const skipped = new Map(plan.skipped.map((s) => [s.line, s.reason]));

    let changes = 0;
    for (const s of statements) {
      const row = planned.get(s.number);
      const kind = s.kind === 'bank' ? 'bank account' : 'credit card';
      say(io.stdout, `${basename(s.file)} (OFX ${s.version}.x): ${kind} ${maskAccountNumber(s.accountId)}${row ? ` -> ${row.target.account}` : ''}`);
      let result: string;
      if (!row) result = `not written: ${skipped.get(s.number) ?? `ACCTID ${maskAccountNumber(s.accountId)} is not in mapping.json (ofx_accounts)`}`;
      else if (row.action === 'unchanged') result = 'already up to date';
      else {
        changes += 1;
        result = dryRun ? describeDryRun(row) : await write(client, row, io.signal);
      }
      say(io.stdout, `  ledger balance     ${money(s.ledger, s)} on ${s.ledger.date}: ${result}`);
      if (s.available) {
        say(io.stdout, `  available balance  ${money(s.available, s)} as of ${s.available.date} (printed only: the ledger keeps one balance a day)`);
      }
    }
    const verb = dryRun ? 'would be written' : 'written';
    const unmapped = statements.length - rows.length;
    const notMapped = unmapped > 0 ? `; ${plural(unmapped, 'statement')} not in mapping.json` : '';
    say(io.stdout, `Summary: ${plural(statements.length, 'statement')} read, ${plural(changes, 'balance')} ${verb}${notMapped}.`);
    return EXIT.ok;
  } catch (error) {
    return reportError(error, io, connection?.secrets);
  } finally {
    connection?.close();
  }
}

async function readStatements(files: string[]): Promise<Statement[]> {
  const all: Statement[] = [];
  for (const file of files) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch (error) {
      throw new SetupError(`cannot read ${file}: ${(error as Error).message}`);
    }
    try {
      const { version, statements } = parseOfx(decodeOfx(bytes));
      for (const statement of statements) all.push({ ...statement, number: all.length + 1, file, version });
    } catch (error) {
      if (error instanceof OfxFormatError) throw new SetupError(`${file}: ${error.message}`);
      throw error;
    }
  }
  return all;
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
