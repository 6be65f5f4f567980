// The fake's browser payload: personal-ledger-sdk/mocks (mocks/index.ts) bundled by esbuild (bundle, minify,
// platform browser, format esm; msw external, although this entry never imports it), then gzipped at level 9.
// Reports the minified and gzipped bytes of the one output file, and the largest packages and modules in it.
// The sizes are exact, so one run is enough: node --import tsx bench/fake-bundle.bench.ts
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const result = await build({
  entryPoints: [`${ROOT}mocks/index.ts`],
  bundle: true,
  minify: true,
  platform: 'browser',
  format: 'esm',
  external: ['msw', 'msw/*'],
  write: false,
  metafile: true,
  logLevel: 'silent',
});

const code = result.outputFiles[0]!.contents;
const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
const modules = Object.entries(inputs)
  .map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
  .filter((m) => m.bytes > 0)
  .sort((a, b) => b.bytes - a.bytes);
// node_modules/<pkg> or node_modules/@scope/<pkg>; everything else is the fake's own code.
const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '(the fake)';
const packages = new Map<string, number>();
for (const m of modules) packages.set(packageOf(m.file), (packages.get(packageOf(m.file)) ?? 0) + m.bytes);

const figures = {
  minified: code.byteLength,
  gzipped: gzipSync(code, { level: 9 }).byteLength,
  packages: [...packages].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
  modules: modules.slice(0, 15),
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`personal-ledger-sdk/mocks for the browser: minified ${figures.minified} B (${kib(figures.minified)}), gzipped ${figures.gzipped} B (${kib(figures.gzipped)})`);
for (const p of figures.packages) console.log(`  ${p.name.padEnd(24)} ${kib(p.bytes).padStart(10)} minified`);
report(figures);
