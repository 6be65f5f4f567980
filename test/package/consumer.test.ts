// The packed package installed into a fresh project, used the ways consumers use it.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const fixture = join(import.meta.dirname, 'consumer');
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

let dir: string;

beforeAll(async () => {
  if (!existsSync(join(repo, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'ledger-consumer-'));
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: repo });
  const tarball = join(dir, stdout.trim().split('\n').pop()!);
  const app = join(dir, 'app');
  cpSync(fixture, app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  const started = performance.now();
  // Everything comes from npm's cache, filled by the repo's own `npm ci` (the same versions).
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball,
      `msw@${versionOf('msw')}`, `typescript@${versionOf('typescript')}`, `vitest@${versionOf('vitest')}`],
    { cwd: app, timeout: 240_000 },
  );
  console.log(`consumer install: ${((performance.now() - started) / 1000).toFixed(1)} s (${readdirSync(join(app, 'node_modules')).length} top-level packages)`);
  dir = app;
}, 300_000);

afterAll(() => {
  if (dir) rmSync(resolve(dir, '..'), { recursive: true, force: true });
});

describe('a fresh project that installed the packed tarball', () => {
  it('imports both entries as ESM and talks to the fake', async () => {
    const { stdout } = await run('node', ['esm.mjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ esm: true, user: true, accounts: expect.any(Number), notFound: true });
    expect(JSON.parse(stdout).accounts).toBeGreaterThan(0);
  });

  it('requires both entries as CommonJS', async () => {
    const { stdout } = await run('node', ['cjs.cjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toMatchObject({ cjs: true });
    expect(JSON.parse(stdout).categories).toBeGreaterThan(0);
  });

  // skipLibCheck stays off, so our own declaration files are checked too, except for the fake under CommonJS:
  // msw 2's own declarations fail there (TS1479: they import the ESM-only `rettime`), which is msw's to fix.
  it.each([
    ['node16-esm', { module: 'node16', moduleResolution: 'node16', skipLibCheck: false }, ['typed.ts']],
    ['node16-cjs', { module: 'node16', moduleResolution: 'node16', skipLibCheck: false }, ['typed-cjs.cts']],
    ['node16-cjs-mocks', { module: 'node16', moduleResolution: 'node16', skipLibCheck: true }, ['typed-cjs-mocks.cts']],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: false }, ['typed.ts']],
  ])('compiles with TypeScript (%s)', async (name, options, files) => {
    writeFileSync(
      join(dir, `tsconfig.${name}.json`),
      JSON.stringify({ compilerOptions: { ...options, target: 'es2022', strict: true, noEmit: true, types: [] }, files }),
    );
    await run('npx', ['tsc', '-p', `tsconfig.${name}.json`], { cwd: dir });
  });

  it('runs a vitest test that uses personal-ledger-sdk/mocks with setupServer', async () => {
    const { stdout } = await run('npx', ['vitest', 'run', '--reporter=dot'], { cwd: dir, timeout: 120_000 });
    expect(stdout).toMatch(/1 passed/);
  });

  it('starts `npx ledger-mock --port 0`, which answers on 127.0.0.1', async () => {
    // Its own process group, so that stopping it also stops the node process npx starts (npx does not pass
    // SIGTERM on, and the server would outlive the test).
    const child = spawn('npx', ['ledger-mock', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const exited = new Promise<void>((ok) => child.on('exit', () => ok()));
    try {
      const url = await new Promise<string>((ok, fail) => {
        const timer = setTimeout(() => fail(new Error('ledger-mock did not print its URL within 30 s')), 30_000);
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          if (match) {
            clearTimeout(timer);
            ok(match[0]);
          }
        });
        child.on('exit', (code) => fail(new Error(`ledger-mock exited with ${code}: ${out}`)));
      });
      const response = await fetch(`${url}/api/public/v1/openapi.json`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });
});
