// Loading an entry touches no global: every entry of the built package, imported (ESM) and required (CommonJS) by a
// Node process in which reading any web global (TextEncoder, Request, structuredClone, crypto, fetch, timers' kin...)
// throws, as jsdom (Jest's testEnvironment 'jsdom') lacks several. msw itself reads Request when it loads, so
// personal-ledger-sdk/mocks/msw goes as far as msw lets it. Made without them, the fake and the client each throw one
// error naming every global missing and the environment to use. (In Jest's jsdom itself: consumer-jest.test.ts.)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from '../support/root';

const run = promisify(execFile);

const WEB_GLOBALS = [
  'TextEncoder',
  'TextDecoder',
  'Request',
  'Response',
  'Headers',
  'fetch',
  'structuredClone',
  'crypto',
  'MessageChannel',
  'ReadableStream',
  'Blob',
  'FormData',
  'AbortController',
  'AbortSignal',
  'URL',
  'URLSearchParams',
  'BroadcastChannel',
  'TextEncoderStream',
  'TextDecoderStream',
  'performance',
  'queueMicrotask',
  'setImmediate',
];
const ENTRIES = ['', '/mocks', '/mocks/msw', '/mocks/node', '/mocks/matchers', '/parity', '/statements'];

// Run from the repository's root, where `personal-ledger-sdk` resolves to its own built package (dist/).
const PROGRAM = `
import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/package.json');
let loading = true;
for (const name of ${JSON.stringify(WEB_GLOBALS)}) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() { if (loading) throw new Error('touched ' + name + ' while loading'); return undefined; },
  });
}
const report = {};
for (const entry of ${JSON.stringify(ENTRIES)}) {
  const name = 'personal-ledger-sdk' + entry;
  for (const [format, load] of [['esm', () => import(name)], ['cjs', async () => require(name)]]) {
    report[format + ' ' + name] = await load().then(
      () => 'loaded',
      (error) => (/node_modules\\/(msw|@mswjs)\\//.test(error.stack) ? "msw's own code: " : '') + error.message.split('\\n')[0],
    );
  }
}
loading = false; // now they are missing, as in jsdom
const { createLedgerMock } = await import('personal-ledger-sdk/mocks');
const { createLedgerClient } = require('personal-ledger-sdk');
for (const [what, make] of [['mock', () => createLedgerMock()], ['client', () => createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x' })]]) {
  try { make(); report[what] = 'made'; } catch (error) { report[what] = error.constructor.name + ': ' + error.message; }
}
console.log(JSON.stringify(report));
`;

it('every entry loads, ESM and CommonJS, without reading a global; used without them, one error names them all and the environment to use', async () => {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROGRAM], { cwd: ROOT });
  const report = JSON.parse(stdout) as Record<string, string>;
  const loads = ENTRIES.flatMap((entry) =>
    ['esm', 'cjs'].map((format) => [
      `${format} personal-ledger-sdk${entry}`,
      entry === '/mocks/msw' ? "msw's own code: touched Request while loading" : 'loaded',
    ]),
  );
  const environment =
    "which this environment lacks: jsdom leaves out the web globals of Node and browsers. Under Jest, use testEnvironment 'node', or 'jest-fixed-jsdom' (npm install -D jest-fixed-jsdom) for a DOM with them.";
  expect(report).toEqual({
    ...Object.fromEntries(loads),
    mock: `TypeError: createLedgerMock needs Request, Response, Headers, TextEncoder, TextDecoder, structuredClone and crypto, ${environment}`,
    client: `TypeError: createLedgerClient needs Request, Response, Headers and TextEncoder, ${environment}`,
  });
});
