// Syncs a bank's CSV export into the ledger: the closing balance of each account and day.
//
//   npx tsx examples/sync-csv.ts examples/data/first-bank-balances.csv --bank first-bank-us [--dry-run [--json]]
//
// The bank profile and the account mapping come from examples/data/mapping.json (--mapping to use another); a
// profile may name one of the real bank layouts in examples/data/bank-profiles.json. Accounts that do not exist yet
// are created; only balances that are new or changed are sent, so running the same file twice writes nothing the
// second time. Lines and days that cannot be used are listed with the reason.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCommandLine } from './lib/args.js';
import { decodeExport, ExportFormatError, parseExport } from './lib/bank-csv.js';
import { countActions, formatPlan, formatSkipped, planSync, rowsToWrite, signedBalance, writePlan, type BalanceRow, type SkippedLine } from './lib/balance-sync.js';
import { chooseConnection, connect, type LedgerConnection } from './lib/connection.js';
import { closeDays } from './lib/day-closing.js';
import { toNumber } from './lib/decimal.js';
import { formatCount, formatMoney, plural } from './lib/format.js';
import { processIo, say, type Env, type Io } from './lib/io.js';
import { describeNewAccounts, resolveAccounts } from './lib/ledger-accounts.js';
import { bankById, DEFAULT_MAPPING, loadMapping, targetOf, type BankMapping } from './lib/mapping.js';
import { EXIT, reportError, SetupError } from './lib/report-error.js';
import { explainStatus, humanIo, jsonReport, printJson, type RefusedFile } from './lib/sync-report.js';

const USAGE = `Usage: sync-csv <export.csv> --bank <profile> [--mapping <mapping.json>] [--dry-run [--json]] [--strict]
  --bank      the bank profile in the mapping file that describes this export
  --mapping   bank profiles and account mapping (default: examples/data/mapping.json)
  --dry-run   compare with the ledger and print what would change; write nothing
  --json      with --dry-run: stdout is one JSON object (rows, skipped, refused); everything else goes to stderr
  --strict    exit with status 1 when any line was skipped
Exit status: 0 done; 1 done but the export was refused (or, with --strict, a line skipped), or failed while
running; 2 refused to start (arguments, environment, mapping).`;

/** What was read from the export: balances to sync and lines not used, or the reason the whole file was refused. */
type ReadResult = { rows: BalanceRow[]; skipped: SkippedLine[] } | { refused: RefusedFile };

/** Runs the sync. Returns the exit code: 0 done, 1 refused or failed (or --strict with skipped lines), 2 refused to start. */
export async function main(argv: string[], env: Env, io: Io): Promise<number> {
  let connection: LedgerConnection | undefined;
  try {
    const options = { bank: { type: 'string' }, mapping: { type: 'string' }, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' }, strict: { type: 'boolean' } } as const;
    const { values, positionals } = parseCommandLine(argv, options, USAGE);
    if (positionals.length !== 1) throw new SetupError(`give exactly one export file\n${USAGE}`);
    const dryRun = values['dry-run'] === true;
    const json = values.json === true;
    if (json && !dryRun) throw new SetupError(`--json goes with --dry-run (a report of what would be written)\n${USAGE}`);
    const file = positionals[0]!;
    const mappingPath = values.mapping ?? DEFAULT_MAPPING;
    const bank = bankById(await loadMapping(mappingPath), values.bank, mappingPath);
    chooseConnection(env); // a bad environment refuses to start before anything is read
    const human = humanIo(io, json);

    const read = await readExport(file, bank);
    if ('refused' in read) {
      say(human.stderr, `Refused ${file}: ${read.refused.reason}`);
      if (json) printJson(io.stdout, jsonReport([], [], [read.refused]));
      return EXIT.failed;
    }
    const { rows } = read;
    say(human.stdout, describeRead(file, bank, rows, read.skipped.length));
    let planned: Awaited<ReturnType<typeof sync>> = { rows: [], skipped: [] };
    if (rows.length > 0) {
      connection = connect(env, human, 'personal-ledger-examples/sync-csv');
      planned = await sync(connection, bank, rows, dryRun, human);
    }
    const allSkipped = [...read.skipped, ...planned.skipped];
    if (allSkipped.length > 0) {
      say(human.stdout, `${plural(allSkipped.length, 'line')} skipped:`);
      say(human.stdout, formatSkipped(allSkipped));
    }
    if (json) printJson(io.stdout, jsonReport(planned.rows, allSkipped, []));
    return explainStatus(io, 0, allSkipped.length, values.strict === true, 'line') ? EXIT.failed : EXIT.ok;
  } catch (error) {
    return reportError(error, io, connection?.secrets);
  } finally {
    connection?.close();
  }
}

/**
 * Reads and parses the export, closes each account's days and maps each label. Lines that cannot be read, days
 * whose closing line cannot be established and unknown labels become skipped lines; a file that does not fit the
 * profile at all is refused.
 */
async function readExport(file: string, bank: BankMapping): Promise<ReadResult> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { refused: { file, reason: `cannot read it: ${(error as Error).message}` } };
  }
  let parsed;
  try {
    parsed = parseExport(decodeExport(bytes, bank.profile), bank.profile);
  } catch (error) {
    if (error instanceof ExportFormatError) return { refused: { file, reason: error.message } };
    throw error;
  }
  const at = (lines: readonly number[]) => `${file} ${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`;
  const skipped: SkippedLine[] = parsed.rejected.map((r) => ({ ...r, source: at([r.line]) }));
  const { closed, unsettled } = closeDays(parsed.lines);
  for (const day of unsettled) skipped.push({ line: day.lines[0]!, source: at(day.lines), label: day.label, date: day.date, balance: '', reason: day.reason });

  const rows: BalanceRow[] = [];
  const days = [...closed, ...(parsed.statement ? [{ ...parsed.statement, label: '' }] : [])];
  for (const day of days) {
    const target = targetOf(bank, day.label);
    const balance = toNumber(day.balance);
    if (target) rows.push({ line: day.line, source: at([day.line]), label: day.label, target, date: day.date, balance: signedBalance(target, balance) });
    else {
      const reason = `no mapping for this label (banks.${bank.id}.accounts)`;
      skipped.push({ line: day.line, source: at([day.line]), label: day.label, date: day.date, balance: formatMoney(balance), reason });
    }
  }
  return { rows, skipped };
}

function describeRead(file: string, bank: BankMapping, rows: readonly BalanceRow[], skipped: number): string {
  const accounts = new Set(rows.map((r) => r.target.account.toLowerCase())).size;
  const dates = rows.map((r) => r.date).sort();
  const span = dates.length > 0 ? `, ${dates[0]} to ${dates[dates.length - 1]}` : '';
  return `Read ${basename(file)} (${bank.profile.name}): ${plural(rows.length, 'balance')} for ${plural(accounts, 'account')}${span}; ${plural(skipped, 'line')} skipped.`;
}

/** Resolves accounts, compares, and writes (or, in a dry run, prints the plan). Returns the plan's rows and the lines skipped on the way. */
async function sync(connection: LedgerConnection, bank: BankMapping, rows: BalanceRow[], dryRun: boolean, io: Io) {
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
    return plan;
  }
  if (rowsToWrite(plan).length === 0) {
    say(out, `Nothing to write: all ${plural(plan.rows.length, 'balance')} already up to date.`);
    return plan;
  }
  const { report, skipped } = await writePlan(client, plan, io.signal);
  const written = report.inserted + report.updated;
  const refused = skipped.length > 0 ? `; ${formatCount(skipped.length)} refused by the ledger` : '';
  say(out, `Summary: wrote ${plural(written, 'balance')} to ${connection.target} (${changes})${refused}.`);
  return { rows: plan.rows, skipped: [...plan.skipped, ...skipped] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2), process.env, processIo());
}
