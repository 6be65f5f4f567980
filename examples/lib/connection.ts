// The connection rule shared by every example:
//   LEDGER_BASE_URL and LEDGER_TOKEN both set -> your ledger service;
//   neither set                               -> the built-in demo ledger (an offline fake, in this process);
//   anything else                             -> refuse to start (exit 2), naming the variable, never the token.
import { ClientOptionsError, createLedgerClient, type LedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { say, type Env, type Io } from './io.js';
import { SetupError } from './report-error.js';

/** A client and how to let go of it. */
export interface LedgerConnection {
  client: LedgerClient;
  /** `service`: LEDGER_BASE_URL; `demo`: the built-in fake. */
  kind: 'service' | 'demo';
  /** Where writes go, for messages: the base URL, or "the built-in demo ledger". Never the token. */
  target: string;
  /** Values no output may show (the token). */
  secrets: string[];
  /** Lets go of the connection (nothing to do today: kept so examples need not change if one needs it). */
  close(): void;
}

/** What the environment asks for, once checked. */
export type ConnectionChoice = { kind: 'service'; baseUrl: string; token: string } | { kind: 'demo' };

/**
 * The built-in demo ledger's seed: each run starts from the same state and makes the same ids, so the accounts an
 * interrupted run created get the same ids when a resumed run creates them again.
 */
export const DEMO_SEED = 'personal-ledger-examples';

const TOKEN_SHAPE = /^[\x21-\x7e]+$/; // printable ASCII, no spaces: what an Authorization header can carry
const BOTH_OR_NEITHER = 'Set both LEDGER_BASE_URL and LEDGER_TOKEN to use your ledger service, or neither to use the built-in demo ledger.';

/** Applies the connection rule to `env`. Throws SetupError naming the variable at fault (never its token value). */
export function chooseConnection(env: Env): ConnectionChoice {
  const baseUrl = env.LEDGER_BASE_URL;
  const token = env.LEDGER_TOKEN;
  if (baseUrl === undefined && token === undefined) return { kind: 'demo' };
  if (baseUrl === undefined) throw new SetupError(`LEDGER_TOKEN is set but LEDGER_BASE_URL is not. ${BOTH_OR_NEITHER}`);
  if (token === undefined) throw new SetupError(`LEDGER_BASE_URL is set but LEDGER_TOKEN is not. ${BOTH_OR_NEITHER}`);
  if (!isHttpUrl(baseUrl)) {
    throw new SetupError('LEDGER_BASE_URL must be an http(s) URL without a user name or password, such as https://ledger.example.com');
  }
  if (/^bearer\s/i.test(token)) throw new SetupError('LEDGER_TOKEN must be the token alone, without "Bearer " in front (value not shown).');
  if (!TOKEN_SHAPE.test(token)) {
    const why = token === '' ? 'it is empty' : 'it has spaces, quotes, line breaks or other characters a token never has';
    throw new SetupError(`LEDGER_TOKEN is malformed: ${why} (value not shown). Copy the token again from Settings > Developer > API tokens.`);
  }
  return { kind: 'service', baseUrl: baseUrl.trim(), token };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * Connects by the rule above. For the demo ledger it uses `io.fake` (or a new demo-scenario fake) in this process
 * through its own fetch (`mock.fetch`: nothing is intercepted, nothing leaves the process), as the demo member Alex,
 * and says so in one line on stdout.
 *
 * @param userAgent your program's name, sent before the SDK's in User-Agent @default 'personal-ledger-examples'
 */
export function connect(env: Env, io: Io, userAgent = 'personal-ledger-examples'): LedgerConnection {
  const choice = chooseConnection(env);
  if (choice.kind === 'service') {
    try {
      const client = createLedgerClient({ baseUrl: choice.baseUrl, token: choice.token, userAgent });
      return { client, kind: 'service', target: choice.baseUrl, secrets: [choice.token], close: () => {} };
    } catch (error) {
      // The SDK's own checks name the option and never quote the token.
      if (error instanceof ClientOptionsError) throw new SetupError(error.message);
      throw error;
    }
  }
  const fake = io.fake ?? createLedgerMock({ scenario: 'demo', seed: DEMO_SEED });
  say(io.stdout, 'No LEDGER_BASE_URL or LEDGER_TOKEN set: using the built-in demo ledger (an offline fake; nothing leaves this machine).');
  const client = createLedgerClient({ baseUrl: fake.baseUrl, token: DEMO_TOKENS.alex, userAgent, fetch: fake.fetch });
  return { client, kind: 'demo', target: 'the built-in demo ledger', secrets: [DEMO_TOKENS.alex], close: () => {} };
}
