// `ledger-sync <file or folder>...`: reads statement files of every format, maps each account to a ledger account,
// and writes each closing balance that is new or changed.
import {
  BALANCE_KINDS,
  DEFAULT_WRITTEN_KINDS,
  isBalanceKind,
  selectBalances,
  type BalanceKind,
  type SelectedBalance,
} from 'personal-ledger-sdk/statements';
import { parseCommandLine } from './args';
import { connect } from './connection';
import { EXIT, SetupError, type RunState } from './errors';
import { checkNewMappingFile, reportFirstRun } from './first-run';
import { formatCount, GUIDE_URL, plural } from './format';
import type { RefusedFile } from './inputs';
import { say, type Env, type Io } from './io';
import { loadMapping, mappingToStartFrom, type Mapping } from './mapping';
import { mapBalances, type PlannedRow, type SkippedRow } from './plan';
import { progressReporter } from './progress';
import { bankByName, filesNotNamed, readFiles, type ReadFile } from './read-files';
import {
  explainStatus,
  formatRefused,
  formatSkipped,
  humanIo,
  jsonReport,
  printJson,
  summaryLine,
  writeAndReport,
} from './report';

export const FILES_USAGE = `Usage: ledger-sync <file or folder>... --mapping <file> [--dry-run] [--json] [--strict] [--bank <id>] [--write <kinds>] [--daily] [--accept-unbalanced] [--demo]
       ledger-sync <file or folder>... [--write-mapping <file>] [--json] [--bank <id>] [--write <kinds>]   (a first run)
  Reads bank statement files (OFX/QFX, camt.053/camt.052, MT940, CSV exports), every format told from the content,
  and writes each account's closing balance to your ledger: only balances that are new or changed.
  --mapping   which statement account goes to which ledger account (and CSV bank profiles): see
              ${GUIDE_URL}#the-mapping-file
              Without it, a first run: each statement's account, currency and balances, and a mapping to start
              from; nothing is written, no ledger or token is needed, and the exit status is 2
  --write-mapping  on a first run, also save the mapping to start from in this file (a new file: never overwritten)
  --dry-run   compare with the ledger and print what would change; write nothing, create no account
  --json      stdout is one JSON object (rows, skipped, refused; or error when the run fails); everything else
              goes to stderr
  --strict    exit with status 1 when anything was skipped
  --bank      the bank (in the mapping's "banks", or a shipped layout) whose profile reads the CSV files;
              without it, each CSV file is read by the one bank of the mapping whose profile fits it
  --write     the kinds of balance to write (default ${DEFAULT_WRITTEN_KINDS.join(',')}); others are reported:
              ${BALANCE_KINDS.map((k) => k.kind).join(', ')}
  --daily     also write each day's balance a statement proves: its opening balance plus its booked entries,
              day by day (MT940, camt; OFX back from LEDGERBAL over a list shown complete); one snapshot per day
              with entries, each row's source saying it was derived and from what. For a first import of past
              statements
  --accept-unbalanced
              write the closing balance of a statement that does not add up as the bank states it (its row's
              source says so); without it such a statement is skipped. No day is ever derived from it
  --demo      write to the built-in demo ledger (an offline fake) instead of LEDGER_BASE_URL with LEDGER_TOKEN
Exit status: 0 done; 1 done but a file was refused (or, with --strict, something skipped), or failed while
running; 2 refused to start (arguments, environment, mapping).
Balances from SimpleFIN Bridge, with no file: ledger-sync simplefin --help. The version: ledger-sync --version`;

/** What a run without files is told: the usage's first line, and where the rest is. */
const SHORT_USAGE = `${FILES_USAGE.split('\n')[0]}
More: ledger-sync --help; balances from SimpleFIN Bridge, with no file: ledger-sync simplefin --help`;

const OPTIONS = {
  mapping: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  bank: { type: 'string' },
  write: { type: 'string' },
  daily: { type: 'boolean' },
  'accept-unbalanced': { type: 'boolean' },
  demo: { type: 'boolean' },
  'write-mapping': { type: 'string' },
} as const;

/** A run without --mapping: the files are read with no account mapped and no bank but --bank's shipped layout. */
const NO_MAPPING: Mapping = { accounts: new Map(), banks: new Map() };

/** Runs writing more than this many rows show the bulk helper's progress on stderr. */
const PROGRESS_ROWS = 5000;

/** Runs a file sync. Returns the exit code. Throws SetupError (exit 2) before anything is read or sent. */
export async function syncFiles(
  argv: string[],
  env: Env,
  io: Io,
  keep: (held: Partial<RunState>) => void,
): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, FILES_USAGE);
  keep({ json: values.json === true });
  if (positionals.length === 0) throw new SetupError(`give one or more statement files or folders\n${SHORT_USAGE}`);
  const dryRun = values['dry-run'] === true;
  const json = values.json === true;
  const kinds = writeKinds(values.write);
  const writeTo = values['write-mapping'];
  if (values.mapping !== undefined && writeTo !== undefined)
    throw new SetupError(
      `--write-mapping saves a mapping to start from, on a first run (without --mapping): give one or the other\n${FILES_USAGE}`,
    );
  if (writeTo !== undefined) await checkNewMappingFile(writeTo);
  const mapping = values.mapping === undefined ? NO_MAPPING : await loadMapping(values.mapping);
  const bank = values.bank === undefined ? undefined : bankByName(mapping, values.bank);
  const human = humanIo(io, json);
  if (values.mapping === undefined) return firstRun(positionals, { kinds, bank, writeTo }, io, human, json);
  const connection = connect(env, { demo: values.demo === true, dryRun }, human);
  keep({ secrets: connection.secrets });

  const { paths, files, refused } = await readFiles(positionals, [values.mapping], mapping, bank, io.stderr);
  const selection = selectBalances(
    files.map((f) => ({ source: f.source, file: f.file })),
    { kinds, daily: values.daily === true, acceptUnbalanced: values['accept-unbalanced'] === true },
  );
  const mapped = mapBalances(selection.balances, new Map(files.map((f) => [f.source, f])), mapping);
  for (const f of files)
    say(
      human.stdout,
      describeFile(
        f,
        selection.balances.filter((b) => b.source === f.source),
        kinds,
      ),
    );
  const unbalanced = selection.balances.filter((b) => b.unbalanced);
  if (unbalanced.length > 0) {
    say(
      human.stdout,
      `${plural(unbalanced.length, 'closing balance')} of statements that do not add up ${unbalanced.length === 1 ? 'is' : 'are'} taken as the bank states ${unbalanced.length === 1 ? 'it' : 'them'} (--accept-unbalanced): ${unbalanced.map((b) => `${b.source} ${b.statement.location}`).join(', ')}`,
    );
  }

  const skipped: SkippedRow[] = [
    ...selection.skipped.map((s) => ({
      source: `${s.source} ${s.location}`,
      label: s.account ?? '',
      date: '',
      balance: '',
      reason: s.reason,
    })),
    ...mapped.skipped,
  ];
  const bar =
    mapped.rows.length > PROGRESS_ROWS && !dryRun ? progressReporter(io.stderr, mapped.rows.length) : undefined;
  const {
    planned,
    written,
    skipped: notWritten,
  } = await writeAndReport(connection.client, mapped.rows, human.stdout, {
    dryRun,
    signal: io.signal,
    onProgress: bar?.update,
  });
  bar?.end();
  skipped.push(...notWritten);
  // A file nothing came of (a page without its statement's close, say) is named with why, in --json too.
  const named = [...planned.map((r) => r.source), ...skipped.map((s) => s.source)];
  for (const f of filesNotNamed(files, named))
    skipped.push({
      source: f.source,
      label: [...new Set(f.file.statements.map((st) => st.account.id))].join(', '),
      date: '',
      balance: '',
      reason: `nothing to write from it: ${fileParts(f, [], kinds).join('; ')}`,
    });
  if (skipped.length > 0) {
    skipped.sort(bySource(paths));
    say(human.stdout, `${plural(skipped.length, 'item')} skipped:`);
    say(human.stdout, formatSkipped(skipped));
  }
  if (mapped.unmapped.length > 0) {
    const entries = mapped.unmapped.map((u) => ({ key: u.key, account: u.key, currency: u.currency }));
    say(
      human.stdout,
      `${plural(mapped.unmapped.length, 'account is', 'accounts are')} not in the mapping. To add to its "accounts" (name each ledger account, set its category; a card is a liability):`,
    );
    say(human.stdout, mappingToStartFrom(entries));
  }
  if (refused.length > 0) {
    say(
      human.stdout,
      `${plural(refused.length, 'file')} refused, nothing read from ${refused.length === 1 ? 'it' : 'them'}:`,
    );
    say(human.stdout, formatRefused(refused));
  }
  say(human.stdout, summary(planned, written, skipped.length, refused, dryRun, connection.target));
  if (json) printJson(io.stdout, jsonReport(planned, skipped, refused));
  return explainStatus(io, refused.length, skipped.length, values.strict === true) ? EXIT.failed : EXIT.ok;
}

/** Orders skipped items as the files were given, then by where they are in the file (the first number after its name). */
function bySource(paths: readonly string[]): (a: SkippedRow, b: SkippedRow) => number {
  const key = (source: string): [number, number] => {
    const file = paths.findIndex((p) => source === p || source.startsWith(`${p} `));
    return [file, Number(/\d+/.exec(source.slice((paths[file] ?? '').length))?.[0] ?? 0)];
  };
  return (a, b) => {
    const [fa, pa] = key(a.source);
    const [fb, pb] = key(b.source);
    return fa - fb || pa - pb;
  };
}

/** --write: the kinds to write, each checked against the table of balance kinds. */
function writeKinds(text: string | undefined): BalanceKind[] {
  if (text === undefined) return [...DEFAULT_WRITTEN_KINDS];
  const kinds = text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = kinds.filter((k) => !isBalanceKind(k));
  if (kinds.length === 0 || unknown.length > 0) {
    throw new SetupError(
      `--write ${unknown.length > 0 ? `names unknown kinds (${unknown.join(', ')})` : 'is empty'}: give some of ${BALANCE_KINDS.map((k) => k.kind).join(', ')}`,
    );
  }
  return kinds as BalanceKind[];
}

/** A first run: what the files hold and a mapping to start from; nothing written. Exit status 2. */
async function firstRun(
  given: string[],
  options: { kinds: BalanceKind[]; bank: ReturnType<typeof bankByName> | undefined; writeTo: string | undefined },
  io: Io,
  human: Io,
  json: boolean,
): Promise<number> {
  const { files, refused } = await readFiles(given, [], NO_MAPPING, options.bank, io.stderr);
  const selection = selectBalances(
    files.map((f) => ({ source: f.source, file: f.file })),
    { kinds: options.kinds },
  );
  const describe = (f: ReadFile) =>
    describeFile(
      f,
      selection.balances.filter((b) => b.source === f.source),
      options.kinds,
    );
  const empty = files.filter(
    (f) => f.file.statements.length === 0 && !selection.skipped.some((s) => s.source === f.source),
  );
  const skipped = [
    ...selection.skipped,
    ...empty.map((f) => ({
      source: f.source,
      location: '',
      reason: `nothing in it to map: ${fileParts(f, [], options.kinds).join('; ')}`,
    })),
  ];
  say(
    io.stderr,
    await reportFirstRun({ files, skipped, refused }, options.kinds, io, {
      human,
      json,
      writeTo: options.writeTo,
      describe,
    }),
  );
  return EXIT.refused;
}

/** One line per file: its format, what it holds, and the balances it states that are reported, not written. */
function describeFile(f: ReadFile, selected: readonly SelectedBalance[], kinds: readonly BalanceKind[]): string {
  return `${f.source}: ${f.file.formatName}: ${fileParts(f, selected, kinds).join('; ')}`;
}

/** What a file holds, in parts: statements, balances found of the kinds written (and how many derived), items skipped, other balances. */
function fileParts(f: ReadFile, selected: readonly SelectedBalance[], kinds: readonly BalanceKind[]): string[] {
  const toWrite = selected.length;
  const derived = selected.filter((b) => b.derived).length;
  const statements = f.file.statements;
  const others = statements.flatMap((s) => s.balances).filter((b) => !kinds.includes(b.kind));
  const otherKinds = kindNames(others.map((b) => b.kind));
  const found = statements.flatMap((s) => s.balances.map((b) => b.kind)).filter((k) => kinds.includes(k));
  return [
    plural(statements.length, f.file.format === 'csv' ? 'account' : 'statement'),
    // Found in the file, before the mapping and the ledger have their say (the table and the summary give those).
    toWrite === 0
      ? `no balance of the kinds written (${kindNames(kinds)})`
      : `${plural(toWrite, 'balance')} found (${kindNames(found)}${derived > 0 ? `; ${formatCount(derived)} of them derived day by day` : ''})`,
    ...(f.file.skipped.length > 0 ? [`${formatCount(f.file.skipped.length)} skipped`] : []),
    ...(others.length > 0 ? [`${plural(others.length, 'other balance')} reported, not written (${otherKinds})`] : []),
  ];
}

/** Balance kinds in words, each once: `closing booked, intraday available`. */
function kindNames(kinds: readonly string[]): string {
  return [...new Set(kinds.map((k) => k.replace(/_/g, ' ')))].join(', ');
}

function summary(
  planned: readonly PlannedRow[],
  written: number,
  skipped: number,
  refused: readonly RefusedFile[],
  dryRun: boolean,
  target: string,
): string {
  const tail = `${skipped > 0 ? `; ${formatCount(skipped)} skipped` : ''}${refused.length > 0 ? `; ${plural(refused.length, 'file')} refused` : ''}`;
  return summaryLine(planned, written, dryRun, target, tail);
}
