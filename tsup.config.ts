import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

// How the builds fit together:
// - `npm run build` empties dist/ before tsup starts, so no build cleans: the builds below run at once and several
//   write into the same folders.
// - No source maps are shipped (CONTRIBUTING.md, "The package's weight"): the code is not minified, so a stack trace
//   already names the function and file, and the maps were two thirds of the package.
// - Declarations: `npm run build` emits them once (tsc -p tsconfig.types.json), and each build bundles its entries'
//   (declarationsOf), so one TypeScript program compiles the sources, not one per build.
// - Each piece of code is in the package once per format. The bins share the code of the entries they run: the
//   `ledger-mock` and `ledger-parity` bins are entries of the ESM build of the fake and the parity kit, so they
//   load the same chunks as `personal-ledger-sdk/mocks` and `personal-ledger-sdk/parity`; `ledger-sync` and the
//   Vitest entry import the package's own entries by name. A bin's `#!/usr/bin/env node` is the first line of its
//   source (esbuild keeps an entry's hashbang; tsup marks such a file executable).
const shared: Options = {
  target: 'node20',
  sourcemap: false,
  define: { __SDK_VERSION__: JSON.stringify(version) },
  // The fake's own dependencies are bundled into dist/mocks, so client-only users install only
  // openapi-fetch. msw is an optional peer: only personal-ledger-sdk/mocks/msw imports it.
  noExternal: ['zod'],
  external: ['msw'],
  clean: false,
};

/** The fake's three entries by environment: `mocks` (any runtime), `mocks/msw` (the MSW adapter), `mocks/node`. */
const MOCKS = { 'mocks/index': 'mocks/index.ts', 'mocks/msw': 'mocks/msw.ts', 'mocks/node': 'mocks/node.ts' };
/** The parity kit, `personal-ledger-sdk/parity`. */
const PARITY = { 'parity/index': 'parity/index.ts' };
/** The parity kit checks answers against openapi.json with ajv, bundled: installing the package adds no dependency. */
const AJV = ['ajv', 'ajv-formats'];
/** The package's own entries by name (`personal-ledger-sdk/mocks`...), kept external: resolved to dist/ at run time. */
const BY_NAME = /^personal-ledger-sdk(\/|$)/;

/**
 * Where `npm run build` has emitted every entry's declarations (tsconfig.types.json) before tsup starts: each build
 * bundles those (`dts: declarationsOf(...)`) instead of compiling the sources again.
 */
const DECLARATIONS = '.tmp/types';
/** The package's own names, resolved to their emitted declarations where a build does not keep them external. */
const DECLARATION_PATHS = Object.fromEntries(
  Object.entries({
    'personal-ledger-sdk': 'src/index',
    'personal-ledger-sdk/mocks': 'mocks/index',
    'personal-ledger-sdk/mocks/matchers': 'mocks/matchers',
  }).map(([name, file]) => [name, [`${process.cwd()}/${DECLARATIONS}/${file}.d.ts`]]),
);
/** The `dts` option of a build of `entry`: its entries' emitted declarations, bundled. */
function declarationsOf(entry: Record<string, string>): Options['dts'] {
  const emitted = (file: string) => `${DECLARATIONS}/${file.replace(/\.ts$/, '.d.ts')}`;
  return {
    entry: Object.fromEntries(Object.entries(entry).map(([name, file]) => [name, emitted(file)])),
    compilerOptions: { paths: DECLARATION_PATHS },
  };
}

export default defineConfig([
  {
    // The client. ESM is split (tsup's default): the bulk engine, which `client.snapshots.bulkUpsert` loads with
    // `import()`, is a chunk of its own (dist/bulk-engine-*.js), loaded on first use. It imports none of the entry's
    // modules but the generated constants (the error classes it throws are handed to it: src/bulk/context.ts), so the
    // only chunk both import is those constants. CJS is not split: the engine stays in dist/index.cjs.
    ...shared,
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: declarationsOf({ index: 'src/index.ts' }),
  },
  {
    // ESM: the fake, the parity kit and the two bins that run them, split into shared chunks (dist/chunks/), so each
    // module is here once: the core the fake's entries share, what `ledger-mock` and `ledger-parity` run, and ajv,
    // which the kit and `ledger-mock copy` share. The kit still reaches the fake by name (BY_NAME), through the same
    // dist/mocks files. Chunks sit one folder below dist/ like the bins (`ledger-mock` reads ../../package.json).
    ...shared,
    entry: { ...MOCKS, ...PARITY, 'bin/ledger-mock': 'mocks/server/cli.ts', 'bin/ledger-parity': 'parity/cli.ts' },
    outDir: 'dist',
    format: ['esm'],
    splitting: true,
    noExternal: ['zod', ...AJV],
    external: ['msw', BY_NAME],
    esbuildOptions: (options) => {
      options.chunkNames = 'chunks/[name]-[hash]';
    },
    dts: declarationsOf({ ...MOCKS, ...PARITY }),
  },
  {
    // CommonJS: the fake's entries, split, so the core they share is one chunk, loaded once.
    ...shared,
    entry: MOCKS,
    outDir: 'dist',
    format: ['cjs'],
    splitting: true,
    esbuildOptions: (options) => {
      options.chunkNames = 'mocks/[name]-[hash]';
      // mocks/adapters/msw-runtime.ts reads import.meta.url only where __filename is missing (ESM); CommonJS has none.
      options.define = { ...options.define, 'import.meta.url': 'undefined' };
    },
    dts: declarationsOf(MOCKS),
  },
  {
    // CommonJS: the parity kit; the fake comes from personal-ledger-sdk/mocks by name.
    ...shared,
    entry: PARITY,
    outDir: 'dist',
    format: ['cjs'],
    noExternal: AJV,
    external: [BY_NAME],
    dts: declarationsOf(PARITY),
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
    external: ['vitest', BY_NAME],
    dts: declarationsOf({ vitest: 'mocks/vitest.ts' }),
  },
  {
    // personal-ledger-sdk/mocks/matchers: `expect.extend(ledgerMatchers)` for Jest, Vitest and Bun, in both formats. It
    // imports no runner, and the fake's types by the package's own name.
    ...shared,
    entry: { matchers: 'mocks/matchers.ts' },
    outDir: 'dist/mocks',
    format: ['esm', 'cjs'],
    splitting: false,
    external: [BY_NAME],
    dts: declarationsOf({ matchers: 'mocks/matchers.ts' }),
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
    dts: declarationsOf({ index: 'statements/index.ts' }),
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
    external: [BY_NAME],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
