// `ledger-mock copy --from <base url> --out <file>`: reads what LEDGER_TOKEN sees of a service, with GET requests
// only, paced, and writes a scenario that `ledger-mock --scenario <file>` starts from: the same ids, names, dates,
// balances and estimated marks, and a new token of the fake's own. The file holds real financial data: it is created
// owner-only (0600). Odd answers of the service are reported on stderr, and the copy goes on with what it can use.
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  InventoryError,
  readInventory,
  type InventoryRead,
  type ReadGet,
  type ReadProgress,
} from '../../reading/inventory';
import { describeOddity } from '../../reading/oddities';
import { BaseUrlError, serviceGet } from '../../reading/service';
import { commandTokenProblem } from '../../src/shared/token';
import { commandLineMistake } from '../../src/shared/command-line';
import { scenarioFromInventory } from '../control/scenario-from-inventory';
import { withNegativeNumbersJoined } from './args';

const USAGE = `Usage: ledger-mock copy --from <base url> --out <file> [--rate <n>]

Copies what your API token sees of a Personal Ledger service into a scenario file that ledger-mock starts
from (npx ledger-mock --scenario <file>): your identity, categories, accounts with their detail, and every
snapshot, with the same ids, names, dates, balances and estimated marks. The token is read from LEDGER_TOKEN
and goes with GET requests only, to that base URL only. The file gets a new token of the fake's own, never yours.

The file holds your real financial data: it is created readable by you only (mode 0600). Keep it so.

Options:
  --from <base url>  The service (https, or http to this machine only); a trailing /api/public/v1 is
                     dropped, as the SDK's client does
  --out <file>       Where to write the scenario (replaced if it exists)
  --rate <n>         At most n requests a second to the service (default 5)
  -h, --help         Show this help

Exit codes: 0 copied (odd answers of the service, if any, are listed on stderr), 1 the service could not be
read (a refused token, no answer) or the file not written, 2 bad usage.
`;

const OPTIONS = {
  from: { type: 'string' },
  out: { type: 'string' },
  rate: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

class CopyError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** Runs `ledger-mock copy` with its arguments (after `copy`); resolves to the exit code. */
export async function runCopyCommand(args: string[]): Promise<number> {
  const token = process.env.LEDGER_TOKEN ?? '';
  const redact = (text: string) => (token === '' ? text : text.split(token).join('<token>'));
  try {
    return await copy(args, token);
  } catch (error) {
    const message =
      error instanceof CopyError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`ledger-mock copy: ${redact(message)}\n`);
    return error instanceof CopyError ? error.exitCode : 1;
  }
}

async function copy(args: string[], token: string): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({
      args: withNegativeNumbersJoined(args, OPTIONS),
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CopyError(commandLineMistake(error, 'ledger-mock copy'), 2);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.from === undefined || values.out === undefined)
    throw new CopyError('give --from <base url> and --out <file>\nRun npx ledger-mock copy --help for the options.', 2);
  const rate = values.rate === undefined ? 5 : Number(values.rate);
  if (!(rate > 0)) throw new CopyError(`--rate must be a number above 0, not "${values.rate}"`, 2);
  const out = resolve(values.out);
  if (!existsSync(dirname(out)) || !statSync(dirname(out)).isDirectory())
    throw new CopyError(`--out ${values.out}: the folder ${dirname(out)} does not exist`, 2);
  const tokenProblem = commandTokenProblem('LEDGER_TOKEN', token);
  if (tokenProblem !== undefined) throw new CopyError(tokenProblem, 2);

  let get: ReadGet;
  try {
    get = serviceGet({ baseUrl: values.from, token, rate });
  } catch (error) {
    if (error instanceof BaseUrlError) throw new CopyError(error.message, 2);
    throw error;
  }
  const started = performance.now();
  const progress = progressLine();
  let read: InventoryRead;
  try {
    read = await readInventory(get, { onProgress: progress.show });
  } catch (error) {
    if (error instanceof InventoryError)
      throw new CopyError(`cannot read what the token sees at ${values.from}: ${error.message}`, 1);
    throw error;
  } finally {
    progress.end();
  }
  for (const oddity of read.oddities) process.stderr.write(`ledger-mock copy: odd answer: ${describeOddity(oddity)}\n`);
  const { scenario, notes, plan } = scenarioFromInventory(read.inventory, {
    name: `copy of ${values.from}`,
    tokenName: 'ledger-mock copy',
  });
  for (const note of notes) process.stderr.write(`ledger-mock copy: note: ${note}\n`);
  writeOwnerOnly(out, `${JSON.stringify(scenario, null, 2)}\n`);

  const { inventory } = read;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      `Copied ${inventory.categories.length} categories, ${inventory.accounts.length} accounts and ${inventory.snapshots.length} snapshots in ${seconds} s to ${out}`,
      `  (owner-only, mode 0600: it holds your real balances). Plan assumed: ${plan.name} (${plan.why}).`,
      read.oddities.length > 0
        ? `  ${read.oddities.length} odd answer(s) of the service, listed above: what the copy used instead is said there.`
        : '  The service answered every read as the API describes.',
      `Start it: npx ledger-mock --scenario ${values.out}`,
      '  Its banner prints the token of the copy (a new one, in the file; yours was not written anywhere).',
      '',
    ].join('\n'),
  );
  return 0;
}

/** The progress line on stderr: rewritten in place on a terminal, one line per request otherwise. */
function progressLine(): { show(progress: ReadProgress): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    show: ({ done, total, request }) => {
      const line = `ledger-mock copy: read ${done}/${total}: ${request}`;
      process.stderr.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
      shown = true;
    },
    end: () => {
      if (tty && shown) process.stderr.write('\n');
    },
  };
}

/** Writes `text` to `file` whole or not at all, readable and writable by its owner only. */
function writeOwnerOnly(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(temporary, 0o600); // whatever the umask
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new CopyError(
      `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      1,
    );
  }
}
