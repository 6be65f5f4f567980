// `npm run demo`, the README's main job, in one file on the package's entries: the statement readers read the sample
// First Bank export, each account is mapped to a ledger account (a missing one created), and only new or changed
// balances are written into the built-in demo ledger, an in-memory fake of the API. Your own ledger: npx ledger-sync.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLedgerClient, upsertChangedSnapshots } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { checkBankProfile, readStatements, selectBalances } from 'personal-ledger-sdk/statements';

const SAMPLE = 'first-bank-balances.csv';
const data = (name: string) => fileURLToPath(new URL(`./data/${name}`, import.meta.url));
const USAGE = `Usage: demo (npm run demo)
  Syncs examples/data/first-bank-balances.csv into the built-in demo ledger, offline, and prints a summary. It takes
  no options and ignores LEDGER_BASE_URL and LEDGER_TOKEN: for your own ledger, examples/sync-csv.ts or ledger-sync.`;
const NEXT = `
Each demo run starts a fresh demo ledger, so it writes these balances again. Against one ledger a rerun
sends only new or changed balances: see docs/ledger-mock.md for two runs against ledger-mock, the second writing nothing.

Try it on your own ledger:
  LEDGER_BASE_URL=https://<your-ledger> LEDGER_TOKEN=<token> npx ledger-sync <statement files> --mapping <mapping.json> --dry-run
Describe your bank and accounts in examples/data/mapping.json: see examples/README.md.`;

/** Where output goes, and (in tests) the fake to use. */
type Io = { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown }; fake?: LedgerMock };
/** A ledger account of the mapping file, by name, with the category to create it in. */
type Target = { account: string; category: string; category_type: string };
/** A bank of the mapping file: its layout (checked below), its name, and its accounts by the export's labels. */
type Bank = { institution_name: string; accounts: Record<string, Target> };

/** Runs the demo. The environment is ignored on purpose (and it says so): the demo always uses the built-in demo ledger. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (argv.length > 0) {
    const what = argv[0]!.startsWith('-') ? 'Unknown option' : 'the demo takes no arguments, not';
    io.stderr.write(`Error: ${what} '${argv[0]}'\n${USAGE}\n`);
    return 2;
  }
  const say = (text = '') => io.stdout.write(`${text}\n`);
  say(`Personal Ledger SDK demo: syncing a bank balance export (examples/data/${SAMPLE}).`);
  const set = ['LEDGER_BASE_URL', 'LEDGER_TOKEN'].filter((name) => env[name]);
  if (set.length > 0)
    say(
      `${set.join(' and ')} ${set.length === 1 ? 'is set, but the demo ignores it' : 'are set, but the demo ignores them'}: for your own ledger, see the end.`,
    );

  // 1. The built-in demo ledger, and a client signed in to it as the demo member Alex.
  const fake = io.fake ?? createLedgerMock({ scenario: 'demo' });
  const client = createLedgerClient({ baseUrl: fake.baseUrl, token: DEMO_TOKENS.alex, fetch: fake.fetch });
  say('Using the built-in demo ledger (an offline fake; nothing leaves this machine).');

  // 2. The bank from the mapping file: how its CSV export is laid out (checked), and which label is which account.
  const bank: Bank = JSON.parse(await readFile(data('mapping.json'), 'utf8')).banks['first-bank-us'];
  const profile = checkBankProfile(bank, 'banks.first-bank-us', ['account', 'accounts']);
  if (!profile.ok) throw new Error(profile.reason);

  // 3. Read the export: each account's closing balance per day; a line that cannot be told is skipped, with why.
  const file = readStatements(await readFile(data(SAMPLE)), { profile: profile.value });
  const { balances, skipped } = selectBalances([{ source: SAMPLE, file }]);
  const notes = skipped.map((s) => `${s.source} ${s.location}: ${s.reason}`);

  // 4. Each label to its ledger account by name; a missing account is created in the mapping's category.
  const ids = new Map((await client.accounts.list()).map((a) => [a.name, a.id]));
  const categories = await client.categories.list();
  const rows = [];
  for (const { statement, balance } of balances) {
    const target = bank.accounts[statement.account.id];
    if (!target) {
      notes.push(`${SAMPLE} ${balance.location}: no mapping for this label (banks.first-bank-us.accounts)`);
      continue;
    }
    if (!ids.has(target.account)) {
      const category = categories.find((c) => c.name === target.category && c.type === target.category_type)!;
      const body = { name: target.account, category_id: category.id, institution_name: bank.institution_name };
      ids.set(target.account, (await client.accounts.create(body)).id);
      say(`Created ledger account "${target.account}" (${target.category}, ${target.category_type}).`);
    }
    rows.push({ account_id: ids.get(target.account)!, snapshot_date: balance.date, balance: Number(balance.amount) });
  }

  // 5. Compare with the ledger, and write only the balances that are new or changed.
  const plan = await upsertChangedSnapshots(client, rows);
  const count = (action: string) => plan.rows.filter((r) => r.action === action).length;
  const written = (plan.written?.inserted ?? 0) + (plan.written?.updated ?? 0);
  say(`Read ${SAMPLE} (${file.formatName}): ${rows.length} balances.`);
  say(
    `Summary: wrote ${written} balances to the built-in demo ledger (${count('new')} new, ${count('changed')} changed, ${count('unchanged')} already up to date).`,
  );
  for (const note of notes.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) say(`Skipped ${note}`);

  say(NEXT);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await main(process.argv.slice(2), process.env, process);
