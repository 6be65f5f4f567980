import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

const shared: Options = {
  target: 'node20',
  sourcemap: true,
  define: { __SDK_VERSION__: JSON.stringify(version) },
  // The fake's own dependencies are bundled into dist/mocks, so client-only users install only
  // openapi-fetch. msw is a peer.
  noExternal: ['zod'],
  external: ['msw'],
};

export default defineConfig([
  {
    ...shared,
    entry: { index: 'src/index.ts', 'mocks/index': 'mocks/index.ts' },
    // ESM is split (tsup's default): the bulk engine, which `bulkUpsert` loads with `import()`, is a chunk of its
    // own (dist/bulk-engine-*.js), loaded on first use. CJS is not split: the engine stays in dist/index.cjs.
    format: ['esm', 'cjs'],
    dts: true,
    clean: ['!bin/**'], // dist/bin is the other build's, running at the same time
  },
  {
    // The `ledger-mock` command: one self-contained ESM file (no shared chunks in dist/, which the
    // other build cleans); the shebang banner makes tsup mark it executable.
    ...shared,
    entry: { 'bin/ledger-mock': 'mocks/server/cli.ts' },
    format: ['esm'],
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
]);
