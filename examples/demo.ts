// `npm run demo`: syncs the sample First Bank export into the built-in demo ledger, offline, and shows how to point
// the same program at a real service. It runs sync-csv's own code path, not a copy of it.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { main as syncCsv } from './sync-csv.js';
import type { Io } from './sync-statements.js';

const SAMPLE = fileURLToPath(new URL('./data/first-bank-balances.csv', import.meta.url));

const USAGE = `Usage: demo (npm run demo)
  Syncs examples/data/first-bank-balances.csv into the built-in demo ledger, offline, and prints a summary.
  It takes no options and ignores LEDGER_BASE_URL and LEDGER_TOKEN: run examples/sync-csv.ts (or npx ledger-sync)
  for your own ledger.`;

/** Runs the demo. The environment is ignored on purpose (and it says so): the demo always uses the built-in demo ledger. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (argv.length > 0) {
    io.stderr.write(
      `Error: ${argv[0]!.startsWith('-') ? `Unknown option '${argv[0]}'` : `the demo takes no arguments, not '${argv[0]}'`}\n${USAGE}\n`,
    );
    return 2;
  }
  const say = (text = '') => io.stdout.write(`${text}\n`);
  say('Personal Ledger SDK demo: syncing a bank balance export (examples/data/first-bank-balances.csv).');
  const set = ['LEDGER_BASE_URL', 'LEDGER_TOKEN'].filter((name) => env[name]);
  if (set.length > 0)
    say(
      `${set.join(' and ')} ${set.length === 1 ? 'is set, but the demo ignores it' : 'are set, but the demo ignores them'}: for your own ledger, see the end.`,
    );
  const code = await syncCsv([SAMPLE, '--bank', 'first-bank-us'], {}, io);
  if (code !== 0) return code;
  say();
  say('Each demo run starts a fresh demo ledger, so it writes these balances again. Against one ledger a rerun');
  say(
    'sends only new or changed balances: see docs/ledger-mock.md for two runs against ledger-mock, the second writing nothing.',
  );
  say();
  say('Try it on your own ledger:');
  say(
    '  LEDGER_BASE_URL=https://<your-ledger> LEDGER_TOKEN=<token> npx ledger-sync <statement files> --mapping <mapping.json> --dry-run',
  );
  say('Describe your bank and accounts in examples/data/mapping.json: see examples/README.md.');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await main(process.argv.slice(2), process.env, process);
