// Benchmark 5: the client entry (src/index.ts) bundled and minified with esbuild (platform neutral, ESM),
// minified and gzipped bytes, and the same for a typical import (`createLedgerClient` only, tree-shaken).
// Built with code splitting, as an ESM bundler does: what `import` loads at once (the entry chunk and any chunk
// it imports statically) is reported apart from what loads only on first use through `import()` (the bulk
// engine), and so is the total. The single-file build (splitting off: the `import()` inlined) is reported too.
// The sizes are exact, so one run is enough: node --import tsx bench/client-bundle.bench.ts
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}bench-out`; // never written (write: false); esbuild needs an outdir to split

/** One output file: its path (relative to the output directory), its bytes, and the modules in it. */
export interface ChunkSize {
  file: string;
  minified: number;
  gzipped: number;
  modules: Array<{ file: string; bytes: number }>;
}

/** Sizes of one import: what loads at once, what loads on first use, and the same code as one file. */
export interface BundleSize {
  /** The entry chunk plus the chunks it imports statically: what `import` loads. The bar is read here. */
  initial: { minified: number; gzipped: number; chunks: ChunkSize[] };
  /** Chunks reached only through `import()`: loaded on first use (the bulk engine). */
  lazy: { minified: number; gzipped: number; chunks: ChunkSize[] };
  /** initial + lazy (each file gzipped on its own, as served). */
  total: { minified: number; gzipped: number };
  /** The same code as one file, splitting off (`import()` inlined), as a bundler without code splitting makes it. */
  single: { minified: number; gzipped: number };
  /** Largest modules of the whole code (initial + lazy), minified bytes. */
  modules: Array<{ file: string; bytes: number }>;
}

const common = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'silent',
  define: { __SDK_VERSION__: '"0.0.0-bench"' },
} as const;

const gzipped = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength;
const sum = (chunks: ChunkSize[], key: 'minified' | 'gzipped') => chunks.reduce((n, c) => n + c[key], 0);

async function size(contents: string): Promise<BundleSize> {
  const stdin = { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-entry.ts' } as const;
  const split = await build({ ...common, stdin, splitting: true, outdir: OUT });
  const outputs = split.metafile.outputs;
  const chunks = new Map<string, ChunkSize>();
  for (const file of split.outputFiles) {
    const key = Object.keys(outputs).find((k) => file.path.endsWith(k.replace(/^bench-out/, '')))!;
    chunks.set(key, { file: key.replace(/^bench-out\//, ''), minified: file.contents.byteLength, gzipped: gzipped(file.contents), modules: modulesOf(outputs[key]!) });
  }
  // What the entry loads at once: the entry chunk and, transitively, its static imports.
  const entry = Object.keys(outputs).find((k) => outputs[k]!.entryPoint !== undefined)!;
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const imported of outputs[key]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  const initialChunks = [...chunks].filter(([k]) => initial.has(k)).map(([, c]) => c);
  const lazyChunks = [...chunks].filter(([k]) => !initial.has(k)).map(([, c]) => c);
  const single = await build({ ...common, stdin });
  const singleCode = single.outputFiles[0]!.contents;
  return {
    initial: { minified: sum(initialChunks, 'minified'), gzipped: sum(initialChunks, 'gzipped'), chunks: initialChunks },
    lazy: { minified: sum(lazyChunks, 'minified'), gzipped: sum(lazyChunks, 'gzipped'), chunks: lazyChunks },
    total: { minified: sum([...chunks.values()], 'minified'), gzipped: sum([...chunks.values()], 'gzipped') },
    single: { minified: singleCode.byteLength, gzipped: gzipped(singleCode) },
    modules: [...chunks.values()].flatMap((c) => c.modules).sort((a, b) => b.bytes - a.bytes),
  };
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
