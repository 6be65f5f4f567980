// Syncs bank statement files (OFX/QFX, camt.053, MT940, or a CSV export with its bank's profile) into the ledger,
// with the package's public entries only: the readers find each statement's closing balance, the mapping names its
// ledger account (created when missing), and the SDK writes only the balances that are new or changed.
// `npx ledger-sync` does all this with folders, reports and more checks; this is the same path, small enough to copy.
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createLedgerClient, upsertChangedSnapshots, type LedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { checkBankProfile, detectFormat, readStatements, selectBalances, type SourcedStatementFile } from 'personal-ledger-sdk/statements';

/** examples/data/mapping.json: bank profiles and which account goes to which ledger account. */
export const DEFAULT_MAPPING = fileURLToPath(new URL('./data/mapping.json', import.meta.url));

type Target = { account: string; category: string; category_type: string; institution_name?: string; negate_balance?: boolean };
type Mapping = { banks?: Record<string, { account?: Target; accounts?: Record<string, Target> }>; ofx_accounts?: Record<string, Target>; accounts?: Record<string, Target> };
/** Where output goes, and (in tests) the fake to use when no LEDGER_* variable is set. */
export type Io = { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown }; fake?: LedgerMock };
export type Options = { mapping: string; bank?: string; dryRun: boolean; json: boolean; strict: boolean };

/** An exit code with a message: 2 when nothing was read or sent. */
export class Stop extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** The command line, strictly: a mistake is a Stop(2) in one line, then `usage` (node's advice on `--` left out). */
export function parseCommandLine<const O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, usage: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new Stop(2, `${(error as Error).message.split(/\.\s/)[0]}\n${usage}`);
  }
}

/** Runs the sync and returns the exit code: 0 done, 1 a file refused (or --strict and something skipped). */
export async function syncStatements(given: string[], options: Options, env: Record<string, string | undefined>, io: Io): Promise<number> {
  const say = (text: string) => (options.json ? io.stderr : io.stdout).write(`${text}\n`);
  const mapping = await readMapping(options.mapping);
  const paths = given.filter((file) => resolve(file) !== resolve(options.mapping)); // `data/*` names the mapping too
  if (given.length > 0 && paths.length === 0) throw new Stop(2, `${given[0]} is the mapping file (--mapping): give the statement files to sync`);
  const bank = options.bank === undefined ? undefined : mapping.banks?.[options.bank];
  if (options.bank !== undefined && !bank) throw new Stop(2, `no bank "${options.bank}" in ${options.mapping}`);
  const profile = bank ? checkBankProfile(bank, `banks.${options.bank}`, ['account', 'accounts']) : undefined;
  if (profile && !profile.ok) throw new Stop(2, profile.reason);
  const { client, target } = connect(env, io, say);

  const files: SourcedStatementFile[] = [];
  const refused: Array<{ file: string; reason: string }> = [];
  for (const file of paths) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await readFile(file);
      files.push({ source: file, file: readStatements(bytes, profile?.ok ? { profile: profile.value } : {}) });
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      if (code === 'EISDIR') refused.push({ file, reason: 'a folder: give the files in it (npx ledger-sync reads folders)' });
      else if (code) refused.push({ file, reason: `cannot read it: ${message}` });
      else if (!profile && detectFormat(bytes!)?.id === 'csv') refused.push({ file, reason: CSV_NEEDS_BANK });
      else refused.push({ file, reason: message });
    }
  }
  const chosen = selectBalances(files);
  const skipped = chosen.skipped.map((s) => ({ source: `${s.source} ${s.location}`, reason: s.reason, at: [paths.indexOf(s.source), s.line ?? 0] }));
  const rows: Array<{ target: Target; date: string; balance: number; source: string }> = [];
  for (const { source, statement, balance } of chosen.balances) {
    const id = statement.account.id;
    const key = Object.keys(bank?.accounts ?? {}).find((label) => label.replace(/\s+/g, '').toLowerCase() === id.replace(/\s+/g, '').toLowerCase());
    const target = statement.format === 'csv' ? (bank?.account ?? bank?.accounts?.[key ?? '']) : (mapping.ofx_accounts?.[id] ?? mapping.accounts?.[id]);
    const where = `${source} ${statement.format === 'csv' ? balance.location : statement.location}`;
    const reason = statement.format === 'csv' ? `no mapping for this label (banks.${options.bank}.accounts)` : `ACCTID …${id.slice(-4)} is not in mapping.json (ofx_accounts)`;
    if (!target) skipped.push({ source: where, reason, at: [paths.indexOf(source), balance.line ?? 0] });
    else rows.push({ target, date: balance.date, source: where, balance: Number(balance.amount) * (target.negate_balance ? -1 : 1) || 0 });
  }
  skipped.sort((a, b) => a.at[0]! - b.at[0]! || a.at[1]! - b.at[1]!);

  const ids = await ledgerAccounts(client, rows.map((r) => r.target), !options.dryRun, say);
  const known = rows.filter((r) => typeof ids.get(r.target.account) === 'string');
  const plan = await upsertChangedSnapshots(client, known.map((r) => ({ account_id: ids.get(r.target.account)!, snapshot_date: r.date, balance: r.balance })), { planOnly: options.dryRun });
  const actions = new Map<object, string>(plan.rows.map((p) => [known[p.index]!, p.action]));
  for (const r of rows) if (ids.get(r.target.account) === null) actions.set(r, 'new'); // an account a real run creates
  for (const r of rows) if (ids.get(r.target.account) === undefined) skipped.push({ source: r.source, reason: `no ledger account "${r.target.account}", nor a category "${r.target.category}" to create it`, at: [] });
  const planned = rows.filter((r) => actions.has(r)).map((r) => ({ ...r, action: actions.get(r)! }));
  skipped.push(...plan.skipped.map((s) => ({ source: known[s.index]!.source, reason: s.reason, at: [] })));

  const count = (action: string) => planned.filter((r) => r.action === action).length;
  const written = plan.written ? plan.written.inserted + plan.written.updated : 0;
  const changes = `${count('new')} new, ${count('changed')} changed, ${count('unchanged')} already up to date`;
  for (const f of files) say(`Read ${basename(f.source)} (${f.file.formatName}): ${balances(rows.filter((r) => r.source.startsWith(`${f.source} `)).length)}.`);
  if (files.length === 0) say(`No file could be read: nothing ${options.dryRun ? 'would be' : 'was'} written.`);
  else if (options.dryRun) say(`Summary (dry run): ${balances(count('new') + count('changed'))} would be written (${changes}); nothing was written.`);
  else if (planned.length === 0) say('Nothing to write: no balance to write.');
  else if (count('new') + count('changed') === 0) say(`Nothing to write: ${planned.length === 1 ? 'the one balance is' : `all ${planned.length} balances`} already up to date.`);
  else say(`Summary: wrote ${balances(written)} to ${target} (${changes}).`);
  for (const s of skipped) say(`Skipped ${basename(s.source)}: ${s.reason}`);
  for (const r of refused) say(`Refused ${r.file}: ${r.reason}`);
  if (options.json) {
    const report = { rows: planned.map((r) => ({ account: r.target.account, date: r.date, balance: r.balance, action: r.action, source: r.source })), skipped: skipped.map(({ source, reason }) => ({ source, reason })), refused };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  }
  return refused.length > 0 || (options.strict && skipped.length > 0) ? 1 : 0;
}

const balances = (count: number) => `${count} ${count === 1 ? 'balance' : 'balances'}`;

/** Why a file that is none of the statement formats is refused when no bank profile was given (sync-ofx). */
const CSV_NEEDS_BANK = 'not an OFX/QFX, camt.053 or MT940 file; a bank\'s CSV export goes to sync-csv.ts with --bank <profile> (or npx ledger-sync --bank <id>)';

/** The mapping file; a missing default (data/mapping.json beside this script, as after copying it) says to pass --mapping. */
async function readMapping(path: string): Promise<Mapping> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (path !== DEFAULT_MAPPING || error.code !== 'ENOENT') throw new Stop(2, `cannot read the mapping file ${path}: ${error.message}`);
    throw new Stop(2, `no mapping file: ${path} does not exist. Pass yours with --mapping <file> (examples/data/mapping.json of personal-ledger-sdk shows the format)`);
  });
  try {
    return JSON.parse(text) as Mapping;
  } catch (error) {
    throw new Stop(2, `the mapping file ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** Your ledger when both LEDGER_BASE_URL and LEDGER_TOKEN are set; with neither, the built-in demo ledger (offline). */
function connect(env: Record<string, string | undefined>, io: Io, say: (text: string) => void): { client: LedgerClient; target: string } {
  const { LEDGER_BASE_URL: baseUrl, LEDGER_TOKEN: token } = env;
  if (baseUrl && token) return { client: createLedgerClient({ baseUrl, token }), target: baseUrl };
  if (baseUrl || token) throw new Stop(2, 'Set both LEDGER_BASE_URL and LEDGER_TOKEN, or neither to use the built-in demo ledger.');
  say('Using the built-in demo ledger (an offline fake; nothing leaves this machine).');
  const fake = io.fake ?? createLedgerMock({ scenario: 'demo' });
  return { client: createLedgerClient({ baseUrl: fake.baseUrl, token: DEMO_TOKENS.alex, fetch: fake.fetch }), target: 'the built-in demo ledger' };
}

/** Each ledger account's id by name: null for one a real run creates (a dry run), none when there is no category. */
async function ledgerAccounts(client: LedgerClient, targets: Target[], create: boolean, say: (text: string) => void): Promise<Map<string, string | null>> {
  const ids = new Map<string, string | null>((await client.accounts.list()).map((a) => [a.name, a.id]));
  for (const t of targets.filter((t, i) => !ids.has(t.account) && targets.findIndex((o) => o.account === t.account) === i)) {
    const category = (await client.categories.list()).find((c) => c.name === t.category && c.type === t.category_type);
    if (!category) continue;
    say(`${create ? 'Created' : 'Would create'} ledger account "${t.account}" (${t.category}, ${t.category_type}).`);
    const body = { name: t.account, category_id: category.id, ...(t.institution_name ? { institution_name: t.institution_name } : {}) };
    ids.set(t.account, create ? (await client.accounts.create(body)).id : null);
  }
  return ids;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stderr.write('sync-statements.ts is the work sync-csv.ts and sync-ofx.ts share, not a program: run examples/sync-csv.ts or examples/sync-ofx.ts (--help says how).\n');
  process.exitCode = 2;
}
