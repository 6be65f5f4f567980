// The matcher over a fake's journal, for any runner's expect.extend (Jest, Vitest, Bun):
// expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 3, status: 200 }). It counts with journal.count (one
// filter for code, matchers and GET /__mock/journal), and a failure shows journal.explain(): the last requests, each
// refusal with the rule that decided. It imports no runner: what it needs of one is `this.isNot`.
import type { FaultOperation, JournalFilter, LedgerControl, LedgerMock } from 'personal-ledger-sdk/mocks';

/** What `toHaveReceived` expects of the requests of an operation: every field of a journal filter, and how many. */
export interface ReceivedExpectation extends Omit<JournalFilter, 'operation'> {
  /** Exactly this many matching requests (a whole number >= 0). @default at least one */
  times?: number;
}

/**
 * The matchers of `personal-ledger-sdk/mocks/matchers`, as each runner's `expect` types them once
 * `expect.extend(ledgerMatchers)` has run (`personal-ledger-sdk/mocks/vitest` runs it when imported).
 */
export interface LedgerMatchers<R = unknown> {
  /**
   * Passes when the fake received `operation` (an operationId of openapi.json, or `'*'` for any request) and the
   * requests match `expectation`: at least once, or exactly `times`. With `.not`, passes when it did not.
   * A failure's message ends with `journal.explain()`.
   * @example
   * expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 3, status: 200 });
   * expect(mock).not.toHaveReceived('*', { status: '5xx' });
   */
  toHaveReceived(operation: FaultOperation, expectation?: ReceivedExpectation): R;
}

/** What a matcher reads of the runner's `this` (Jest's, Vitest's and Bun's matcher state all have it). */
interface MatcherContext {
  isNot?: boolean;
}

/** What a matcher returns to Jest, Vitest and Bun alike. */
interface MatcherResult {
  pass: boolean;
  message: () => string;
  actual?: unknown;
  expected?: unknown;
}

/** The fake's control API, from a fake (`expect(mock)`) or its control (`expect(mock.control)`). */
function controlOf(received: unknown): LedgerControl {
  const candidate = received as Partial<LedgerMock> & Partial<LedgerControl>;
  const control = candidate?.control ?? candidate;
  if (typeof control?.journal?.count !== 'function') {
    throw new TypeError(
      `toHaveReceived needs a fake made by createLedgerMock (or its control), not ${received === null ? 'null' : typeof received}`,
    );
  }
  return control as LedgerControl;
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** `bulkUpsertSnapshots (status 200, method POST)`, or `a request` for '*'. */
function described(operation: FaultOperation, filter: JournalFilter): string {
  const parts = Object.entries(filter).map(
    ([key, value]) => `${key} ${value instanceof Date ? value.toISOString() : String(value)}`,
  );
  const name = operation === '*' ? 'any request' : operation;
  return parts.length === 0 ? name : `${name} (${parts.join(', ')})`;
}

/**
 * The matchers, for `expect.extend(ledgerMatchers)` in Jest, Vitest or Bun (importing `personal-ledger-sdk/mocks/vitest`
 * has already done it for Vitest).
 */
export const ledgerMatchers = {
  /** See {@link LedgerMatchers.toHaveReceived}. */
  toHaveReceived(
    this: MatcherContext,
    received: unknown,
    operation: FaultOperation,
    expectation: ReceivedExpectation = {},
  ): MatcherResult {
    const control = controlOf(received);
    const { times: expected, ...filter } = expectation;
    if (expected !== undefined && !(Number.isInteger(expected) && expected >= 0)) {
      throw new TypeError(`toHaveReceived: times must be a whole number >= 0 (got ${String(expected)})`);
    }
    const count = control.journal.count({ ...filter, operation }); // a misspelt operation or filter throws, naming the near miss
    const pass = expected === undefined ? count > 0 : count === expected;
    const what = described(operation, filter);
    const wanted = expected === undefined ? '' : ` ${times(expected)}`;
    const got = count === 0 ? 'received none' : `received ${times(count)}`;
    const all = control.journal.count();
    const context =
      Object.keys(filter).length > 0 && operation !== '*'
        ? `; ${operation} with any ${Object.keys(filter).join(' and ')}: ${times(control.journal.count({ operation }))}`
        : '';
    return {
      pass,
      message: () =>
        `expected the fake ${this.isNot ? 'not ' : ''}to have received ${what}${wanted}, but it ${got} (of ${all} request${all === 1 ? '' : 's'} kept${context})\n\n` +
        control.journal.explain(),
      ...(expected === undefined ? {} : { actual: count, expected }),
    };
  },
};
