// `npm run demo`: syncs the sample First Bank export into the built-in demo ledger, offline, and shows how
// to point the same program at a real service. It runs sync-csv's own code path, not a copy of it.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseCommandLine } from './lib/args.js';
import { processIo, say, type Env, type Io } from './lib/io.js';
import { reportError } from './lib/report-error.js';
import { main as syncCsv } from './sync-csv.js';

const SAMPLE = fileURLToPath(new URL('./data/first-bank-balances.csv', import.meta.url));

const USAGE = `Usage: demo (npm run demo)
  Syncs examples/data/first-bank-balances.csv into the built-in demo ledger, offline, and prints a summary.
  It takes no options and ignores LEDGER_BASE_URL and LEDGER_TOKEN: run examples/sync-csv.ts for your own ledger.`;

/** Runs the demo. The environment is ignored on purpose: the demo always uses the built-in demo ledger. */
export async function main(argv: string[], _env: Env, io: Io): Promise<number> {
  try {
    parseCommandLine(argv, {}, USAGE);
  } catch (error) {
    return reportError(error, io);
  }
  say(io.stdout, 'Personal Ledger SDK demo: syncing a bank balance export (examples/data/first-bank-balances.csv).');
  const code = await syncCsv([SAMPLE, '--bank', 'first-bank-us'], {}, io);
  if (code !== 0) return code;
  say(io.stdout);
  say(io.stdout, 'Each demo run starts a fresh demo ledger, so it writes these balances again. Against one ledger a rerun');
  say(io.stdout, 'sends only new or changed balances: see docs/ledger-mock.md for two runs against ledger-mock, the second writing nothing.');
  say(io.stdout);
  say(io.stdout, 'Try it on your own ledger:');
  say(io.stdout, '  LEDGER_BASE_URL=https://<your-ledger> LEDGER_TOKEN=<token> npx tsx examples/sync-csv.ts <export.csv> --bank <profile> --dry-run');
  say(io.stdout, 'Describe your bank and accounts in examples/data/mapping.json: see examples/README.md.');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2), process.env, processIo());
}
