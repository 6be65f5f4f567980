// A first run: `ledger-sync <files>` without --mapping. It shows what the files hold (each statement's account,
// currency and balances), prints a mapping to start from (and with --write-mapping saves it in a new file), and writes
// nothing to any ledger: no ledger or token is needed.
import { link, lstat, rm, writeFile } from 'node:fs/promises';
import {
  balanceKind,
  type BalanceKind,
  type SourcedSkippedItem,
  type Statement,
  type StatementBalance,
} from 'personal-ledger-sdk/statements';
import { SetupError } from './errors';
import { formatMoney, formatTable, plural } from './format';
import type { RefusedFile } from './inputs';
import { fileProblem, say, type Io } from './io';
import { accountKey, mappingToStartFrom, startingMapping, type StarterAccount } from './mapping';
import type { ReadFile } from './read-files';
import { formatRefused, formatSkipped, printJson, type FirstRunReport } from './report';

/** Refuses --write-mapping to a path that exists, before anything is read: a mapping is never overwritten. */
export async function checkNewMappingFile(path: string): Promise<void> {
  const existing = await lstat(path).catch(() => undefined);
  if (existing)
    throw new SetupError(
      `--write-mapping ${path}: the file exists, and a mapping is never overwritten: give a new file name (or use --mapping ${path})`,
    );
}

/**
 * Reports the files of a first run (each `describe`d, then its statements; on `human`, and with `json` the report on
 * io.stdout) and, given `writeTo`, saves the mapping to start from there. Returns the line that ends the run (exit status 2): save the mapping and run again.
 */
export async function reportFirstRun(
  read: { files: readonly ReadFile[]; skipped: readonly SourcedSkippedItem[]; refused: readonly RefusedFile[] },
  kinds: readonly BalanceKind[],
  io: Io,
  options: { human: Io; json: boolean; writeTo: string | undefined; describe: (f: ReadFile) => string },
): Promise<string> {
  const out = options.human.stdout;
  const statements = read.files.flatMap((f) =>
    f.file.statements.map((statement) => ({ source: `${f.source} ${statement.location}`, statement })),
  );
  const starter = starterAccounts(statements.map((s) => s.statement));
  for (const f of read.files) {
    say(out, options.describe(f));
    const rows = f.file.statements.map((s) => [
      s.location,
      s.account.id || "(the file's one account)",
      currencyOf(s) ?? '',
      describeBalances(s, kinds),
    ]);
    if (rows.length > 0)
      say(out, formatTable(['Statement', 'Account', 'Currency', 'Balances (of the kinds written)'], rows));
  }
  const skipped = read.skipped.map((s) => ({
    source: s.location === '' ? s.source : `${s.source} ${s.location}`,
    label: s.account ?? '',
    date: '',
    balance: '',
    reason: s.reason,
  }));
  if (skipped.length > 0) {
    say(out, `${plural(skipped.length, 'item')} skipped:`);
    say(out, formatSkipped(skipped));
  }
  if (read.refused.length > 0) {
    say(
      out,
      `${plural(read.refused.length, 'file')} refused, nothing read from ${read.refused.length === 1 ? 'it' : 'them'}:`,
    );
    say(out, formatRefused(read.refused));
  }
  for (const f of read.files.filter((f) => f.file.statements.some((s) => s.account.id === ''))) {
    const id = f.bank?.id ?? '<id>';
    say(
      out,
      `${f.source} names no account (a single-account export): its ledger account goes under banks.${id}.account of the mapping, beside "profile": "${id}"`,
    );
  }
  if (starter.length > 0) {
    say(
      out,
      'No --mapping given, so nothing is written. A mapping to start from (name each ledger account and set its category; a card is a liability):',
    );
    say(out, mappingToStartFrom(starter));
  }
  if (options.json) {
    const report: FirstRunReport = {
      statements: statements.map(({ source, statement }) => ({
        source,
        format: statement.format,
        account: statement.account.id,
        currency: currencyOf(statement) ?? null,
        balances: statement.balances.map((b) => ({ kind: b.kind, date: b.date, balance: Number(b.amount) })),
      })),
      mapping: startingMapping(starter),
      skipped: skipped.map(({ source, reason }) => ({ source, reason })),
      refused: read.refused.map(({ file, reason }) => ({ file, reason })),
    };
    printJson(io.stdout, report);
  }
  if (options.writeTo === undefined) {
    return starter.length > 0
      ? 'No --mapping given, so nothing was written: save the mapping above to a file (or pass --write-mapping <file>), name each ledger account, then run again with --mapping <file>.'
      : 'No --mapping given, so nothing was written, and no account was found to map.';
  }
  if (starter.length === 0)
    return `No --mapping given, so nothing was written; no account was found to map, so ${options.writeTo} was not created.`;
  await createFile(options.writeTo, `${mappingToStartFrom(starter, '')}\n`);
  return `No --mapping given, so nothing was written. Wrote the mapping to start from to ${options.writeTo}: name each ledger account in it, then run again with --mapping ${options.writeTo}.`;
}

/** Each account once (by its key), in the order first found, with its currency: the accounts of the mapping to start from. */
function starterAccounts(statements: readonly Statement[]): StarterAccount[] {
  const found = new Map<string, StarterAccount>();
  for (const s of statements) {
    if (s.account.id !== '' && !found.has(accountKey(s.account.id)))
      found.set(accountKey(s.account.id), { key: s.account.id, account: s.account.id, currency: currencyOf(s) });
  }
  return [...found.values()];
}

function currencyOf(statement: Statement): string | undefined {
  return statement.currency ?? statement.balances.find((b) => b.currency !== undefined)?.currency;
}

/** The balances of the kinds written, in a few words: each one when there are up to three, else how many and the last. */
function describeBalances(statement: Statement, kinds: readonly BalanceKind[]): string {
  const wanted = statement.balances.filter((b) => kinds.includes(b.kind));
  const one = (b: StatementBalance) => `${balanceKind(b.kind).description} ${b.date} ${formatMoney(Number(b.amount))}`;
  if (wanted.length === 0) {
    const others = [...new Set(statement.balances.map((b) => balanceKind(b.kind).description))];
    return `none of the kinds written${others.length > 0 ? `; it states ${others.join(', ')}` : ''}`;
  }
  if (wanted.length <= 3) return wanted.map(one).join('; ');
  return `${plural(wanted.length, 'balance')} from ${wanted[0]!.date} to ${wanted.at(-1)!.date}; the last ${one(wanted.at(-1)!)}`;
}

/** Creates `path` with `text`, never over an existing file and never half-written: a whole file beside it, then a hard link. */
async function createFile(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  let written = false;
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    written = true;
    await link(temporary, path); // fails when path exists (EEXIST), whoever made it since the start
  } catch (error) {
    const exists = written && (error as NodeJS.ErrnoException).code === 'EEXIST';
    throw new Error(
      `cannot write the mapping to ${path}: ${exists ? 'the file exists (made since the run started), and a mapping is never overwritten' : fileProblem(error)}`,
    );
  } finally {
    if (written) await rm(temporary, { force: true });
  }
}
