// Syncs a bank's CSV export into the ledger: the closing balance of each account and day.
//
//   npx tsx examples/sync-csv.ts examples/data/first-bank-balances.csv --bank first-bank-us [--dry-run]
//
// The bank's profile and its accounts come from examples/data/mapping.json (--mapping for another); a profile may
// name one of the real layouts shipped with personal-ledger-sdk/statements. The work is examples/sync-statements.ts.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_MAPPING, Stop, syncStatements, type Io } from './sync-statements.js';

const USAGE = `Usage: sync-csv <export.csv> --bank <profile> [--mapping <mapping.json>] [--dry-run]
  --bank      the bank in the mapping file whose profile describes this export
  --mapping   bank profiles and account mapping (default: data/mapping.json beside this script)
  --dry-run   compare with the ledger and print what would change; write nothing
Exit status: 0 done; 1 the export was refused, or it failed; 2 refused to start. Folders, --json, --strict: npx ledger-sync.`;

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const options = { bank: { type: 'string' }, mapping: { type: 'string' }, 'dry-run': { type: 'boolean' } } as const;
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new Stop(2, `give exactly one export file\n${USAGE}`);
    if (values.bank === undefined) throw new Stop(2, `--bank is required\n${USAGE}`);
    const flags = { mapping: values.mapping ?? DEFAULT_MAPPING, bank: values.bank, dryRun: values['dry-run'] === true };
    return await syncStatements(positionals, flags, env, io);
  } catch (error) {
    // A command-line mistake in node's first sentence (its advice on `--` left out), then the usage: exit 2.
    const mistake = String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
    io.stderr.write(
      `Error: ${mistake ? `${(error as Error).message.split(/\.\s/)[0]}\n${USAGE}` : (error as Error).message}\n`,
    );
    return error instanceof Stop ? error.code : mistake ? 2 : 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await main(process.argv.slice(2), process.env, process);
