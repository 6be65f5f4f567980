// Which ledger a run writes to: your service (LEDGER_BASE_URL and LEDGER_TOKEN), or with --demo the built-in demo
// ledger (the package's own fake, in this process). Neither is refused (exit 2), naming what is missing; a value the
// SDK would refuse is refused here, before anything is read, naming the variable and never quoting the token.
import { ClientOptionsError, createLedgerClient, type LedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { commandTokenProblem } from '../src/shared/token';
import { SetupError } from './errors';
import { say, type Env, type Io } from './io';

/** A client and where it writes. */
export interface LedgerConnection {
  client: LedgerClient;
  /** `service`: LEDGER_BASE_URL; `demo`: the built-in fake. */
  kind: 'service' | 'demo';
  /** Where writes go, for messages: the base URL, or "the built-in demo ledger". Never the token. */
  target: string;
  /** Values no output may show (the token). */
  secrets: string[];
}

/** The demo ledger's seed: each run starts from the same state and makes the same ids. */
export const DEMO_SEED = 'personal-ledger-sync';

const NEITHER =
  'set LEDGER_BASE_URL and LEDGER_TOKEN to write to your ledger, or pass --demo to use the built-in demo ledger';

/**
 * Checks the choice and makes the client, without a request. Throws SetupError naming the variable at fault.
 *
 * @param userAgent the program's name, sent before the SDK's in User-Agent @default 'ledger-sync'
 */
export function connect(
  env: Env,
  run: { demo: boolean; dryRun: boolean },
  io: Io,
  userAgent = 'ledger-sync',
): LedgerConnection {
  if (run.demo) {
    const fake = io.fake ?? createLedgerMock({ scenario: 'demo', seed: DEMO_SEED });
    const what = run.dryRun
      ? '--demo --dry-run: comparing with the built-in demo ledger, writing nothing'
      : '--demo: writing to the built-in demo ledger';
    say(io.stdout, `${what} (an offline fake of the API in this process; nothing leaves this machine).`);
    const client = createLedgerClient({ baseUrl: fake.baseUrl, token: DEMO_TOKENS.alex, userAgent, fetch: fake.fetch });
    return { client, kind: 'demo', target: 'the built-in demo ledger', secrets: [DEMO_TOKENS.alex] };
  }
  const baseUrl = env.LEDGER_BASE_URL;
  const token = env.LEDGER_TOKEN;
  if (baseUrl === undefined && token === undefined) throw new SetupError(`no ledger to write to: ${NEITHER}`);
  if (baseUrl === undefined) throw new SetupError(`LEDGER_TOKEN is set but LEDGER_BASE_URL is not: ${NEITHER}`);
  if (token === undefined) throw new SetupError(`LEDGER_BASE_URL is set but LEDGER_TOKEN is not: ${NEITHER}`);
  try {
    const client = createLedgerClient({ baseUrl: baseUrl.trim(), token, userAgent });
    // What the SDK takes but a command cannot scrub from its output without garbling it (a token of a few letters).
    const tooShort = commandTokenProblem('LEDGER_TOKEN', token);
    if (tooShort !== undefined) throw new SetupError(tooShort);
    return { client, kind: 'service', target: baseUrl.trim(), secrets: [token] };
  } catch (error) {
    if (!(error instanceof ClientOptionsError)) throw error;
    // The SDK's own checks (src/options.ts) say what is wrong and never quote the token; they name the options
    // (`baseUrl`, `token`), which here are the variables.
    const variable = /^[^:]*: `token`/.test(error.message) ? 'LEDGER_TOKEN' : 'LEDGER_BASE_URL';
    const problem = error.message
      .replace(/^[^:]*: `(?:baseUrl|token)`/, 'it')
      .replace(/`token`/g, 'LEDGER_TOKEN')
      .replace(/`baseUrl`/g, 'LEDGER_BASE_URL');
    throw new SetupError(
      `${variable} is not usable: ${problem}${variable === 'LEDGER_TOKEN' ? ' (value not shown)' : ''}`,
    );
  }
}
