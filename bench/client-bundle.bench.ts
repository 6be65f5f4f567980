// Benchmark 5: the client entry (src/index.ts) bundled and minified with esbuild (platform neutral, ESM), minified
// and gzipped bytes, and the same for a typical import (`createLedgerClient` only, tree-shaken). One file each: the
// client has no code loaded later (no `import()`). The sizes are exact, so one run is enough:
// node --import tsx bench/client-bundle.bench.ts
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Sizes of one import, and its largest modules. */
export interface BundleSize {
  minified: number;
  gzipped: number;
  /** Largest modules, minified bytes. */
  modules: Array<{ file: string; bytes: number }>;
}

async function size(contents: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    define: { __SDK_VERSION__: '"0.0.0-bench"' },
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength, modules: modulesOf(output) };
}

function modulesOf(output: Metafile['outputs'][string]): Array<{ file: string; bytes: number }> {
  return Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
    .filter((m) => m.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

const whole = await size(`export * from './src/index.ts';`);
const typical = await size(`export { createLedgerClient } from './src/index.ts';`);
const openapiFetch = await size(`import createClient from 'openapi-fetch'; export { createClient };`);
report({ whole, typical, openapiFetch });
