import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

export default defineConfig({
  entry: { index: 'src/index.ts', 'mocks/index': 'mocks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  define: { __SDK_VERSION__: JSON.stringify(version) },
  // The fake's own dependencies are bundled into dist/mocks, so client-only users install only
  // openapi-fetch, and the CJS build works although @msw/data is ESM-only. msw is a peer.
  noExternal: ['@msw/data', 'zod', 'ajv', 'ajv-formats'],
  external: ['msw'],
});
