import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

const shared: Options = {
  target: 'node20',
  sourcemap: true,
  define: { __SDK_VERSION__: JSON.stringify(version) },
  // The fake's own dependencies are bundled into dist/mocks, so client-only users install only
  // openapi-fetch. msw is an optional peer: only personal-ledger-sdk/mocks/msw imports it.
  noExternal: ['zod'],
  external: ['msw'],
};

export default defineConfig([
  {
    // The client: one file per format.
    ...shared,
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: ['!bin/**', '!mocks/**', '!parity/**', '!statements/**'], // the other builds' folders, built at the same time
  },
  {
    // The fake's three entries by environment: `mocks` (any runtime), `mocks/msw` (the MSW adapter) and `mocks/node`
    // (the node:http server). Split in both formats, so the core they share is one chunk, loaded once.
    ...shared,
    entry: { index: 'mocks/index.ts', msw: 'mocks/msw.ts', node: 'mocks/node.ts' },
    outDir: 'dist/mocks',
    format: ['esm', 'cjs'],
    splitting: true,
    // mocks/adapters/msw-runtime.ts reads import.meta.url only where __filename is missing (ESM); CommonJS has no import.meta.
    esbuildOptions: (options, { format }) => {
      if (format === 'cjs') options.define = { ...options.define, 'import.meta.url': 'undefined' };
    },
    dts: true,
    clean: ['!vitest.*'], // dist/mocks/vitest.* is the next build's, running at the same time
  },
  {
    // personal-ledger-sdk/mocks/vitest: ESM only, as Vitest is. It imports vitest, and the client and the fake by the
    // package's own names (kept external), so the errors and fakes a test sees are those of the package's entries,
    // not a second copy; no other entry imports vitest.
    ...shared,
    entry: { vitest: 'mocks/vitest.ts' },
    outDir: 'dist/mocks',
    format: ['esm'],
    splitting: false,
    external: ['vitest', /^personal-ledger-sdk(\/|$)/],
    dts: true,
    clean: false,
  },
  {
    // The `ledger-mock` command: one self-contained ESM file (no shared chunks in dist/, which the
    // other builds clean); the shebang banner makes tsup mark it executable. It never loads msw.
    ...shared,
    entry: { 'bin/ledger-mock': 'mocks/server/cli.ts' },
    format: ['esm'],
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
  {
    // personal-ledger-sdk/parity: the parity kit. It reaches the fake through the package's own public entry
    // (`personal-ledger-sdk/mocks`, resolved by the package's name at run time), so there is one copy of the fake;
    // ajv, which checks answers against openapi.json, is bundled, so installing the package adds no dependency.
    ...shared,
    entry: { index: 'parity/index.ts' },
    outDir: 'dist/parity',
    format: ['esm', 'cjs'],
    noExternal: ['ajv', 'ajv-formats'],
    external: [/^personal-ledger-sdk(\/|$)/],
    dts: true,
    clean: true,
  },
  {
    // The `ledger-parity` command: one ESM file with the kit bundled; the fake comes from personal-ledger-sdk/mocks.
    ...shared,
    entry: { 'bin/ledger-parity': 'parity/cli.ts' },
    format: ['esm'],
    splitting: false,
    noExternal: ['ajv', 'ajv-formats'],
    external: [/^personal-ledger-sdk(\/|$)/],
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
  {
    // personal-ledger-sdk/statements: the bank-file readers, for any runtime (no `node:` import, no client). saxes
    // (camt's XML) and papaparse (CSV cells) are bundled, so installing the package adds no dependency.
    ...shared,
    entry: { index: 'statements/index.ts' },
    outDir: 'dist/statements',
    format: ['esm', 'cjs'],
    platform: 'neutral',
    noExternal: ['saxes', 'xmlchars', 'papaparse'],
    dts: true,
    clean: true,
  },
  {
    // The `ledger-sync` command: one ESM file. The client, the readers and the demo fake come from the package's own
    // entries by name (one copy of each); its own code (mapping, reports) is bundled, and so is jsonc-parser (the
    // mapping file's comments), so installing the package adds no dependency.
    ...shared,
    entry: { 'bin/ledger-sync': 'sync/cli.ts' },
    format: ['esm'],
    splitting: false,
    noExternal: ['jsonc-parser'],
    external: [/^personal-ledger-sdk(\/|$)/],
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
]);
