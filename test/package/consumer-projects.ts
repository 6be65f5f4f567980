// The consumer tests' projects: fresh folders that npm installed the packed tarball into, each installed once per test
// run (oncePerRun) and shared by the test files that use it (consumer*.test.ts), and `tsc -b` over the TypeScript
// settings a consumer may use, its output told apart by project. The installs start with the run, in vitest's own
// process (test/support/heavy-first-sequencer.ts, by projectsCalledBy), while other files run: a test file waits for
// what is not finished yet.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { oncePerRun } from '../support/once-per-run.js';
import { packedTarball } from '../support/packed.js';
import { ROOT } from '../support/root.js';
import { RUNTIMES } from '../runtimes/runtimes.js';

const run = promisify(execFile);

/**
 * The TypeScript settings a consumer may compile with, each a `tsconfig.<name>.json` in appProject(). skipLibCheck
 * stays off, so our own declaration files are checked too (TypeScript's own lib files are not: skipDefaultLibCheck,
 * a second of CPU per project saved on lib.dom.d.ts and its kin), except for the fake under CommonJS: msw 2's own declarations fail there
 * (TS1479: they import the ESM-only `rettime`), which is msw's to fix; and Vitest's own declarations need its peers'
 * types (vite's, among others), which Vitest checks, not this.
 */
export const TYPESCRIPT_SETTINGS: ReadonlyArray<{
  name: string;
  group: TypeCheckGroup;
  options: Record<string, unknown>;
  files: string[];
}> = [
  {
    name: 'node16-esm',
    group: 'node16',
    options: { module: 'node16', moduleResolution: 'node16', skipLibCheck: false },
    files: ['typed.ts'],
  },
  {
    name: 'node16-cjs',
    group: 'node16',
    options: { module: 'node16', moduleResolution: 'node16', skipLibCheck: false },
    files: ['typed-cjs.cts'],
  },
  {
    name: 'node16-cjs-mocks',
    group: 'node16',
    options: { module: 'node16', moduleResolution: 'node16', skipLibCheck: true },
    files: ['typed-cjs-mocks.cts'],
  },
  {
    // `module: commonjs` (TypeScript 5.9 resolves with node10 there, TypeScript 7 as for bundlers): every entry.
    name: 'commonjs',
    group: 'node10',
    options: { module: 'commonjs', moduleResolution: 'node10', skipLibCheck: true },
    files: ['typed-commonjs.ts'],
  },
  {
    name: 'bundler',
    group: 'bundler',
    options: { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: false },
    files: ['typed.ts'],
  },
  {
    name: 'node16-esm-vitest',
    group: 'bundler',
    options: { module: 'node16', moduleResolution: 'node16', skipLibCheck: true },
    files: ['typed-vitest.ts'],
  },
  {
    name: 'bundler-vitest',
    group: 'bundler',
    options: { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true },
    files: ['typed-vitest.ts'],
  },
];

/** Each group is compiled by one `tsc -b` in its own test file (consumer-types-<group>.test.ts), the two side by side. */
type TypeCheckGroup = 'node16' | 'bundler' | 'node10';

/** The version of `name` the repository installed (package-lock.json's), so npm finds it in its cache. */
export const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * A project with the packed tarball, msw and Vitest installed, and a `tsconfig.<name>.json` for each of
 * TYPESCRIPT_SETTINGS (checked by this repository's TypeScript, the version a consumer's npm would install). Installed
 * once per run; never modify it.
 */
export function appProject(runDir?: string): Promise<string> {
  return oncePerRun(
    'consumer-app',
    async (dir) => {
      const packages = [`msw@${versionOf('msw')}`, `vitest@${versionOf('vitest')}`];
      const app = await installProject(
        dir,
        'app',
        join(ROOT, 'test/package/consumer'),
        await packedTarball(runDir),
        packages,
      );
      for (const { name, options, files } of TYPESCRIPT_SETTINGS) {
        const tsconfig = (compilerOptions: Record<string, unknown>) =>
          JSON.stringify({
            compilerOptions: {
              ...compilerOptions,
              target: 'es2022',
              strict: true,
              noEmit: true,
              types: [],
              skipDefaultLibCheck: true,
            },
            files,
          });
        writeFileSync(join(app, `tsconfig.${name}.json`), tsconfig(options));
        // TypeScript 7 removed moduleResolution node10: `module: commonjs` alone is what such a project says there.
        const { moduleResolution, ...rest } = options;
        writeFileSync(join(app, `tsconfig.${name}.ts7.json`), tsconfig(moduleResolution === 'node10' ? rest : options));
      }
      return app;
    },
    runDir,
  );
}

/**
 * A project with the packed tarball alone installed (no msw, no Vitest). Installed once per run; never change what it
 * holds (a test that writes files does so in a folder of its own inside it, as consumer-sync.test.ts does).
 */
export function bareProject(runDir?: string): Promise<string> {
  return oncePerRun(
    'consumer-bare',
    async (dir) =>
      installProject(dir, 'app-no-msw', join(ROOT, 'test/package/consumer-no-msw'), await packedTarball(runDir), []),
    runDir,
  );
}

/** A project like bareProject() that then installed msw 3 (`npm install msw@3` after the package). Once per run. */
export function bareThenMsw3(runDir?: string): Promise<string> {
  return oncePerRun(
    'consumer-bare-msw3',
    async (dir) => {
      const app = await installProject(
        dir,
        'app-no-msw-then-msw3',
        join(ROOT, 'test/package/consumer-no-msw'),
        await packedTarball(runDir),
        [],
      );
      await timedInstall(app, [`msw@${versionOf('msw3')}`]);
      return app;
    },
    runDir,
  );
}

/** What a CommonJS TypeScript project with Jest installs beside the package (docs/testing.md, "Jest"). */
const JEST_PACKAGES = [
  'jest@30.5.2',
  '@jest/globals@30.5.2',
  'ts-jest@29.4.15',
  '@types/jest@30.0.0',
  'jest-environment-jsdom@30.5.2',
  'jest-fixed-jsdom@0.0.11',
  'babel-jest@30.5.2',
  '@babel/preset-env@7.29.14',
  '@sinonjs/fake-timers@15.5.0',
];

/**
 * A CommonJS TypeScript project with Jest 30 and ts-jest, msw and the packed tarball (test/package/consumer-jest): one
 * install shared by its three setups (testEnvironment 'node', jest-fixed-jsdom, global fake timers). Once per run.
 */
export function jestProject(runDir?: string): Promise<string> {
  return oncePerRun(
    'consumer-jest',
    async (dir) =>
      installProject(
        dir,
        'app-jest',
        join(ROOT, 'test/package/consumer-jest'),
        await packedTarball(runDir),
        [...JEST_PACKAGES, `msw@${versionOf('msw')}`, `typescript@${versionOf('typescript')}`],
        'commonjs',
      ),
    runDir,
  );
}

/** TypeScript 7 (the native compiler), which a consumer may check the package's types with. */
const TYPESCRIPT_7 = '7.0.2';

/** `tsc` of TypeScript 7, installed alone into a folder of its own once per run (a native binary: about 30 MB, 5 s). */
export function typeScript7(runDir?: string): Promise<string> {
  return oncePerRun(
    'typescript-7',
    async (dir) => {
      const folder = join(dir, 'typescript-7');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'typescript-7', private: true }));
      await timedInstall(folder, [`typescript@${TYPESCRIPT_7}`]);
      return join(folder, 'node_modules/typescript/bin/tsc');
    },
    runDir,
  );
}

/** The recipes of docs/testing.md, one per runner, and what they need (a page, a Playwright config). */
const RUNNERS = join(ROOT, 'test/package/runners');

/** The `package@version` test:runtimes installs for `name` (Bun, Node 24): one pin, one copy in npm's cache. */
export const runtimeInstall = (name: string) => RUNTIMES.find((runtime) => runtime.name === name)!.install!;

/**
 * The recipes of docs/testing.md for each runner (test/package/runners, and examples/browser in `browser-example/`),
 * with MSW's service worker in `public/` (`msw init`), in one project with the packed tarball, msw, Vitest 4, Vite, Vitest's browser mode, Playwright Test and Bun (one
 * install for four runners, consumer-runners.test.ts). Installed once per run; never modify it.
 */
export function runnersProject(runDir?: string): Promise<string> {
  return oncePerRun(
    'consumer-runners',
    async (dir) => {
      const packages = ['msw', 'vitest', 'vite', '@vitest/browser-playwright'].map(
        (name) => `${name}@${versionOf(name)}`,
      );
      packages.push(`@playwright/test@${versionOf('playwright')}`, runtimeInstall('Bun'));
      const app = await installProject(dir, 'app-runners', RUNNERS, await packedTarball(runDir), packages);
      cpSync(join(ROOT, 'examples/browser'), join(app, 'browser-example'), { recursive: true });
      // The service worker of the Playwright page (main.js), as docs/browser.md says to put it in place.
      await run('npx', ['msw', 'init', 'public', '--save'], { cwd: app, timeout: 60_000 });
      return app;
    },
    runDir,
  );
}

/** Vitest 5, the current major: it needs Node 22.12+, run under `runtimeInstall('Node 24')` (consumer-vitest5.test.ts). */
export const VITEST_5 = 'vitest@5.1.2';

/** The Vitest recipe's project for Vitest 5: the packed tarball, msw and VITEST_5, with no flag. Once per run. */
export function vitest5Project(runDir?: string): Promise<string> {
  return oncePerRun(
    'consumer-vitest5',
    async (dir) =>
      installProject(dir, 'app-vitest5', RUNNERS, await packedTarball(runDir), [`msw@${versionOf('msw')}`, VITEST_5]),
    runDir,
  );
}

/** The projects above, each with the calls in a test file's source that wait for it (describeTypeChecks: appProject). */
const PROJECT_CALLS: ReadonlyArray<{ sign: RegExp; install: (runDir: string) => Promise<string> }> = [
  { sign: /\b(?:appProject|describeTypeChecks)\(/, install: appProject },
  { sign: /\b(?:typeScript7|describeTypeChecks)\(/, install: typeScript7 },
  { sign: /\bjestProject\(/, install: jestProject },
  { sign: /\bbareProject\(/, install: bareProject },
  { sign: /\bbareThenMsw3\(/, install: bareThenMsw3 },
  { sign: /\brunnersProject\(/, install: runnersProject },
  { sign: /\bvitest5Project\(/, install: vitest5Project },
];

/** The installs a test file waits for, by its source: each starts the project's install once per run, in `runDir`. */
export function projectsCalledBy(source: string): Array<(runDir: string) => Promise<string>> {
  return PROJECT_CALLS.filter((project) => project.sign.test(source)).map((project) => project.install);
}

/** `npm install` of `packages` into `app`; everything the cache holds comes from the cache. */
function install(app: string, packages: string[]) {
  return run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages], {
    cwd: app,
    timeout: 240_000,
  });
}

/** A fresh project `root/name` with the files of `from`, and the tarball and `packages` installed by npm. */
async function installProject(
  root: string,
  name: string,
  from: string,
  tarball: string,
  packages: string[],
  type: 'module' | 'commonjs' = 'module',
): Promise<string> {
  const app = join(root, name);
  cpSync(from, app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name, private: true, type }, null, 2));
  await timedInstall(app, [tarball, ...packages]);
  return app;
}

async function timedInstall(app: string, packages: string[]): Promise<void> {
  const started = performance.now();
  // Everything comes from npm's cache, filled by the repo's own `npm ci` (the same versions).
  await install(app, packages);
  console.log(
    `${basename(app)} install: ${((performance.now() - started) / 1000).toFixed(1)} s (${readdirSync(join(app, 'node_modules')).length} top-level packages)`,
  );
}

/** What `tsc -b` printed for each project (its errors; '' when it compiled), and what it printed outside any. */
export interface TypeChecks {
  byProject: Record<string, string>;
  unattributed: string;
}

/**
 * `tsc -b --verbose` over `tsconfig.<name>.json` of every name in `dir` (which resolves the package and its types from
 * its own node_modules): one process, in which TypeScript parses each declaration file once for every project (its
 * build cache), then checks each project as `tsc -p` would.
 */
export async function typeCheckProjects(dir: string, names: readonly string[]): Promise<TypeChecks> {
  const configs = names.map((name) => `tsconfig.${name}.json`);
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const output = await run(process.execPath, [tsc, '-b', '--verbose', '--pretty', 'false', ...configs], {
    cwd: dir,
    timeout: 600_000,
  }).then(
    ({ stdout, stderr }) => stdout + stderr,
    // tsc exits 1 or 2 on errors, which it printed; killed (the time-out) it printed maybe nothing: say so.
    (error: { stdout?: string; stderr?: string; killed?: boolean; message: string }) =>
      `${error.stdout ?? ''}${error.stderr ?? ''}${error.killed ? error.message : ''}`,
  );
  const byProject: Record<string, string> = {};
  let current: string | undefined;
  let unattributed = '';
  for (const line of output.split('\n')) {
    const building = / - Building project '.*\/tsconfig\.(.+)\.json'\.\.\.$/.exec(line);
    if (building) byProject[(current = building[1]!)] = '';
    else if (
      / - (Projects in this build:|Project '.+' is out of date )/.test(line) ||
      /^ {4}\* /.test(line) ||
      line.trim() === ''
    )
      continue;
    else if (current === undefined) unattributed += `${line}\n`;
    else byProject[current] += `${line}\n`;
  }
  return { byProject, unattributed };
}

/** The tests that appProject() compiles under each setting of `group`, with one `tsc -b` over them. */
export function describeTypeChecks(group: TypeCheckGroup): void {
  const settings = TYPESCRIPT_SETTINGS.filter((setting) => setting.group === group).map((setting) => setting.name);
  describe('a fresh project that installed the packed tarball', { timeout: 600_000 }, () => {
    let checks: Promise<TypeChecks>;
    beforeAll(() => {
      checks = appProject().then((dir) => typeCheckProjects(dir, settings));
      checks.catch(() => undefined); // a failure is each test's to report
    });
    it.each(settings)('compiles with TypeScript (%s)', async (name) => {
      const { byProject, unattributed } = await checks;
      expect(Object.keys(byProject), 'the projects tsc -b built').toContain(name);
      expect(byProject[name], `the errors of tsconfig.${name}.json`).toBe('');
      expect(unattributed, 'what tsc -b printed outside any project').toBe('');
    });
    // TypeScript 7 builds the projects of `tsc -b` side by side, its output mixed: one `tsc -p` each (each about a second).
    it.each(settings)(`compiles with TypeScript ${TYPESCRIPT_7} (%s)`, async (name) => {
      const [dir, tsc] = await Promise.all([appProject(), typeScript7()]);
      const output = await run(process.execPath, [tsc, '-p', `tsconfig.${name}.ts7.json`, '--pretty', 'false'], {
        cwd: dir,
        timeout: 120_000,
      }).then(
        ({ stdout, stderr }) => stdout + stderr,
        (error: { stdout?: string; stderr?: string; message: string }) =>
          `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
      );
      expect(output, `the errors of tsconfig.${name}.ts7.json`).toBe('');
    });
  });
}
