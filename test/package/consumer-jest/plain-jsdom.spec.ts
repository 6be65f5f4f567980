/**
 * @jest-environment jsdom
 */
// Plain jsdom (jest-environment-jsdom), without TextEncoder, Request, Response, structuredClone or fetch: every entry
// loads (personal-ledger-sdk/mocks/msw too, as far as msw itself, which needs Request, lets it), and making the fake or
// the client names what is missing and the environment to use.
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock } from 'personal-ledger-sdk/mocks';
import { ledgerMatchers } from 'personal-ledger-sdk/mocks/matchers';
import { createLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { PROBES } from 'personal-ledger-sdk/parity';
import { readStatements } from 'personal-ledger-sdk/statements';

test('every entry loads; made, the fake and the client say what is missing and what to use', () => {
  expect(typeof TextEncoder).toBe('undefined'); // this is plain jsdom
  expect([createLedgerMockServer, readStatements, ledgerMatchers.toHaveReceived].map((f) => typeof f)).toEqual([
    'function',
    'function',
    'function',
  ]);
  expect(PROBES.length).toBeGreaterThan(0);
  expect(() => createLedgerMock()).toThrow(
    "createLedgerMock needs Request, Response, TextEncoder, TextDecoder and structuredClone, which this environment lacks: jsdom leaves out the web globals of Node and browsers. Under Jest, use testEnvironment 'node', or 'jest-fixed-jsdom' (npm install -D jest-fixed-jsdom) for a DOM with them.",
  );
  expect(() => createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x' })).toThrow(
    /^createLedgerClient needs Request, Response and TextEncoder, .* 'jest-fixed-jsdom'/,
  );
});

test('the matchers are typed on the global expect (@types/jest)', () => {
  expect.extend(ledgerMatchers);
  const journal = { count: () => 0, explain: () => '' };
  expect({ control: { journal } }).not.toHaveReceived('*');
});
