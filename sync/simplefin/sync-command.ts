// `ledger-sync simplefin`: today's balances from SimpleFIN (GET <Access URL>/accounts?balances-only=1), each
// account mapped to a ledger account through the mapping file, each balance written on the calendar day of its
// balance-date in the chosen time zone, and only the new or changed ones written.
import { parseCommandLine } from '../args';
import { connect } from '../connection';
import { EXIT, SetupError, type RunState } from '../errors';
import { formatCount, formatTable, GUIDE_URL, plural } from '../format';
import type { RefusedFile } from '../inputs';
import { say, type Env, type Io } from '../io';
import { loadMapping, mappingToStartFrom } from '../mapping';
import type { PlannedRow, SkippedRow } from '../plan';
import { formatSkipped, humanIo, jsonReport, printJson, summaryLine, writeAndReport } from '../report';
import { pointOrSetupError, readAccessFile } from './access-file';
import { AccountSetError, readAccountSet, type SimplefinBalance } from './account-set';
import { resource, type AccessPoint } from './address';
import { checkTimeZone, machineTimeZone } from './day';
import { call } from './http';
import { dailyOption } from './daily';
import { mapSimplefin } from './map';
import { timeoutOption } from './options';
import { checkStatus } from './statuses';

export const SIMPLEFIN_USAGE = `Usage: ledger-sync simplefin [--access-file <file>] [--mapping <file>] [--time-zone <zone>] [--daily <days>] [--dry-run] [--json] [--strict] [--demo] [--timeout <seconds>]
  Reads each account's balance from SimpleFIN (the Access URL's /accounts, balances only) and writes it to your
  ledger on the calendar day of its balance-date: only balances that are new or changed.
  --access-file  the file \`ledger-sync simplefin claim\` stored the Access URL in; without it, SIMPLEFIN_ACCESS_URL
  --mapping      which SimpleFIN account goes to which ledger account, by the key simplefin:<org>/<account id>
                 (see ${GUIDE_URL}#the-mapping-file);
                 without it, each account is listed with its key and nothing is written
  --time-zone    the IANA time zone whose calendar day a balance is written on (default this machine's)
  --daily        also write each day's balance of the last <days> (1 to 90): the account's balance less the
                 transactions posted after that day (pending ones left out), one snapshot per day with
                 transactions, each row's source saying so; as complete as what the bank gives the Bridge
  --dry-run      compare with the ledger and print what would change; write nothing, create no account
  --json         stdout is one JSON object (rows, skipped, refused; or error when the run fails); everything
                 else goes to stderr
  --strict       exit with status 1 when anything was skipped
  --demo         write to the built-in demo ledger (an offline fake) instead of LEDGER_BASE_URL with LEDGER_TOKEN
  --timeout      seconds to wait for the SimpleFIN server (default 60)
Exit status: 0 done; 1 the SimpleFIN server refused (403 revoked, 402 payment required), could not be read, or
reported errors (listed), or, with --strict, something was skipped; 2 refused to start (arguments, environment,
mapping, access file).`;

const OPTIONS = {
  'access-file': { type: 'string' },
  mapping: { type: 'string' },
  'time-zone': { type: 'string' },
  daily: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  demo: { type: 'boolean' },
  timeout: { type: 'string' },
} as const;

/** Runs a SimpleFIN sync. Returns the exit code; throws SetupError (exit 2) before anything is sent. */
export async function syncSimplefin(
  argv: string[],
  env: Env,
  io: Io,
  keep: (held: Partial<RunState>) => void,
): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, SIMPLEFIN_USAGE);
  keep({ json: values.json === true });
  if (positionals.length > 0) {
    throw new SetupError(
      `ledger-sync simplefin takes no arguments (${positionals.length} given, not shown): the Access URL comes from --access-file or SIMPLEFIN_ACCESS_URL, never the command line, where other users of the machine could read it\n${SIMPLEFIN_USAGE}`,
    );
  }
  const zone = checkTimeZone(values['time-zone'] ?? machineTimeZone());
  const timeoutMs = timeoutOption(values.timeout);
  const daily = values.daily === undefined ? undefined : dailyOption(values.daily);
  const dryRun = values['dry-run'] === true;
  const json = values.json === true;
  const human = humanIo(io, json);
  const mapping = values.mapping === undefined ? undefined : await loadMapping(values.mapping);
  const point = await accessPoint(values['access-file'], env, io);
  keep({ secrets: point.secrets });
  const connection = connect(env, { demo: values.demo === true, dryRun }, human);
  keep({ secrets: [...point.secrets, ...connection.secrets] });

  const host = point.root.host;
  const url = resource(point.root, 'accounts');
  // --daily: the transactions posted since that many days ago (pending ones are left out unless asked: not asked).
  if (daily === undefined) url.searchParams.set('balances-only', '1');
  else url.searchParams.set('start-date', String(Math.floor(Date.now() / 1000) - daily * 86_400));
  const answer = await call(point, url, 'GET', { timeoutMs, signal: io.signal });
  checkStatus(answer, 'accounts', host);
  let reading;
  try {
    reading = readAccountSet(answer.body, zone);
  } catch (error) {
    if (error instanceof AccountSetError)
      throw new Error(
        `the SimpleFIN server at ${host} answered GET /accounts, but ${error.message}; nothing was written`,
      );
    throw error;
  }
  const refused: RefusedFile[] = reading.errors.map((e) => ({
    file: `SimpleFIN server ${host}`,
    reason: `the server reports: ${e}`,
  }));
  for (const e of reading.errors) say(human.stdout, `The SimpleFIN server reports: ${e}`);
  const count = plural(reading.balances.length + reading.skipped.length, 'account');
  say(
    human.stdout,
    `SimpleFIN ${host}: ${count}${reading.balances.length > 0 ? `; each balance on its day in ${zone}:` : '.'}`,
  );
  if (reading.balances.length > 0) say(human.stdout, formatAccounts(reading.balances));

  const mapped = mapSimplefin(reading.balances, mapping, daily === undefined ? undefined : { zone });
  const skipped: SkippedRow[] = [...reading.skipped, ...mapped.skipped];
  const {
    planned,
    written,
    skipped: notWritten,
  } = await writeAndReport(connection.client, mapped.rows, human.stdout, { dryRun, signal: io.signal });
  skipped.push(...notWritten);
  if (skipped.length > 0) {
    say(human.stdout, `${plural(skipped.length, 'account')} skipped:`);
    say(human.stdout, formatSkipped(skipped));
  }
  if (!mapping && reading.balances.length > 0) say(human.stdout, mappingHint(reading.balances));
  say(
    human.stdout,
    mapping
      ? summary(planned, written, skipped.length, reading.errors.length, dryRun, connection.target)
      : 'Summary: nothing was written (no --mapping).',
  );
  if (json) printJson(io.stdout, jsonReport(planned, skipped, refused));
  return explain(io, reading.errors.length, skipped.length, values.strict === true) ? EXIT.failed : EXIT.ok;
}

/** The Access URL: from --access-file, else SIMPLEFIN_ACCESS_URL; neither is refused. */
async function accessPoint(file: string | undefined, env: Env, io: Io): Promise<AccessPoint> {
  if (file !== undefined) return readAccessFile(file, io.stderr);
  const value = env.SIMPLEFIN_ACCESS_URL;
  if (value === undefined || value.trim() === '') {
    throw new SetupError(
      'no SimpleFIN Access URL: pass --access-file <file> (the file `ledger-sync simplefin claim <token> --out <file>` writes), or set SIMPLEFIN_ACCESS_URL',
    );
  }
  return pointOrSetupError(value, 'SIMPLEFIN_ACCESS_URL');
}

/** Each account read: its name, key, day, balance, and the available balance (reported, never written). */
function formatAccounts(balances: readonly SimplefinBalance[]): string {
  return formatTable(
    ['Account', 'Date', 'Balance', 'Available (not written)', 'Key'],
    balances.map((b) => [
      b.name,
      b.date,
      `${b.balance} ${b.currency}`,
      b.available ? `${b.available} ${b.currency}` : '',
      b.key,
    ]),
    [2, 3],
  );
}

/** Without --mapping: a mapping to start from, one entry per account (the category to be chosen by the user). */
function mappingHint(balances: readonly SimplefinBalance[]): string {
  const text = mappingToStartFrom(
    balances.map((b) => ({ key: b.key, account: b.name || b.key, currency: b.currency })),
  );
  return `No --mapping given, so nothing is written. A mapping to start from (set each category; a card is a liability):\n${text}`;
}

function summary(
  planned: readonly PlannedRow[],
  written: number,
  skipped: number,
  errors: number,
  dryRun: boolean,
  target: string,
): string {
  const tail = `${skipped > 0 ? `; ${formatCount(skipped)} skipped` : ''}${errors > 0 ? `; the server reported ${plural(errors, 'error')}` : ''}`;
  return summaryLine(planned, written, dryRun, target, tail);
}

/** The closing line of a run whose exit status is 1 although it finished: why, on stderr. */
function explain(io: Io, errors: number, skipped: number, strict: boolean): boolean {
  const reasons: string[] = [];
  if (errors > 0) reasons.push(`the SimpleFIN server reported ${plural(errors, 'error')}`);
  if (strict && skipped > 0) reasons.push(`--strict and ${plural(skipped, 'account was', 'accounts were')} skipped`);
  if (reasons.length > 0) say(io.stderr, `Exiting with status 1 because ${reasons.join(' and ')} (listed above).`);
  return reasons.length > 0;
}
