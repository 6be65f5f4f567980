// Syncs bank statement files (OFX/QFX, camt.053, MT940, or a CSV export with its bank's profile) into the ledger,
// with the package's public entries only: the readers find each statement's closing balance, the mapping names its
// ledger account (created when missing), and the SDK writes only the balances that are new or changed.
// For folders, --json reports, --strict, a first run without a mapping and more checks, use `npx ledger-sync`.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLedgerClient, upsertChangedSnapshots } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import {
  checkBankProfile,
  readStatements,
  selectBalances,
  type SourcedStatementFile,
} from 'personal-ledger-sdk/statements';

/** examples/data/mapping.json: bank profiles and which account goes to which ledger account. */
export const DEFAULT_MAPPING = fileURLToPath(new URL('./data/mapping.json', import.meta.url));

type Target = {
  account: string;
  category: string;
  category_type: string;
  institution_name?: string;
  negate_balance?: boolean;
};
type Mapping = {
  banks?: Record<string, { account?: Target; accounts?: Record<string, Target> }>;
  ofx_accounts?: Record<string, Target>;
  accounts?: Record<string, Target>;
};
/** Where output goes, and (in tests) the fake to use when no LEDGER_* variable is set. */
export type Io = {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  fake?: LedgerMock;
};

/** An exit code with a message: 2 when nothing was read or sent. */
export class Stop extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs the sync and returns the exit code: 0 done, 1 a file was refused. */
export async function syncStatements(
  paths: string[],
  options: { mapping: string; bank?: string; dryRun: boolean },
  env: Record<string, string | undefined>,
  io: Io,
): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const mapping = await readMapping(options.mapping);
  const bank = options.bank === undefined ? undefined : mapping.banks?.[options.bank]; // ledger-sync --bank also knows the shipped layouts
  if (options.bank !== undefined && !bank) throw new Stop(2, `no bank "${options.bank}" in ${options.mapping}`);
  const profile = bank ? checkBankProfile(bank, `banks.${options.bank}`, ['account', 'accounts']) : undefined;
  if (profile && !profile.ok) throw new Stop(2, profile.reason);
  const { LEDGER_BASE_URL: baseUrl, LEDGER_TOKEN: token } = env; // your ledger (the client checks both); with neither, the demo
  const fake = baseUrl || token ? undefined : (io.fake ?? createLedgerMock({ scenario: 'demo' }));
  if (fake) say('Using the built-in demo ledger (an offline fake; nothing leaves this machine).');
  const client = fake
    ? createLedgerClient({ baseUrl: fake.baseUrl, token: DEMO_TOKENS.alex, fetch: fake.fetch })
    : createLedgerClient({ baseUrl: baseUrl!, token: token! });

  const files: SourcedStatementFile[] = [];
  const refused: string[] = [];
  for (const file of paths) {
    try {
      files.push({
        source: file,
        file: readStatements(await readFile(file), profile?.ok ? { profile: profile.value } : {}),
      });
    } catch (error) {
      refused.push(
        `Refused ${file}: ${(error as NodeJS.ErrnoException).code ? 'cannot read it: ' : ''}${(error as Error).message}`,
      );
    }
  }
  const chosen = selectBalances(files); // each account's closing balance per day; what cannot be told is skipped
  const skipped = chosen.skipped.map((s) => `${basename(s.source)} ${s.location}: ${s.reason}`);
  const rows: Array<{ target: Target; date: string; balance: number; source: string }> = [];
  for (const { source, statement, balance } of chosen.balances) {
    const id = statement.account.id; // a CSV's account label, or the statement's account number
    const key = Object.keys(bank?.accounts ?? {}).find(
      (label) => label.replace(/\s+/g, '').toLowerCase() === id.replace(/\s+/g, '').toLowerCase(),
    );
    const target =
      statement.format === 'csv'
        ? (bank?.account ?? bank?.accounts?.[key ?? ''])
        : (mapping.ofx_accounts?.[id] ?? mapping.accounts?.[id]);
    const where = `${source} ${statement.format === 'csv' ? balance.location : statement.location}`;
    if (!target)
      skipped.push(
        `${basename(where)}: ${statement.format === 'csv' ? `no mapping for this label (banks.${options.bank}.accounts)` : `ACCTID …${id.slice(-4)} is not in mapping.json (ofx_accounts)`}`,
      );
    else
      rows.push({
        target,
        date: balance.date,
        source: where,
        balance: Number(balance.amount) * (target.negate_balance ? -1 : 1) || 0,
      });
  }
  skipped.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })); // by file, then line

  // Each ledger account's id by name; a missing one is created (a dry run only says so, and its balances are new).
  const ids = new Map<string, string | null>((await client.accounts.list()).map((a) => [a.name, a.id]));
  const categories = await client.categories.list();
  for (const { target: t } of rows) {
    if (ids.has(t.account)) continue;
    const category = categories.find((c) => c.name === t.category && c.type === t.category_type);
    if (!category)
      throw new Stop(
        1,
        `no category "${t.category}" (${t.category_type}) in the ledger to create the account "${t.account}" in`,
      );
    say(
      `${options.dryRun ? 'Would create' : 'Created'} ledger account "${t.account}" (${t.category}, ${t.category_type}).`,
    );
    const body = {
      name: t.account,
      category_id: category.id,
      ...(t.institution_name ? { institution_name: t.institution_name } : {}),
    };
    ids.set(t.account, options.dryRun ? null : (await client.accounts.create(body)).id);
  }
  const known = rows.filter((r) => ids.get(r.target.account));
  const plan = await upsertChangedSnapshots(
    client,
    known.map((r) => ({ account_id: ids.get(r.target.account)!, snapshot_date: r.date, balance: r.balance })),
    { planOnly: options.dryRun },
  );
  skipped.push(...plan.skipped.map((s) => `${basename(known[s.index]!.source)}: ${s.reason}`));

  const count = (action: string) =>
    plan.rows.filter((p) => p.action === action).length + (action === 'new' ? rows.length - known.length : 0);
  const changes = `${count('new')} new, ${count('changed')} changed, ${count('unchanged')} already up to date`;
  for (const f of files)
    say(
      `Read ${basename(f.source)} (${f.file.formatName}): ${balances(rows.filter((r) => r.source.startsWith(`${f.source} `)).length)}.`,
    );
  if (options.dryRun)
    say(
      `Summary (dry run): ${balances(count('new') + count('changed'))} would be written (${changes}); nothing was written.`,
    );
  else
    say(
      `Summary: wrote ${balances((plan.written?.inserted ?? 0) + (plan.written?.updated ?? 0))} to ${baseUrl ?? 'the built-in demo ledger'} (${changes}).`,
    );
  for (const s of skipped) say(`Skipped ${s}`);
  for (const r of refused) say(r);
  return refused.length > 0 ? 1 : 0;
}

const balances = (count: number) => `${count} ${count === 1 ? 'balance' : 'balances'}`;

/** The mapping file; a missing default (data/mapping.json beside this script, as after copying it) says to pass --mapping. */
async function readMapping(path: string): Promise<Mapping> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Mapping;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' && path === DEFAULT_MAPPING)
      throw new Stop(
        2,
        `no mapping file: ${path} does not exist. Pass yours with --mapping <file> (examples/data/mapping.json of personal-ledger-sdk shows the format)`,
      );
    throw new Stop(
      2,
      code ? `cannot read the mapping file ${path}: ${message}` : `the mapping file ${path} is not JSON: ${message}`,
    );
  }
}
