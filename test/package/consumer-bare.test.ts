// The packed package installed alone into a fresh project (consumer-projects.ts bareProject: no msw, no Vitest), used
// the ways consumers use it: the fake through mock.fetch, the `ledger-mock` and `ledger-parity` commands, the parity kit
// and the statement readers, and the MSW entry without msw (then with msw 3). `ledger-sync` in the same project:
// consumer-sync.test.ts.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { bareProject, bareThenMsw3 } from './consumer-projects';

const run = promisify(execFile);
let bare: string;

beforeAll(async () => {
  bare = await bareProject();
  bareThenMsw3().catch(() => undefined); // installed beside the tests that do not need it; its test reports a failure
}, 300_000); // npm installs from its cache: a ceiling for a loaded machine

/** Starts `npx ledger-mock --port 0` in `cwd` and resolves with its URL and a stop function. */
async function startBin(cwd: string): Promise<{ url: string; stop(): Promise<void> }> {
  // Its own process group, so that stopping it also stops the node process npx starts (npx does not pass
  // SIGTERM on, and the server would outlive the test).
  const child = spawn('npx', ['ledger-mock', '--port', '0'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
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

// Child processes (npm, node) on a busy machine: a ceiling far above their usual few seconds.
describe.concurrent('a fresh project that installed only the packed tarball (no msw)', { timeout: 120_000 }, () => {
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
    expect(JSON.parse((await run('node', ['parity.cjs'], { cwd: bare })).stdout)).toMatchObject({
      summary: { same: 2, differs: 0 },
    });
    // ajv is bundled: the tarball brings no dependency but openapi-fetch.
    expect(
      readdirSync(join(bare, 'node_modules'))
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual(['openapi-fetch', 'openapi-typescript-helpers', 'personal-ledger-sdk']);
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
      balance: {
        kind: 'closing_booked',
        date: '2026-10-31',
        amount: '-12.30',
        currency: 'EUR',
        location: 'line 1',
        line: 1,
      },
    });
  });

  it('the MSW entry needs msw; msw 3 on a Node older than 22.12 is refused at once, saying why', async () => {
    await expect(run('node', ['msw-handlers.mjs'], { cwd: bare })).rejects.toMatchObject({
      stderr: expect.stringContaining("Cannot find package 'msw'"),
    });
    const result = JSON.parse((await run('node', ['msw-handlers.mjs'], { cwd: await bareThenMsw3() })).stdout) as {
      created: boolean;
      message?: string;
    };
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    if (major < 22 || (major === 22 && minor < 12)) {
      expect(result).toEqual({
        created: false,
        message: expect.stringContaining(`needs Node 22.12 or newer, and this is Node ${process.versions.node}`),
      });
      expect(result.message).toContain('npm install --save-dev msw@2');
    } else {
      expect(result).toEqual({ created: true });
    }
  }, 300_000); // waits for the project with msw 3 installed
});
