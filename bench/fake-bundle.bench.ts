// The fake's browser payload, bundled by esbuild (bundle, minify, platform browser, format esm), each output
// gzipped at level 9: personal-ledger-sdk/mocks alone (mocks/index.ts, msw left out, though this entry never
// imports it), and the whole pages of the browser suite (test/browser/page): the SDK, the fake and, under the
// service worker, msw. Reports minified and gzipped bytes, and the largest packages and modules of the fake.
// The sizes are exact, so one run is enough: node --import tsx bench/fake-bundle.bench.ts
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function bundle(
  entry: string,
  external: string[] = [],
): Promise<{ minified: number; gzipped: number; metafile: Metafile }> {
  const result = await build({
    entryPoints: [`${ROOT}${entry}`],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    external,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength, metafile: result.metafile };
}

const fake = await bundle('mocks/index.ts', ['msw', 'msw/*']);
const inputs = Object.values(fake.metafile.outputs)[0]!.inputs;
const modules = Object.entries(inputs)
  .map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
  .filter((m) => m.bytes > 0)
  .sort((a, b) => b.bytes - a.bytes);
// node_modules/<pkg> or node_modules/@scope/<pkg>; everything else is the fake's own code.
const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '(the fake)';
const packages = new Map<string, number>();
for (const m of modules) packages.set(packageOf(m.file), (packages.get(packageOf(m.file)) ?? 0) + m.bytes);

const [swPage, fetchPage] = await Promise.all([
  bundle('test/browser/page/main-sw.ts'),
  bundle('test/browser/page/main-fetch.ts'),
]);
const figures = {
  minified: fake.minified,
  gzipped: fake.gzipped,
  packages: [...packages].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
  modules: modules.slice(0, 15),
  pages: {
    sw: { minified: swPage.minified, gzipped: swPage.gzipped },
    fetch: { minified: fetchPage.minified, gzipped: fetchPage.gzipped },
  },
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `personal-ledger-sdk/mocks for the browser: minified ${figures.minified} B (${kib(figures.minified)}), gzipped ${figures.gzipped} B (${kib(figures.gzipped)})`,
);
for (const p of figures.packages) console.log(`  ${p.name.padEnd(24)} ${kib(p.bytes).padStart(10)} minified`);
console.log(
  `whole page, MSW service worker: gzipped ${kib(swPage.gzipped)}; whole page, mock.fetch: gzipped ${kib(fetchPage.gzipped)}`,
);
report(figures);
