// Benchmark 9: `ledger-mock copy` (the built command) of the demo scenario and of 100,000 snapshots (100 accounts x
// 1,000 days), from a built ledger-mock serving it, against its floor: a node process sending the same GET requests
// with fetch, parsing each answer and writing the same number of bytes. Each run is a fresh process of each.
//   node --import tsx bench/copy.bench.ts --prepare --dir DIR                       writes DIR/big.json
//   node --import tsx bench/copy.bench.ts --size demo|100000 --dir DIR              copy and floor, in turn: ms each
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_TOKENS } from '../mocks/scenarios/demo';
import { bigScenario } from './lib/big-scenario';
import { arg, report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = arg('dir');
const BIG_TOKEN = `plk_${'B'.repeat(40)}`;
const CATEGORY = 'ca000000-0000-4000-8000-0000000000b1';

// The floor: what reading the same answers costs with nothing but fetch and JSON.parse, and writing as many bytes.
const FLOOR = `
const [base, token, out, bytes] = process.argv.slice(1);
const headers = { authorization: 'Bearer ' + token };
const get = async (path) => (await fetch(base + '/api/public/v1' + path, { headers })).json();
await get('/me'); await get('/categories');
const { accounts } = await get('/accounts');
for (const a of accounts) await get('/accounts/' + a.id);
await get('/snapshots');
(await import('node:fs')).writeFileSync(out, 'x'.repeat(Number(bytes)));
`;

/** A process to its exit: ms from spawn, and its stdout. */
async function timed(args: string[], env: Record<string, string> = {}): Promise<{ ms: number; out: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}: ${err.slice(-2000)}`);
  return { ms: performance.now() - started, out };
}

async function run(size: 'demo' | '100000'): Promise<void> {
  const scenario = size === 'demo' ? 'demo' : join(dir, 'big.json');
  const token = size === 'demo' ? DEMO_TOKENS.alex : BIG_TOKEN;
  const server = spawn(
    process.execPath,
    ['dist/bin/ledger-mock.js', '--port', '0', '--base-url-print', '--scenario', scenario],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      server.once('exit', (code) => reject(new Error(`ledger-mock exited ${code}`)));
    });
    const out = join(dir, `copy-${size}.json`);
    const copy = await timed(['dist/bin/ledger-mock.js', 'copy', '--from', url, '--out', out, '--rate', '1000'], {
      LEDGER_TOKEN: token,
    });
    const snapshots = Number(/and (\d+) snapshots/.exec(copy.out)?.[1]);
    const bytes = statSync(out).size;
    const floor = await timed([
      '--input-type=module',
      '-e',
      FLOOR,
      url,
      token,
      join(dir, `floor-${size}.txt`),
      String(bytes),
    ]);
    const requests = 4 + (JSON.parse(readFileSync(out, 'utf8')) as { accounts: unknown[] }).accounts.length;
    report({ copyMs: copy.ms, floorMs: floor.ms, snapshots, requests, bytes });
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv.includes('--prepare')) {
  // The scenario of benchmarks 7 and 8, with a category id the API's schema accepts (a UUID).
  const scenario = bigScenario();
  scenario.categories = scenario.categories!.map((c) => ({ ...c, id: CATEGORY }));
  scenario.accounts = scenario.accounts!.map((a) => ({ ...a, category_id: CATEGORY }));
  scenario.tokens = [{ id: 't1', user_id: 'u1', value: BIG_TOKEN }];
  writeFileSync(join(dir, 'big.json'), JSON.stringify(scenario));
  report({ bytes: statSync(join(dir, 'big.json')).size });
} else {
  await run(arg('size') as 'demo' | '100000');
}
