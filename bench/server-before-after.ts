// ledger-mock before and after a change: the built command of this tree and of another checkout (the baseline, built
// with `npm run build` there), each its own process, under the same autocannon loads taking turns, so drift in the
// machine's load falls on both. Loads: GET /me and POST /snapshots with 10 connections (as benchmark 3), and 50
// connections of mixed reads and writes (as test/reliability/server-load.test.ts: GET /me, GET /accounts,
// GET /snapshots, POST /snapshots). A run with any error, timeout or non-2xx answer fails. Beside requests/s (which
// autocannon, in this process, shares the cores with), the server's own CPU time per request, from /proc (Linux):
// steadier when other processes share the machine, and steadiest with one pipelining connection (the server is
// never idle waiting for the client).
// node --import tsx bench/server-before-after.ts --baseline ../other-checkout [--tree this-checkout] [--runs 5] [--seconds 5]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_IDS, DEMO_TOKENS } from '../mocks/index';
import { arg } from './lib/child';
import { startProcess, type RunningProcess } from './lib/processes';
import { pairedRatio, summarize } from './lib/stats';
import { fmtNumber, fmtSummary, textTable } from './lib/table';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASELINE = resolve(arg('baseline'));
const TREE = resolve(arg('tree', ROOT));
const RUNS = Number(arg('runs', '5'));
const SECONDS = Number(arg('seconds', '5'));
const AUTH = { authorization: `Bearer ${DEMO_TOKENS.alex}` };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
const account = DEMO_IDS.accounts.everydayChecking;
const write = (day: number) =>
  JSON.stringify({
    account_id: account,
    snapshot_date: `2026-01-${String(1 + (day % 28)).padStart(2, '0')}`,
    balance: 1000 + day,
  });

interface Load {
  name: string;
  connections: number;
  /** Requests in flight per connection (HTTP/1.1 pipelining): the server never waits for the client. @default 1 */
  pipelining?: number;
  requests: Array<{ method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string }>;
}
const loads: Load[] = [
  {
    name: 'GET /me, 1 connection, 50 pipelined',
    connections: 1,
    pipelining: 50,
    requests: [{ method: 'GET', path: '/api/public/v1/me', headers: AUTH }],
  },
  {
    name: 'POST /snapshots, 1 connection, 50 pipelined',
    connections: 1,
    pipelining: 50,
    requests: [{ method: 'POST', path: '/api/public/v1/snapshots', headers: JSON_AUTH, body: write(14) }],
  },
  {
    name: 'GET /me, 10 connections',
    connections: 10,
    requests: [{ method: 'GET', path: '/api/public/v1/me', headers: AUTH }],
  },
  {
    name: 'POST /snapshots, 10 connections',
    connections: 10,
    requests: [{ method: 'POST', path: '/api/public/v1/snapshots', headers: JSON_AUTH, body: write(14) }],
  },
  {
    name: 'mixed reads and writes, 50 connections',
    connections: 50,
    requests: [
      { method: 'GET', path: '/api/public/v1/me', headers: AUTH },
      { method: 'GET', path: '/api/public/v1/accounts', headers: AUTH },
      {
        method: 'GET',
        path: `/api/public/v1/snapshots?account_id=${account}&from=2026-01-01&to=2026-01-31`,
        headers: AUTH,
      },
      { method: 'POST', path: '/api/public/v1/snapshots', headers: JSON_AUTH, body: write(3) },
    ],
  },
];

const start = (cwd: string) =>
  startProcess(
    process.execPath,
    ['dist/bin/ledger-mock.js', '--port', '0', '--scenario', 'demo'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    { cwd },
  );

/** CPU time (user + system) a process has used so far, in µs, from /proc/PID/stat. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

async function measure(
  server: RunningProcess,
  url: string,
  load: Load,
  seconds: number,
): Promise<{ rps: number; cpuUs: number }> {
  const cpuBefore = cpuMicros(server.child.pid!);
  const result = await autocannon({
    url,
    connections: load.connections,
    pipelining: load.pipelining ?? 1,
    duration: seconds,
    requests: load.requests,
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0)
    throw new Error(
      `${load.name} at ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  return {
    rps: result.requests.total / (result.duration || seconds),
    cpuUs: (cpuMicros(server.child.pid!) - cpuBefore) / result.requests.total,
  };
}

const running: RunningProcess[] = [];
try {
  const sides = [
    { name: 'baseline', cwd: BASELINE },
    { name: 'this tree', cwd: TREE },
  ];
  const urls: string[] = [];
  for (const side of sides) {
    const server = await start(side.cwd);
    running.push(server);
    urls.push(server.match[1]!);
  }
  const rps = loads.map(() => sides.map(() => [] as number[]));
  const cpu = loads.map(() => sides.map(() => [] as number[]));
  for (const load of loads) for (const [s, url] of urls.entries()) await measure(running[s]!, url, load, 1); // warm-up
  for (let run = 0; run < RUNS; run++) {
    // The order of the two sides alternates from run to run.
    const order = run % 2 === 0 ? [0, 1] : [1, 0];
    for (const [l, load] of loads.entries()) {
      for (const s of order) {
        const figure = await measure(running[s]!, urls[s]!, load, SECONDS);
        rps[l]![s]!.push(figure.rps);
        cpu[l]![s]!.push(figure.cpuUs);
      }
    }
  }
  const rows = loads.flatMap((load, l) => {
    const [rpsBefore, rpsAfter] = rps[l]!;
    const [cpuBefore, cpuAfter] = cpu[l]!;
    return [
      [
        load.name,
        'requests/s',
        fmtSummary(summarize(rpsBefore!), 0),
        fmtSummary(summarize(rpsAfter!), 0),
        `${fmtSummary(pairedRatio(rpsAfter!, rpsBefore!), 2)}x`,
      ],
      [
        '',
        'server CPU µs/request',
        fmtSummary(summarize(cpuBefore!), 1),
        fmtSummary(summarize(cpuAfter!), 1),
        `${fmtSummary(pairedRatio(cpuAfter!, cpuBefore!), 2)}x`,
      ],
    ];
  });
  console.log(
    `baseline: ${BASELINE}\nthis tree: ${TREE}\n${RUNS} runs of ${fmtNumber(SECONDS)} s per load and side, taking turns; median [min..max]\n`,
  );
  console.log(textTable(['load', 'measure', 'baseline', 'this tree', 'this tree / baseline'], rows));
} finally {
  await Promise.all(running.map((p) => p.stop()));
}
