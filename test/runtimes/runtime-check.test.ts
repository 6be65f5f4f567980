// Tests of the runtime check itself (check.ts, which `npm run test:runtimes` runs): the flow fails when the fake
// loses or miscounts rows, every runtime runs the same flow file, every runtime is pinned, a failure is reported
// loudly, and every command the check starts has a ceiling.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { describe, expect, it } from 'vitest';
import { expectedResult, ledgerFlow } from './app/flow.mjs';
import { CHECKS } from './checks';
import { run, startServer } from './processes';
import { formatReport } from './report';
import { RUNTIMES } from './runtimes';

const appDir = join(import.meta.dirname, 'app');

function clientOver(fetch: typeof globalThis.fetch, baseUrl: string) {
  return createLedgerClient({ baseUrl, token: DEMO_TOKENS.alex, fetch, retry: { baseDelayMs: 1, maxDelayMs: 1 } });
}

describe('the flow every runtime runs', () => {
  it('writes 12,345 rows in 5 chunks, rewrites 1,000 in 1, reads them back, and resolves with expectedResult()', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const result = await ledgerFlow(clientOver(mock.fetch, mock.baseUrl), 'test');
    expect(result).toEqual(expectedResult());
    expect(result).toMatchObject({ rows: 12_345, chunks: 6, inserted: 12_345, updated: 1_000 });
  });

  it('fails when a row is missing on read back', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const losingOne: typeof fetch = async (input, init) => {
      const { method, url } = input instanceof Request ? input : new Request(input, init);
      const response = await mock.fetch(input, init);
      if (method !== 'GET' || !new URL(url).pathname.endsWith('/snapshots')) return response;
      const body = (await response.json()) as { snapshots: unknown[] };
      return Response.json({ ...body, snapshots: body.snapshots.slice(1) }, { status: response.status });
    };
    await expect(ledgerFlow(clientOver(losingOne, mock.baseUrl), 'test')).rejects.toThrow(
      'read back: rows: got 12344, expected 12345',
    );
  });

  it('fails when a chunk is applied twice (its answer lost, the retry reports its rows as updated)', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    await mock.control.faults.inject({
      operation: 'bulkUpsertSnapshots',
      times: 1,
      kind: { afterApply: 'networkError' },
    });
    await expect(ledgerFlow(clientOver(mock.fetch, mock.baseUrl), 'test')).rejects.toThrow(
      'first bulk: inserted: got 9845, expected 12345',
    );
  });

  it('is one file with no imports, which every entry (mock.fetch, over HTTP, the worker) imports and runs', () => {
    const flow = readFileSync(join(appDir, 'flow.mjs'), 'utf8');
    expect(flow).not.toMatch(/^\s*import\b|\bimport\(|\brequire\(/m);
    const entries = readdirSync(appDir).filter((file) => file.endsWith('.mjs') && file !== 'flow.mjs');
    expect(entries.sort()).toEqual(['mock-fetch.mjs', 'over-http.mjs', 'worker.mjs']);
    for (const entry of entries) {
      const source = readFileSync(join(appDir, entry), 'utf8');
      expect(source, entry).toContain("import { ledgerFlow } from './flow.mjs';");
      expect(source, entry).toMatch(/await ledgerFlow\(ledger, '[\w.-]+'\)/);
      // From the package's public entries only, as a user imports them.
      expect([...source.matchAll(/from '([^.][^']*)'/g)].map((m) => m[1]).sort(), entry).toEqual([
        'personal-ledger-sdk',
        'personal-ledger-sdk/mocks',
      ]);
    }
  });
});

describe('the runtimes under check', () => {
  it('are Node 22 and 24, Bun, Deno and workerd, each pinned to an exact version, beside the Node running the check', () => {
    expect(RUNTIMES.map((runtime) => runtime.install?.split('@')[0] ?? 'this node')).toEqual([
      'this node',
      'node',
      'node',
      'bun',
      'deno',
      'workerd',
    ]);
    for (const runtime of RUNTIMES.filter((r) => r.install)) expect(runtime.install).toMatch(/^[a-z]+@\d+\.\d+\.\d+$/);
    expect(
      RUNTIMES.filter((r) => r.install?.startsWith('node@')).map((r) => r.install!.split('@')[1]!.split('.')[0]),
    ).toEqual(['22', '24']);
  });

  it('each run every check they list, and every check has a runner', () => {
    for (const runtime of RUNTIMES)
      for (const check of runtime.checks) expect(CHECKS[check], `${runtime.name}: ${check}`).toBeTypeOf('function');
    expect(RUNTIMES.flatMap((r) => r.checks).filter((c) => c === 'ledger-mock')).toHaveLength(5);
    expect(RUNTIMES.find((r) => r.name === 'workerd')?.checks).toEqual(['worker']);
  });
});

describe('the report', () => {
  const [host, , , bun] = RUNTIMES as [(typeof RUNTIMES)[number], unknown, unknown, (typeof RUNTIMES)[number]];

  it('passes when every check of every runtime passed, giving versions and times', () => {
    const { text, failed } = formatReport(
      [
        {
          runtime: host,
          version: 'v20.20.2',
          checks: [
            { check: 'mock.fetch', ms: 1_234 },
            { check: 'ledger-mock', ms: 2_000 },
          ],
        },
      ],
      5_000,
    );
    expect(failed).toBe(false);
    expect(text).toContain('v20.20.2');
    expect(text).toMatch(/ok 1\.2 s +ok 2\.0 s/);
    expect(text).toContain('1 runtimes, 2 checks, all passed, in 5.0 s');
  });

  it('fails, saying why, when a runtime could not be installed (never a silent skip)', () => {
    const { text, failed } = formatReport(
      [
        {
          runtime: host,
          version: 'v20.20.2',
          checks: [
            { check: 'mock.fetch', ms: 1 },
            { check: 'ledger-mock', ms: 1 },
          ],
        },
        { runtime: bun, error: 'could not be installed: npm install bun@1.4.5: exited with 1', checks: [] },
      ],
      1_000,
    );
    expect(failed).toBe(true);
    expect(text).toMatch(/Bun .*FAILED +- +NOT RUN +NOT RUN/);
    expect(text).toContain('Bun: could not be installed: npm install bun@1.4.5: exited with 1');
    expect(text).toContain('1 FAILED');
  });

  it('fails when one check failed, with its error in full', () => {
    const { text, failed } = formatReport(
      [
        {
          runtime: host,
          version: 'v20',
          checks: [{ check: 'mock.fetch', ms: 1, error: 'read back: rows: got 1, expected 2' }],
        },
      ],
      1,
    );
    expect(failed).toBe(true);
    expect(text).toContain('Node (running the check), mock.fetch: read back: rows: got 1, expected 2');
    expect(text).toMatch(/FAILED 0\.0 s +NOT RUN/);
  });
});

// The ceilings under test are 0.3 s against commands that never finish; a command that does finish gets one far above
// what a busy machine needs to start node (LONG), so that only the outcome decides.
describe('every command the check starts has a ceiling', { timeout: 120_000 }, () => {
  const node = process.execPath;
  const cwd = import.meta.dirname;
  const LONG = 30_000;

  it('a command that runs past its timeout is killed, and the error names it', async () => {
    await expect(run('sleeper', node, ['-e', 'setTimeout(() => {}, 60_000)'], { cwd, timeoutMs: 300 })).rejects.toThrow(
      'sleeper: timed out after 0.3 s and was killed',
    );
  });

  it('a command that cannot start, or exits non-zero, fails with its output', async () => {
    await expect(run('missing', join(cwd, 'no-such-runtime'), [], { cwd, timeoutMs: LONG })).rejects.toThrow(
      /missing: cannot start: spawn .*ENOENT/,
    );
    await expect(
      run('failing', node, ['-e', 'console.error("boom"); process.exit(3)'], { cwd, timeoutMs: LONG }),
    ).rejects.toThrow(/failing: exited with 3\nboom/);
  });

  it('a server that exits before it is ready, or never gets ready, fails and is stopped', async () => {
    await expect(
      startServer('early', node, ['-e', 'console.error("bad flag"); process.exit(2)'], {
        cwd,
        timeoutMs: LONG,
        ready: /^ready$/,
      }),
    ).rejects.toThrow(/early: exited with 2 before it was ready\nbad flag/);
    await expect(
      startServer('silent', node, ['-e', 'setTimeout(() => {}, 60_000)'], { cwd, timeoutMs: 300, ready: /^ready$/ }),
    ).rejects.toThrow('silent: not ready within 0.3 s');
  });

  it('a server is ready on its line (stdout or descriptor 3), and stop() resolves with its exit code', async () => {
    const serve = 'process.on("SIGTERM", () => process.exit(0)); setInterval(() => {}, 1_000);';
    const onStdout = await startServer('stdout', node, ['-e', `${serve} console.log("noise\\nready 1");`], {
      cwd,
      timeoutMs: LONG,
      ready: /^ready/,
    });
    expect(onStdout.readyLine).toBe('ready 1');
    expect(await onStdout.stop()).toBe(0);
    const onFd3 = await startServer('fd3', node, ['-e', `${serve} require("fs").writeSync(3, '{"port":1}\\n');`], {
      cwd,
      timeoutMs: LONG,
      ready: /port/,
      readyOnFd3: true,
    });
    expect(onFd3.readyLine).toBe('{"port":1}');
    expect(await onFd3.stop()).toBe(0);
  });
});
