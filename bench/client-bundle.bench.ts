// Benchmark 5: the client entry (src/index.ts) bundled and minified with esbuild (platform neutral, ESM), minified
// and gzipped bytes, and the same for a typical import (`createLedgerClient` only, tree-shaken). One file each: the
// client has no code loaded later (no `import()`). For the typical import it also lists what is left of it: each
// area's share of the gzipped bytes (the bytes the bundle loses without that area's code). The sizes are exact, so
// one run is enough: node --import tsx bench/client-bundle.bench.ts
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Sizes of one import, and its largest modules. */
export interface BundleSize {
  minified: number;
  gzipped: number;
  /** Largest modules, minified bytes. */
  modules: Array<{ file: string; bytes: number }>;
}

/** One area of the client's code (a folder of src/, or a dependency) and its share of the gzipped bytes. */
export interface AreaShare {
  area: string;
  /** Gzipped bytes of the whole bundle minus those of the bundle without this area's code. */
  gzipped: number;
  /** The area's minified bytes. */
  minified: number;
}

const options = (contents: string) =>
  ({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false as const,
    metafile: true as const,
    logLevel: 'silent',
    define: { __SDK_VERSION__: '"0.0.0-bench"' },
  }) satisfies BuildOptions;

const gzipped = (code: Uint8Array | string) => gzipSync(code, { level: 9 }).byteLength;

async function size(contents: string): Promise<BundleSize> {
  const result = await build(options(contents));
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  return { minified: code.byteLength, gzipped: gzipped(code), modules: modulesOf(output) };
}

/** `src/bulk/x.ts` -> `src/bulk/`, `src/client.ts` -> `src/client.ts`, a dependency -> its package name. */
function areaOf(file: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (dependency) return dependency[1]!;
  const parts = file.split('/');
  return parts.length > 2 ? `${parts.slice(0, 2).join('/')}/` : file;
}

/**
 * What the bundle of `contents` is made of, by area, largest share first. Each module starts with a marker comment
 * (a legal comment, which minifying keeps in place), so the minified code can be cut into modules; each area's share
 * is the gzipped size of the whole minus that of the whole without the area's modules.
 */
async function areas(contents: string): Promise<AreaShare[]> {
  const MARK = '@@bench-module ';
  const marker: Plugin = {
    name: 'module-marker',
    setup(b) {
      b.onLoad({ filter: /\.(ts|js|mjs)$/ }, async (args) => ({
        contents: `/*! ${MARK}${args.path.slice(ROOT.length)} */\n${await readFile(args.path, 'utf8')}`,
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
      }));
    },
  };
  const result = await build({ ...options(contents), legalComments: 'inline', plugins: [marker] });
  const [head = '', ...rest] = result.outputFiles[0]!.text.split(new RegExp(`/\\*! ${MARK}(\\S+) \\*/\\n?`));
  const modules: Array<{ area: string; code: string }> = [];
  for (let i = 0; i < rest.length; i += 2) modules.push({ area: areaOf(rest[i]!), code: rest[i + 1]! });
  const whole = gzipped(head + modules.map((m) => m.code).join(''));
  return [...new Set(modules.map((m) => m.area))]
    .map((area) => {
      const own = modules.filter((m) => m.area === area);
      const without =
        head +
        modules
          .filter((m) => m.area !== area)
          .map((m) => m.code)
          .join('');
      return { area, gzipped: whole - gzipped(without), minified: own.reduce((n, m) => n + m.code.length, 0) };
    })
    .sort((a, b) => b.gzipped - a.gzipped);
}

function modulesOf(output: Metafile['outputs'][string]): Array<{ file: string; bytes: number }> {
  return Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
    .filter((m) => m.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

const whole = await size(`export * from './src/index.ts';`);
const TYPICAL = `export { createLedgerClient } from './src/index.ts';`;
const typical = { ...(await size(TYPICAL)), areas: await areas(TYPICAL) };
const openapiFetch = await size(`import createClient from 'openapi-fetch'; export { createClient };`);
report({ whole, typical, openapiFetch });
