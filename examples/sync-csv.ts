// Syncs a bank's balance export (CSV) into the ledger: one dated balance per account and day.
//
//   npx tsx examples/sync-csv.ts examples/data/first-bank-balances.csv --bank first-bank-us [--dry-run]
//
// The bank profile and the account mapping come from examples/data/mapping.json (--mapping to use another).
// Accounts that do not exist yet are created; only balances that are new or changed are sent, so running the
// same file twice writes nothing the second time. Lines that cannot be used are listed with the reason.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCommandLine } from './lib/args.js';
import { decodeExport, ExportFormatError, labelKey, parseExport, type RejectedLine } from './lib/bank-csv.js';
import { countActions, formatPlan, formatSkipped, planSync, rowsToWrite, writePlan, type BalanceRow, type SkippedLine } from './lib/balance-sync.js';
import { connect, type LedgerConnection } from './lib/connection.js';
import { formatCount, formatMoney, plural } from './lib/format.js';
import { processIo, say, type Env, type Io } from './lib/io.js';
import { describeNewAccounts, resolveAccounts } from './lib/ledger-accounts.js';
import { bankById, DEFAULT_MAPPING, loadMapping, type BankMapping } from './lib/mapping.js';
import { EXIT, reportError, SetupError } from './lib/report-error.js';

const USAGE = `Usage: sync-csv <export.csv> --bank <profile> [--mapping <mapping.json>] [--dry-run] [--strict]
  --bank      the bank profile in the mapping file that describes this export
  --mapping   bank profiles and account mapping (default: examples/data/mapping.json)
  --dry-run   compare with the ledger and print what would change; write nothing
  --strict    exit with status 1 when any line was skipped`;

/** Runs the sync. Returns the exit code: 0 done, 1 failed (or --strict with skipped lines), 2 refused to start. */
export async function main(argv: string[], env: Env, io: Io): Promise<number> {
  let connection: LedgerConnection | undefined;
  try {
    const { values, positionals } = parseCommandLine(
      argv,
      { bank: { type: 'string' }, mapping: { type: 'string' }, 'dry-run': { type: 'boolean' }, strict: { type: 'boolean' } },
      USAGE,
    );
    if (positionals.length !== 1) throw new SetupError(`give exactly one export file\n${USAGE}`);
    const file = positionals[0]!;
    const mappingPath = values.mapping ?? DEFAULT_MAPPING;
    const bank = bankById(await loadMapping(mappingPath), values.bank, mappingPath);
    const { rows, rejected } = await readExport(file, bank);

    connection = connect(env, io, 'personal-ledger-examples/sync-csv');
    say(io.stdout, describeRead(file, bank, rows, rejected.length));
    const dryRun = values['dry-run'] === true;
    const skipped = await sync(connection, bank, rows, dryRun, io);
    const allSkipped = [...rejected, ...skipped];
    if (allSkipped.length > 0) {
      say(io.stdout, `${plural(allSkipped.length, 'line')} skipped:`);
      say(io.stdout, formatSkipped(allSkipped));
    }
    if (values.strict && allSkipped.length > 0) {
      say(io.stderr, `--strict: exiting with status 1 because ${plural(allSkipped.length, 'line')} of the export ${allSkipped.length === 1 ? 'was' : 'were'} skipped (listed above).`);
      return EXIT.failed;
    }
    return EXIT.ok;
  } catch (error) {
    return reportError(error, io, connection?.secrets);
  } finally {
    connection?.close();
  }
}

/** Reads and parses the export, then maps each label; unknown labels join the rejected lines. */
async function readExport(file: string, bank: BankMapping): Promise<{ rows: BalanceRow[]; rejected: RejectedLine[] }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new SetupError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed;
  try {
    parsed = parseExport(decodeExport(bytes, bank.profile), bank.profile);
  } catch (error) {
    if (error instanceof ExportFormatError) throw new SetupError(`${file}: ${error.message}`);
    throw error;
  }
  const rows: BalanceRow[] = [];
  const rejected = [...parsed.rejected];
  for (const line of parsed.rows) {
    const target = bank.accounts.get(labelKey(line.label));
    if (target) rows.push({ line: line.line, label: line.label, target, date: line.date, balance: line.balance });
    else {
      const balance = formatMoney(line.balance);
      rejected.push({ line: line.line, label: line.label, date: line.date, balance, reason: `no mapping for this label (banks.${bank.id}.accounts)` });
    }
  }
  return { rows, rejected };
}

function describeRead(file: string, bank: BankMapping, rows: readonly BalanceRow[], rejected: number): string {
  const accounts = new Set(rows.map((r) => labelKey(r.target.account))).size;
  const dates = rows.map((r) => r.date).sort();
  const span = dates.length > 0 ? `, ${dates[0]} to ${dates[dates.length - 1]}` : '';
  return `Read ${basename(file)} (${bank.profile.name}): ${plural(rows.length, 'balance')} for ${plural(accounts, 'account')}${span}; ${plural(rejected, 'line')} skipped.`;
}

/** Resolves accounts, compares, and writes (or, in a dry run, prints the plan). Returns the lines skipped on the way. */
async function sync(connection: LedgerConnection, bank: BankMapping, rows: BalanceRow[], dryRun: boolean, io: Io): Promise<SkippedLine[]> {
  const { client } = connection;
  const out = io.stdout;
  if (dryRun) say(out, 'Dry run: comparing with the ledger, writing nothing.');
  const targets = rows.map((r) => r.target);
  const institutionName = bank.profile.institution_name ?? bank.profile.name;
  const accounts = await resolveAccounts(client, targets, { create: !dryRun, institutionName });
  for (const line of describeNewAccounts(accounts)) say(out, line);
  const plan = await planSync(client, rows, accounts, io.signal);
  const counts = countActions(plan);
  const changes = `${formatCount(counts.new)} new, ${formatCount(counts.changed)} changed, ${formatCount(counts.unchanged)} already up to date`;
  if (dryRun) {
    if (plan.rows.length > 0) say(out, formatPlan(plan.rows));
    const toWrite = rowsToWrite(plan).length;
    say(out, `Summary (dry run): ${plural(toWrite, 'balance')} would be written (${changes}); nothing was written.`);
    return plan.skipped;
  }
  if (rowsToWrite(plan).length === 0) {
    say(out, `Nothing to write: all ${plural(plan.rows.length, 'balance')} already up to date.`);
    return plan.skipped;
  }
  const { report, skipped } = await writePlan(client, plan, io.signal);
  const written = report.inserted + report.updated;
  const refused = skipped.length > 0 ? `; ${formatCount(skipped.length)} refused by the ledger` : '';
  say(out, `Summary: wrote ${plural(written, 'balance')} to ${connection.target} (${changes})${refused}.`);
  return [...plan.skipped, ...skipped];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2), process.env, processIo());
}
