// Benchmark 3: the standalone server under autocannon (10 connections, bounded duration), each server in
// its own process and autocannon in this one: ledger-mock GET /me and POST /snapshots, Prism's mock of
// openapi.json GET /me, and a bare node:http server returning ledger-mock's GET /me bytes (the ceiling).
// node --import tsx bench/server-throughput.bench.ts --runs 3 --seconds 5
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_IDS, DEMO_TOKENS } from '../mocks/index';
import { arg, report } from './lib/child';
import { freePort, startProcess, type RunningProcess } from './lib/processes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(arg('runs', '3'));
const SECONDS = Number(arg('seconds', '5'));
const CONNECTIONS = 10;
const AUTH = { authorization: `Bearer ${DEMO_TOKENS.alex}` };
const NODE_TSX = [process.execPath, '--import', 'tsx'] as const;

interface Target {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const running: RunningProcess[] = [];
const stopAll = () => Promise.all(running.map((p) => p.stop()));
try {
  // The built command, as `npx ledger-mock` runs it (bench/run.ts builds first).
  const mock = await startProcess(
    process.execPath,
    ['dist/bin/ledger-mock.js', '--port', '0', '--scenario', 'demo'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    { cwd: ROOT },
  );
  running.push(mock);
  const mockUrl = mock.match[1]!;
  const sample = await fetch(`${mockUrl}/api/public/v1/me`, { headers: AUTH });
  if (sample.status !== 200) throw new Error(`ledger-mock GET /me answered ${sample.status}`);
  const meBytes = Buffer.from(await sample.arrayBuffer());
  const ceiling = await startProcess(
    NODE_TSX[0],
    [...NODE_TSX.slice(1), 'bench/lib/ceiling-server.ts'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    {
      cwd: ROOT,
      env: {
        ...process.env,
        CEILING_BODY_BASE64: meBytes.toString('base64'),
        CEILING_CONTENT_TYPE: sample.headers.get('content-type') ?? 'application/json',
      },
    },
  );
  running.push(ceiling);
  const prismPort = await freePort();
  const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const prism = await startProcess(
    process.execPath,
    [prismCli, 'mock', 'openapi.json', '-p', String(prismPort), '-h', '127.0.0.1'],
    /Prism is listening/,
    { cwd: ROOT, timeoutMs: 120_000 },
  );
  running.push(prism);

  const write = JSON.stringify({
    account_id: DEMO_IDS.accounts.everydayChecking,
    snapshot_date: '2026-01-15',
    balance: 1234.5,
  });
  const targets: Target[] = [
    { name: 'ledger-mock GET /me', url: `${mockUrl}/api/public/v1/me`, method: 'GET', headers: AUTH },
    {
      name: 'ledger-mock POST /snapshots',
      url: `${mockUrl}/api/public/v1/snapshots`,
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: write,
    },
    { name: 'prism GET /me', url: `http://127.0.0.1:${prismPort}/api/public/v1/me`, method: 'GET', headers: AUTH },
    {
      name: 'prism POST /snapshots',
      url: `http://127.0.0.1:${prismPort}/api/public/v1/snapshots`,
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: write,
    },
    { name: 'ceiling GET /me', url: `${ceiling.match[1]!}/api/public/v1/me`, method: 'GET', headers: AUTH },
  ];

  const load = async (target: Target, seconds: number) => {
    const result = await autocannon({
      url: target.url,
      method: target.method,
      headers: target.headers,
      body: target.body,
      connections: CONNECTIONS,
      duration: seconds,
    });
    if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
      throw new Error(
        `${target.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
      );
    }
    return { rps: result.requests.total / (result.duration || seconds), p99Ms: result.latency.p99 };
  };

  for (const target of targets) await load(target, 1); // warm-up: JIT, connections, caches
  const results: Record<string, { rps: number[]; p99Ms: number[] }> = Object.fromEntries(
    targets.map((t) => [t.name, { rps: [], p99Ms: [] }]),
  );
  for (let run = 0; run < RUNS; run++) {
    // Targets take turns within a run, so drift in the machine's load falls on all of them.
    for (const target of targets) {
      const { rps, p99Ms } = await load(target, SECONDS);
      results[target.name]!.rps.push(rps);
      results[target.name]!.p99Ms.push(p99Ms);
    }
  }
  report({ connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, results });
} finally {
  await stopAll();
}
