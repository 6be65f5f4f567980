// Benchmark 6: starting the fake from a `--state` file that holds 100,000 snapshots, against loading the same
// 100,000 snapshots from a scenario file (the plain in-memory start). One start per process:
//   node --import tsx bench/state-load.bench.ts --prepare --dir DIR          writes DIR/scenario.json and DIR/ledger.state
//   node --import tsx bench/state-load.bench.ts --variant state --dir DIR    createLedgerMockServer({ state }) until listening
//   node --import tsx bench/state-load.bench.ts --variant scenario --dir DIR read + parse the scenario file, load it, listen
//   ... --variant cli-state | cli-scenario --dir DIR                         `ledger-mock` as a child: time to its first line
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../mocks/control/scenario-types';
import { createLedgerMockServer } from '../mocks/server/create-ledger-mock-server';
import { ACCOUNTS, bigScenario, DAYS } from './lib/big-scenario';
import { arg, report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZE = ACCOUNTS * DAYS;

const dir = arg('dir');
const scenarioFile = join(dir, 'scenario.json');
const stateFile = join(dir, 'ledger.state');

async function prepare(): Promise<void> {
  writeFileSync(scenarioFile, JSON.stringify(bigScenario()));
  rmSync(stateFile, { force: true });
  const server = createLedgerMockServer({
    scenario: JSON.parse(readFileSync(scenarioFile, 'utf8')) as Scenario,
    state: stateFile,
  });
  await (await server.listen()).close();
  report({ snapshots: SIZE, scenarioBytes: statSync(scenarioFile).size, stateBytes: statSync(stateFile).size });
}

/** In this process: from nothing to a listening server holding the 100,000 snapshots. */
async function inProcess(variant: 'state' | 'scenario'): Promise<void> {
  const started = performance.now();
  const server =
    variant === 'state'
      ? createLedgerMockServer({ state: stateFile })
      : createLedgerMockServer({ scenario: JSON.parse(readFileSync(scenarioFile, 'utf8')) as Scenario }); // as ledger-mock reads it
  await server.mock.ready;
  const running = await server.listen();
  const ms = performance.now() - started;
  const stored = server.mock.store.snapshots.size;
  await running.close();
  if (stored !== SIZE) throw new Error(`expected ${SIZE} snapshots, found ${stored}`);
  report({ ms });
}

/** `ledger-mock` as a child process: from spawn to its first line (the port is bound and the state loaded). */
async function cli(variant: 'cli-state' | 'cli-scenario'): Promise<void> {
  const args = variant === 'cli-state' ? ['--state', stateFile] : ['--scenario', scenarioFile];
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/bin/ledger-mock.js', '--port', '0', '--base-url-print', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    void exited.then((code) => reject(new Error(`ledger-mock exited (${code}) before it listened: ${err}`)));
  });
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await exited;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`unexpected first line ${url}`);
  report({ ms });
}

const variant = process.argv.includes('--prepare') ? 'prepare' : arg('variant');
if (variant === 'prepare') await prepare();
else if (variant === 'state' || variant === 'scenario') await inProcess(variant);
else if (variant === 'cli-state' || variant === 'cli-scenario') await cli(variant);
else throw new Error(`unknown --variant ${variant}`);
