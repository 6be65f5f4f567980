// A user's browser project: the run's packed tarball (packedTarball) installed (extracted, as npm would) into
// node_modules, the page sources from test/browser/page as JavaScript, and MSW's worker script in public/ (what `npx
// msw init public --save` writes). Dependencies come from this repository's node_modules (the versions npm would
// install), linked rather than installed, so no network and no wait.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { packedTarball } from '../../support/packed';

const run = promisify(execFile);
export const repo = resolve(import.meta.dirname, '../../..');
const pageSources = resolve(import.meta.dirname, '../page');

/** The page variants: `index-<name>.html` runs `src/main-<name>.js`. */
export const PAGES = ['sw', 'fetch'] as const;
export type PageName = (typeof PAGES)[number];

export interface BrowserApp {
  /** The project's root. */
  dir: string;
  remove(): void;
}

/** The page's HTML; `script` is the entry's URL, `module` whether it is an ES module. */
export function pageHtml(script: string, module = true): string {
  return `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>personal-ledger-sdk in the browser</title>
    <script ${module ? 'type="module"' : 'defer'} src="${script}"></script>
  </head>
  <body></body>
</html>
`;
}

export async function createBrowserApp(): Promise<BrowserApp> {
  if (!existsSync(join(repo, 'dist/mocks/index.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const root = mkdtempSync(join(tmpdir(), 'ledger-browser-'));
  const dir = join(root, 'app');
  const tarball = await packedTarball();
  const installed = join(dir, 'node_modules/personal-ledger-sdk');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  for (const name of ['openapi-fetch', 'msw'])
    symlinkSync(join(repo, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  const version = (name: string) =>
    (JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'ledger-browser-app',
        private: true,
        type: 'module',
        dependencies: { 'personal-ledger-sdk': `file:${tarball}`, msw: version('msw') },
        msw: { workerDirectory: ['public'] },
      },
      null,
      2,
    ),
  );
  mkdirSync(join(dir, 'src'));
  for (const file of readdirSync(pageSources).filter((name) => name.endsWith('.ts'))) {
    const { code } = await transform(readFileSync(join(pageSources, file), 'utf8'), {
      loader: 'ts',
      format: 'esm',
      target: 'es2022',
    });
    writeFileSync(join(dir, 'src', file.replace(/\.ts$/, '.js')), code);
  }
  mkdirSync(join(dir, 'public'));
  copyFileSync(join(repo, 'node_modules/msw/lib/mockServiceWorker.js'), join(dir, 'public/mockServiceWorker.js'));
  for (const page of PAGES) writeFileSync(join(dir, `index-${page}.html`), pageHtml(`/src/main-${page}.js`));
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
