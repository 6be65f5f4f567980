// `npm run test:runtimes`: the packed package, installed into a fresh project as a user would, runs one flow
// (test/runtimes/app/flow.mjs: an account, a 12,345-row bulk in chunks, a rewrite, a read-back) under every runtime
// of runtimes.ts: through mock.fetch, against ledger-mock run by that runtime over HTTP on 127.0.0.1, and inside a
// workerd worker. Runtimes are installed from the npm registry in parallel; checks then run one after another, each
// with a ceiling. Prints each runtime's version and times; exits 1 if anything failed or could not be installed.
// Needs dist/ (npm test builds it).
import { deepStrictEqual } from 'node:assert';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expectedResult } from './app/flow.mjs';
import { CHECKS } from './checks';
import { run } from './processes';
import { formatReport, type RuntimeResult } from './report';
import { CHECK_TIMEOUT_MS, INSTALL_TIMEOUT_MS, RUNTIMES, type Runtime } from './runtimes';

const repo = resolve(import.meta.dirname, '../..');
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `npm install` of `packages` into a new project at `dir`; everything the cache holds comes from the cache. */
async function npmInstall(dir: string, packages: string[]): Promise<number> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'runtime-check', private: true, type: 'module' }));
  const args = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages];
  return (await run(`npm install ${packages.join(' ')}`, 'npm', args, { cwd: dir, timeoutMs: INSTALL_TIMEOUT_MS })).ms;
}

/** Installs the runtime's package (none for the Node running this) and resolves with its binary's path. */
async function installRuntime(root: string, runtime: Runtime): Promise<{ bin: string; installMs?: number }> {
  if (!runtime.install) return { bin: runtime.bin };
  const dir = join(root, 'runtimes', runtime.install.replace(/[^\w.-]/g, '_'));
  const installMs = await npmInstall(dir, [runtime.install]);
  return { bin: join(dir, 'node_modules', '.bin', runtime.bin), installMs };
}

async function checkRuntime(
  runtime: Runtime,
  installed: PromiseSettledResult<{ bin: string; installMs?: number }>,
  app: string,
): Promise<RuntimeResult> {
  if (installed.status === 'rejected')
    return { runtime, error: `could not be installed: ${message(installed.reason)}`, checks: [] };
  const { bin, installMs } = installed.value;
  const result: RuntimeResult = { runtime, installMs, checks: [] };
  try {
    result.version = (
      await run(`${runtime.name} --version`, bin, ['--version'], { cwd: app, timeoutMs: CHECK_TIMEOUT_MS })
    ).stdout
      .trim()
      .split('\n')[0];
  } catch (error) {
    return { ...result, error: `does not start: ${message(error)}` };
  }
  for (const check of runtime.checks) {
    const started = performance.now();
    process.stderr.write(`  ${runtime.name}: ${check} ... `);
    try {
      deepStrictEqual(await CHECKS[check]({ runtime, bin, app }), expectedResult());
      result.checks.push({ check, ms: performance.now() - started });
    } catch (error) {
      result.checks.push({ check, ms: performance.now() - started, error: message(error) });
    }
    process.stderr.write(`${result.checks.at(-1)!.error ? 'FAILED' : 'ok'}\n`);
  }
  return result;
}

async function main(): Promise<boolean> {
  const started = performance.now();
  if (!existsSync(join(repo, 'dist/index.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const root = mkdtempSync(join(tmpdir(), 'ledger-runtimes-'));
  try {
    const { stdout } = await run('npm pack', 'npm', ['pack', '--silent', '--pack-destination', root], {
      cwd: repo,
      timeoutMs: 60_000,
    });
    const tarball = join(root, stdout.trim().split('\n').at(-1)!);
    const app = join(root, 'app');
    cpSync(join(import.meta.dirname, 'app'), app, { recursive: true, filter: (path) => !path.endsWith('.d.mts') });
    process.stderr.write(
      `installing the packed package and ${RUNTIMES.filter((r) => r.install)
        .map((r) => r.install)
        .join(', ')} ...\n`,
    );
    const [project, ...installs] = await Promise.allSettled([
      npmInstall(app, [tarball]),
      ...RUNTIMES.map((runtime) => installRuntime(root, runtime)),
    ]);
    if (project.status === 'rejected') throw project.reason;
    const results: RuntimeResult[] = [];
    for (const [i, runtime] of RUNTIMES.entries()) results.push(await checkRuntime(runtime, installs[i]!, app));
    const { text, failed } = formatReport(results, performance.now() - started);
    console.log(text);
    return !failed;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

process.exitCode = (await main()) ? 0 : 1;
