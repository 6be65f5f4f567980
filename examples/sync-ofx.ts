// Syncs the balances of OFX/QFX statements (the files banks offer for Quicken, Money or GnuCash) into the ledger:
// the ledger balance of bank and credit-card statements, and the value of investment statements, on their day.
//
//   npx tsx examples/sync-ofx.ts examples/data/statement-v1.ofx examples/data/statement-v2.qfx [--dry-run]
//
// Statements are mapped by ACCTID under ofx_accounts in examples/data/mapping.json. The work is
// examples/sync-statements.ts, which reads camt.053 and MT940 files the same way.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_MAPPING, Stop, syncStatements, type Io } from './sync-statements.js';

const USAGE = `Usage: sync-ofx <statement.ofx|.qfx>... [--mapping <mapping.json>] [--dry-run]
  --mapping   account mapping: statements match ofx_accounts by ACCTID (default: data/mapping.json beside this script)
  --dry-run   compare with the ledger and print what would change; write nothing
Exit status: 0 done; 1 a file was refused, or it failed; 2 refused to start. Folders, --json, --strict: npx ledger-sync.`;

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const options = { mapping: { type: 'string' }, 'dry-run': { type: 'boolean' } } as const;
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    if (positionals.length === 0) throw new Stop(2, `give at least one OFX or QFX file\n${USAGE}`);
    const flags = { mapping: values.mapping ?? DEFAULT_MAPPING, dryRun: values['dry-run'] === true };
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
