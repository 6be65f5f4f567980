// The three bundlers a user is likely to have, each building the two pages of a BrowserApp with a plain,
// generic configuration (entries and an output folder; nothing specific to the fake or msw). Each is imported
// when it builds, so a test file loads only its own.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageHtml, PAGES } from './browser-app';

export interface Bundler {
  name: string;
  /** Builds `index-<page>.html` for every page, and copies public/ (MSW's worker), into a folder it returns. */
  build(app: string): Promise<string>;
}

/** HTML for each page and the worker script, for the bundlers that do not build HTML themselves. */
function writePages(app: string, out: string, script: (page: string) => string, module: boolean): void {
  for (const page of PAGES) writeFileSync(join(out, `index-${page}.html`), pageHtml(script(page), module));
  copyFileSync(join(app, 'public/mockServiceWorker.js'), join(out, 'mockServiceWorker.js'));
}

export const esbuildBundler: Bundler = {
  name: 'esbuild',
  async build(app) {
    const out = join(app, 'dist-esbuild');
    const { build } = await import('esbuild');
    await build({
      absWorkingDir: app,
      entryPoints: PAGES.map((page) => ({ in: `src/main-${page}.js`, out: page })),
      outdir: out,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    writePages(app, out, (page) => `./${page}.js`, true);
    return out;
  },
};

export const viteBundler: Bundler = {
  name: 'Vite',
  async build(app) {
    const out = join(app, 'dist-vite');
    const { build } = await import('vite');
    await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: out,
        emptyOutDir: true,
        rolldownOptions: { input: PAGES.map((page) => join(app, `index-${page}.html`)) },
      },
    });
    return out; // Vite builds the HTML and copies public/ itself
  },
};

export const webpackBundler: Bundler = {
  name: 'webpack',
  async build(app) {
    const out = join(app, 'dist-webpack');
    const { default: webpack } = await import('webpack');
    const compiler = webpack({
      context: app,
      mode: 'production',
      entry: Object.fromEntries(PAGES.map((page) => [page, `./src/main-${page}.js`])),
      output: { path: out, filename: '[name].js', clean: true },
      optimization: { minimize: false }, // minifying takes most of the time and proves nothing here
      performance: { hints: false },
    });
    await new Promise<void>((resolve, reject) => {
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve();
      });
    });
    writePages(app, out, (page) => `./${page}.js`, false);
    return out;
  },
};
