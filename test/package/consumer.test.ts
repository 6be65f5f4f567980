// The packed package installed into fresh projects, used the ways consumers use it. Each project is installed once:
// with msw, TypeScript and Vitest; with the package alone; and a copy of the latter that then installed msw 3. The
// type checks (one `tsc -b`) and the msw 3 install run beside the other tests, and the tests that need them wait.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedTarball } from '../support/packed';
import { startFakeSimplefin } from '../support/simplefin-server';
import { accountSet as simplefinAccounts, mappingFile as simplefinMapping } from '../sync/simplefin-support';
import { installInCopy, installProject, typeCheckProjects, versionOf, type TypeChecks } from './consumer-projects';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const fixture = join(import.meta.dirname, 'consumer');
const fixtureNoMsw = join(import.meta.dirname, 'consumer-no-msw');

// skipLibCheck stays off, so our own declaration files are checked too, except for the fake under CommonJS:
// msw 2's own declarations fail there (TS1479: they import the ESM-only `rettime`), which is msw's to fix.
const TYPESCRIPT_SETTINGS: Array<[string, Record<string, unknown>, string[]]> = [
  ['node16-esm', { module: 'node16', moduleResolution: 'node16', skipLibCheck: false }, ['typed.ts']],
  ['node16-cjs', { module: 'node16', moduleResolution: 'node16', skipLibCheck: false }, ['typed-cjs.cts']],
  ['node16-cjs-mocks', { module: 'node16', moduleResolution: 'node16', skipLibCheck: true }, ['typed-cjs-mocks.cts']],
  ['bundler', { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: false }, ['typed.ts']],
  // Vitest's own declarations need its peers' types (vite's, among others): checked by Vitest, not here.
  ['node16-esm-vitest', { module: 'node16', moduleResolution: 'node16', skipLibCheck: true }, ['typed-vitest.ts']],
  ['bundler-vitest', { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true }, ['typed-vitest.ts']],
];

let root: string;
let dir: string;
let bare: string;
/** Started once the projects are installed; awaited by their tests. */
let typeChecks: Promise<TypeChecks>;
let withMsw3: Promise<string>;

beforeAll(async () => {
  if (!existsSync(join(repo, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  root = mkdtempSync(join(tmpdir(), 'ledger-consumer-'));
  const tarball = await packedTarball();
  [dir, bare] = await Promise.all([
    installProject(root, 'app', fixture, tarball, [`msw@${versionOf('msw')}`, `typescript@${versionOf('typescript')}`, `vitest@${versionOf('vitest')}`]),
    installProject(root, 'app-no-msw', fixtureNoMsw, tarball, []),
  ]);
  for (const [name, options, files] of TYPESCRIPT_SETTINGS) {
    writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions: { ...options, target: 'es2022', strict: true, noEmit: true, types: [] }, files }));
  }
  typeChecks = typeCheckProjects(dir, TYPESCRIPT_SETTINGS.map(([name]) => name));
  withMsw3 = installInCopy(bare, 'app-no-msw-then-msw3', [`msw@${versionOf('msw3')}`]);
  // A failure is the awaiting test's to report, not an unhandled rejection before it runs.
  for (const started of [typeChecks, withMsw3]) started.catch(() => undefined);
}, 300_000);

afterAll(async () => {
  await Promise.allSettled([typeChecks, withMsw3]);
  if (root) rmSync(root, { recursive: true, force: true });
}, 600_000); // the type checks may still run; three installed projects take a while to remove on a loaded machine

/** Starts `npx ledger-mock --port 0` in `cwd` and resolves with its URL and a stop function. */
async function startBin(cwd: string): Promise<{ url: string; stop(): Promise<void> }> {
  // Its own process group, so that stopping it also stops the node process npx starts (npx does not pass
  // SIGTERM on, and the server would outlive the test).
  const child = spawn('npx', ['ledger-mock', '--port', '0'], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = new Promise<void>((ok) => child.on('exit', () => ok()));
  const stop = async () => {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  try {
    const url = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error('ledger-mock did not print its URL within 60 s')), 60_000); // a ceiling for a busy machine
      let out = '';
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /(http:\/\/127\.0\.0\.1:\d+)\r?\n/.exec(out); // the whole line: never a port cut short
        if (match) {
          clearTimeout(timer);
          ok(match[1]!);
        }
      });
      child.on('exit', (code) => fail(new Error(`ledger-mock exited with ${code}: ${out}${err}`)));
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// Child processes (npm, node, tsc, vitest) on a busy machine: a ceiling far above their usual few seconds.
describe('a fresh project that installed the packed tarball', { timeout: 120_000 }, () => {
  it('imports every entry as ESM and talks to the fake by mock.fetch, by MSW and over HTTP', async () => {
    const { stdout } = await run('node', ['esm.mjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ esm: true, user: true, accounts: expect.any(Number), notFound: true, msw: true, http: true });
    expect(JSON.parse(stdout).accounts).toBeGreaterThan(0);
  });

  it('requires every entry as CommonJS', async () => {
    const { stdout } = await run('node', ['cjs.cjs'], { cwd: dir });
    const result = JSON.parse(stdout) as { cjs: boolean; categories: number; msw: number; http: number };
    expect(result.cjs).toBe(true);
    expect(result.categories).toBeGreaterThan(0);
    expect([result.msw, result.http]).toEqual([result.categories, result.categories]);
  });

  it('runs vitest tests that use personal-ledger-sdk/mocks with setupServer, and personal-ledger-sdk/mocks/vitest', async () => {
    const { stdout: colored } = await run('npx', ['vitest', 'run', '--reporter=verbose'], { cwd: dir, timeout: 120_000 });
    const stdout = colored.replace(/\x1b\[[0-9;]*m/g, ''); // vitest colours its report when the parent's FORCE_COLOR says so
    expect(stdout).toMatch(/Tests +3 passed \(3\)/);
    expect(stdout).toContain('a fake and a client for the test, and the matcher');
    expect(stdout).toContain('writes a balance and reads it back');
  });
});

describe('a fresh project that installed only the packed tarball (no msw)', { timeout: 120_000 }, () => {
  it('uses the fake through mock.fetch, from ESM and from CommonJS', async () => {
    expect(existsSync(join(bare, 'node_modules/msw'))).toBe(false);
    expect(JSON.parse((await run('node', ['fetch-only.mjs'], { cwd: bare })).stdout).accounts).toBeGreaterThan(0);
    expect(JSON.parse((await run('node', ['fetch-only.cjs'], { cwd: bare })).stdout).user).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the other entries load without vitest; personal-ledger-sdk/mocks/vitest needs it and says so', async () => {
    expect(existsSync(join(bare, 'node_modules/vitest'))).toBe(false);
    const script = `for (const entry of ['personal-ledger-sdk', 'personal-ledger-sdk/mocks', 'personal-ledger-sdk/mocks/node']) await import(entry);
      try { await import('personal-ledger-sdk/mocks/vitest'); console.log('loaded'); } catch (error) { console.log(error.message); }`;
    const { stdout } = await run('node', ['--input-type=module', '-e', script], { cwd: bare });
    expect(stdout).toContain("Cannot find package 'vitest'");
  });

  it('starts `npx ledger-mock --port 0`, which answers on 127.0.0.1', async () => {
    const server = await startBin(bare);
    try {
      const response = await fetch(`${server.url}/api/public/v1/openapi.json`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    } finally {
      await server.stop();
    }
  });

  it('personal-ledger-sdk/parity runs against ledger-mock, from ESM (every probe) and CommonJS, with no added dependency', async () => {
    const esm = JSON.parse((await run('node', ['parity.mjs'], { cwd: bare, timeout: 120_000 })).stdout) as {
      probes: number;
      summary: { same: number; differs: number; skipped: number };
      exitCode: number;
      markdown: string;
    };
    expect(esm.probes).toBeGreaterThanOrEqual(60);
    expect(esm.summary.differs).toBe(0);
    expect(esm.summary.same).toBeGreaterThan(40);
    expect(esm).toMatchObject({ exitCode: 0, markdown: '# ledger-parity: nothing differs' });
    expect(JSON.parse((await run('node', ['parity.cjs'], { cwd: bare })).stdout)).toMatchObject({ summary: { same: 2, differs: 0 } });
    // ajv is bundled: the tarball brings no dependency but openapi-fetch.
    expect(readdirSync(join(bare, 'node_modules')).filter((name) => !name.startsWith('.')).sort()).toEqual(['openapi-fetch', 'openapi-typescript-helpers', 'personal-ledger-sdk']);
  }, 180_000);

  it('`npx ledger-parity` against `npx ledger-mock`: nothing differs (exit 0); --help names the options', async () => {
    const { stdout: help } = await run('npx', ['ledger-parity', '--help'], { cwd: bare });
    expect(help).toMatch(/^Usage: ledger-parity --base-url URL \[--scratch-account ID\]/);
    const server = await startBin(bare);
    try {
      const { stdout } = await run('npx', ['ledger-parity', '--base-url', server.url, '--rate', '1000'], {
        cwd: bare,
        timeout: 120_000,
        env: { ...process.env, LEDGER_TOKEN: 'plk_alexDemo7Hq2LmN9pR4sT6vW8xY1zA3bC5dE0fG2' },
      });
      expect(stdout).toMatch(/^ledger-parity: \d+ same, 0 differ, \d+ skipped/);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('imports personal-ledger-sdk/statements from ESM and from CommonJS (no dependency added)', async () => {
    expect(JSON.parse((await run('node', ['statements.mjs'], { cwd: bare })).stdout)).toEqual({
      esm: true,
      format: 'MT940',
      addsUp: true,
      written: [['DE89370400440532013000', '2026-10-30', '89.50']],
    });
    expect(JSON.parse((await run('node', ['statements.cjs'], { cwd: bare })).stdout)).toEqual({
      cjs: true,
      formats: ['ofx', 'camt', 'mt940', 'csv'],
      format: 'camt.053.001.08',
      balance: { kind: 'closing_booked', date: '2026-10-31', amount: '-12.30', currency: 'EUR', location: 'line 1', line: 1 },
    });
  });

  it('`npx ledger-sync <file> --demo --dry-run --json` on an MT940, a camt.053, an OFX and a CSV file, with a mapping', async () => {
    const files = {
      'oct.sta': join(repo, 'test/statements/fixtures/mt940-asn-swift-blocks.sta'),
      'oct.xml': join(repo, 'test/statements/fixtures/camt053-v02-two-accounts.xml'),
      'oct.ofx': join(repo, 'examples/data/statement-v1.ofx'),
      'oct.csv': join(repo, 'examples/data/banks/rabobank-nl.csv'),
    };
    for (const [name, from] of Object.entries(files)) cpSync(from, join(bare, name));
    const target = (account: string) => ({ account, category: 'Cash', category_type: 'asset' });
    const mapping = {
      accounts: { NL81ASNB0000000001: target('ASN'), DE89370400440532013000: target('Giro'), '000123451234': target('Everyday checking') },
      banks: { rabo: { profile: 'rabobank-nl', accounts: { NL00RABO0000000001: target('Rabo') } } },
    };
    writeFileSync(join(bare, 'mapping.json'), JSON.stringify(mapping));
    // Each file its own run, the four side by side (each reads only its file and the mapping; --dry-run writes nothing).
    const reports = await Promise.all(
      Object.keys(files).map(async (name) => {
        const { stdout } = await run('npx', ['ledger-sync', name, '--mapping', 'mapping.json', '--demo', '--dry-run', '--json'], { cwd: bare, timeout: 60_000 });
        return [name, JSON.parse(stdout) as { rows: Array<{ account: string; action: string; source: string }>; refused: unknown[] }] as const;
      }),
    );
    const sources: Record<string, string[]> = {};
    for (const [name, report] of reports) {
      expect(report.refused, name).toEqual([]);
      sources[name] = report.rows.map((r) => `${r.account} ${r.action}`);
    }
    expect(sources).toEqual({
      'oct.sta': ['ASN new', 'ASN new'],
      'oct.xml': ['Giro new'],
      'oct.ofx': ['Everyday checking changed'],
      'oct.csv': ['Rabo new', 'Rabo new'],
    });
    await expect(run('npx', ['ledger-sync', 'oct.sta', '--mapping', 'mapping.json'], { cwd: bare })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('pass --demo') });
  }, 180_000);

  it('`npx ledger-sync simplefin claim` then `npx ledger-sync simplefin --demo --dry-run --json` against a SimpleFIN server on loopback', async () => {
    const simplefin = await startFakeSimplefin(simplefinAccounts());
    try {
      const claimed = await run('npx', ['ledger-sync', 'simplefin', 'claim', simplefin.issueToken(), '--out', 'simplefin-access'], { cwd: bare, timeout: 60_000 });
      expect(claimed.stdout).toContain('is stored in simplefin-access, readable by you only (mode 600)');
      expect(statSync(join(bare, 'simplefin-access')).mode & 0o777).toBe(0o600);
      const access = readFileSync(join(bare, 'simplefin-access'), 'utf8').trim();
      expect(claimed.stdout + claimed.stderr).not.toContain(new URL(access).password);
      // Exactly the command of the issue: the Access URL from the environment, every account listed with its key.
      const listed = await run('npx', ['ledger-sync', 'simplefin', '--demo', '--dry-run', '--json'], { cwd: bare, timeout: 60_000, env: { ...process.env, SIMPLEFIN_ACCESS_URL: access } });
      expect((JSON.parse(listed.stdout) as { skipped: Array<{ reason: string }> }).skipped.map((s) => s.reason)).toEqual([
        'not in the mapping: add "simplefin:mybank.example/ACT-checking-1" to its "accounts" and pass it with --mapping',
        'not in the mapping: add "simplefin:mybank.example/ACT-card-2" to its "accounts" and pass it with --mapping',
        'not in the mapping: add "simplefin:otherbank.example/77" to its "accounts" and pass it with --mapping',
      ]);
      writeFileSync(join(bare, 'simplefin-mapping.json'), simplefinMapping());
      const synced = await run('npx', ['ledger-sync', 'simplefin', '--access-file', 'simplefin-access', '--mapping', 'simplefin-mapping.json', '--time-zone', 'UTC', '--demo', '--dry-run', '--json'], { cwd: bare, timeout: 60_000 });
      expect((JSON.parse(synced.stdout) as { rows: Array<{ account: string; date: string; action: string }> }).rows.map((r) => `${r.account} ${r.date} ${r.action}`)).toEqual([
        'SimpleFIN checking 2026-10-30 new',
        'SimpleFIN card 2026-10-30 new',
      ]);
      expect(listed.stdout + listed.stderr + synced.stdout + synced.stderr).not.toContain(new URL(access).password);
    } finally {
      await simplefin.close();
    }
  }, 180_000);

  it('the MSW entry needs msw; msw 3 on a Node older than 22.12 is refused at once, saying why', async () => {
    await expect(run('node', ['msw-handlers.mjs'], { cwd: bare })).rejects.toMatchObject({ stderr: expect.stringContaining("Cannot find package 'msw'") });
    const result = JSON.parse((await run('node', ['msw-handlers.mjs'], { cwd: await withMsw3 })).stdout) as { created: boolean; message?: string };
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    if (major < 22 || (major === 22 && minor < 12)) {
      expect(result).toEqual({ created: false, message: expect.stringContaining(`needs Node 22.12 or newer, and this is Node ${process.versions.node}`) });
      expect(result.message).toContain('npm install --save-dev msw@2');
    } else {
      expect(result).toEqual({ created: true });
    }
  }, 300_000); // waits for the project with msw 3 installed
});

// Last, under the first describe's name: they wait for the one `tsc -b` that ran beside the tests above (a ceiling far
// above its usual half minute).
describe('a fresh project that installed the packed tarball', { timeout: 600_000 }, () => {
  it.each(TYPESCRIPT_SETTINGS)('compiles with TypeScript (%s)', async (name) => {
    const { byProject, unattributed } = await typeChecks;
    expect(Object.keys(byProject), 'the projects tsc -b built').toContain(name);
    expect(byProject[name], `the errors of tsconfig.${name}.json`).toBe('');
    expect(unattributed, 'what tsc -b printed outside any project').toBe('');
  });
});
