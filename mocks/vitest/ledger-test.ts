// ledgerTest(options): Vitest's `test`, extended with a fake (`mock`) and a client of it (`ledger`) for each test.
// With `setup`, the expensive part is built once per file and brought back before each test by a checkpoint.
import { test, type TestAPI } from 'vitest';
import { createLedgerClient, type LedgerClient, type LedgerClientOptions } from 'personal-ledger-sdk';
import {
  createLedgerMock,
  DEMO_IDS,
  DEMO_TOKENS,
  type LedgerMock,
  type LedgerMockOptions,
  type Scenario,
} from 'personal-ledger-sdk/mocks';

/** Options of `ledgerTest`: those of `createLedgerMock`, and how the fixtures are made. */
export interface LedgerTestOptions extends LedgerMockOptions {
  /**
   * The token `ledger` sends: a value, or a function of the test's fake that returns one (say, a token made with
   * `mock.control.createToken`). @default the first of the scenario's tokens that is active (Alex's in the demo);
   * when it has none, a new user (in a new household on the household_sharing plan) and a token with every scope
   */
  token?: string | ((mock: LedgerMock) => string | Promise<string>);
  /** Options of the `ledger` client; `baseUrl`, `token` and `fetch` are the fixture's. @default the client's defaults */
  client?: Omit<LedgerClientOptions, 'baseUrl' | 'token' | 'fetch'>;
  /**
   * Builds the state the tests of a file start from, once: the fixture then takes checkpoint `'ledgerTest setup'`
   * and restores it before each test (so each test sees that state, an empty journal, no faults, no events). The
   * tests of the file then share one fake, so they may not run concurrently. @default none: a new fake per test
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a setup returns nothing, or a promise the fixture awaits
  setup?: (mock: LedgerMock) => void | Promise<unknown>;
}

/** What `ledgerTest` gives each test. */
export interface LedgerFixtures {
  /** The test's fake: new for each test, or (with `setup`) the file's fake restored to the state `setup` built. */
  mock: LedgerMock;
  /** A client of `mock` (`mock.fetch`), with the token of `LedgerTestOptions.token`; made only if the test uses it. */
  ledger: LedgerClient;
}

/** The checkpoint `ledgerTest({ setup })` takes after `setup` and restores before each test. */
export const SETUP_CHECKPOINT = 'ledgerTest setup';

/**
 * Vitest's `test` with a fake and a client for each test. After each test, the fixture fails it if the fake hit a
 * bug of its own (`journal.internalErrors()`), which a retrying client could otherwise hide.
 * @example
 * const test = ledgerTest({ scenario: 'demo' });
 * test('syncs', async ({ mock, ledger }) => {
 *   await ledger.snapshots.bulkUpsert(rows);
 *   expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 1, status: 200 });
 * });
 */
export function ledgerTest(options: LedgerTestOptions = {}): TestAPI<LedgerFixtures> {
  const { token, client, setup, ...mockOptions } = options;
  let shared: Promise<LedgerMock> | undefined;
  let inUse = false;
  const sharedMock = () =>
    (shared ??= (async () => {
      const mock = createLedgerMock(mockOptions);
      await setup!(mock);
      await mock.control.checkpoint(SETUP_CHECKPOINT);
      return mock;
    })());

  return test.extend<LedgerFixtures>({
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's first parameter, which must be a pattern
    mock: async ({}, use) => {
      if (!setup) {
        const mock = createLedgerMock(mockOptions);
        await mock.ready;
        await use(mock);
        failOnInternalErrors(mock);
        return;
      }
      const mock = await sharedMock();
      if (inUse)
        throw new Error(
          'ledgerTest({ setup }): the tests of a file share one fake, so they cannot run concurrently; drop `setup` (a new fake per test) or run them in turn',
        );
      inUse = true;
      try {
        await mock.control.restore(SETUP_CHECKPOINT);
        await use(mock);
        failOnInternalErrors(mock);
      } finally {
        inUse = false;
      }
    },
    ledger: async ({ mock }, use) => {
      const value =
        typeof token === 'function' ? await token(mock) : (token ?? (await defaultToken(mock, mockOptions.scenario)));
      await use(createLedgerClient({ ...client, baseUrl: mock.baseUrl, token: value, fetch: mock.fetch }));
    },
  });
}

/** The first active token the scenario names a value for, else a new user's token with every scope. */
async function defaultToken(mock: LedgerMock, scenario: LedgerMockOptions['scenario']): Promise<string> {
  const named = typeof scenario === 'object' ? scenario : undefined;
  const demo = scenario === 'demo' || (named?.name === 'demo' && named.tokens === undefined);
  const known: NonNullable<Scenario['tokens']> = demo
    ? [{ id: DEMO_IDS.tokens.alex, user_id: DEMO_IDS.users.alex, value: DEMO_TOKENS.alex }]
    : (named?.tokens ?? []);
  const active = new Set(
    (await mock.control.listTokens()).filter((listed) => listed.status === 'active').map((listed) => listed.id),
  );
  const usable = known.find((candidate) => active.has(candidate.id));
  if (usable) return usable.value;
  const user = await mock.control.createUser({ name: 'ledgerTest' });
  return (await mock.control.createToken({ userId: user.id, name: 'ledgerTest' })).value;
}

function failOnInternalErrors(mock: LedgerMock): void {
  const bugs = mock.control.journal.internalErrors();
  if (bugs.length === 0) return;
  const first = bugs[0]!;
  throw new Error(
    `The fake answered ${bugs.length} request${bugs.length === 1 ? '' : 's'} 500 internal_error during this test: a bug in the fake, not in your code (please report it). ` +
      `The first, ${first.method} ${first.path}: ${first.internalError!.message}\n\n${mock.control.journal.explain()}`,
  );
}
