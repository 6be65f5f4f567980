// Helpers for the standalone server's tests: the CLI as a child process, and bounded waits.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLedgerMockServer,
  type LedgerMockServer,
  type LedgerMockServerOptions,
  type RunningLedgerMockServer,
} from 'personal-ledger-sdk/mocks/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { binPath } from '../support/bins';
import { ROOT } from '../support/root';

export { ROOT };

/** Rejects when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface CliRun {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with stdout's first line once it is written. */
  firstLine: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the child if it still runs (by its pid). */
  kill(): void;
}

const nodeFor = new Map<number, string>();
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
  nodeFor.clear();
});

/**
 * A Node binary that user `uid` may run: this process's own, or a copy of it in a fresh temporary directory when
 * that user cannot reach it (`npx -p node@24` installs Node under root's home, which nobody else may enter).
 */
function nodeBinary(as: { uid?: number; gid?: number }): string {
  if (as.uid === undefined) return process.execPath;
  let path = nodeFor.get(as.uid);
  if (path) return path;
  path = process.execPath;
  if (spawnSync(path, ['-e', ''], as).error) {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-mock-node-'));
    copies.push(dir);
    chmodSync(dir, 0o755);
    path = join(dir, 'node');
    copyFileSync(process.execPath, path);
    chmodSync(path, 0o755);
  }
  nodeFor.set(as.uid, path);
  return path;
}

/**
 * Runs the built command as a user does: `node dist/bin/ledger-mock.js ...args` (plain node, no compile per process;
 * a signal reaches the program itself), with extra environment variables if given, and as another user with `as`
 * (`uid` and `gid`).
 */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  as: { uid?: number; gid?: number } = {},
): CliRun {
  const child = spawn(nodeBinary(as), [binPath('ledger-mock'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    ...as,
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('close', (code, signal) => resolve({ code, signal })); // 'close': after stdout and stderr are read to the end
    child.once('error', (error) => reject(new Error(`could not start ledger-mock: ${error.message}`)));
  });
  exited.catch(() => undefined);
  const firstLine = new Promise<string>((resolve, reject) => {
    const check = () => {
      const newline = out.indexOf('\n');
      if (newline >= 0) {
        child.stdout!.off('data', check);
        resolve(out.slice(0, newline));
      }
    };
    child.stdout!.on('data', check);
    exited.then(({ code }) => reject(new Error(`ledger-mock exited (${code}) before printing: ${err}`)), reject);
  });
  firstLine.catch(() => undefined);
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    firstLine,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * A `createLedgerMockServer({ scenario: 'demo' })` listening on 127.0.0.1 for the current test file; after each
 * test it checks that the fake hit no internal error, then resets it. `url()` is valid once the file's tests run.
 */
export function demoServerForThisFile(): { server: LedgerMockServer; url(): string } {
  const server = createLedgerMockServer({ scenario: 'demo' });
  let running: RunningLedgerMockServer | undefined;
  beforeAll(async () => {
    running = await server.listen();
  });
  afterAll(() => running?.close());
  afterEach(async () => {
    expect(server.mock.control.journal.internalErrors()).toEqual([]);
    await server.mock.control.reset();
  });
  return { server, url: () => running!.url };
}

/**
 * Servers and CLI runs for the current test file: `serve(options)` starts a `createLedgerMockServer` (the demo
 * scenario unless the options say otherwise) that closes after the test; `cli(args, env)` runs the built CLI,
 * killed after the file's tests if it still runs.
 */
export function serversForThisFile() {
  const running: RunningLedgerMockServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  const runs: CliRun[] = [];
  afterAll(() =>
    runs.forEach((run) => {
      run.kill();
    }),
  );
  return {
    async serve(options: LedgerMockServerOptions = {}) {
      const server = createLedgerMockServer({ scenario: 'demo', ...options });
      const listening = await server.listen();
      running.push(listening);
      return { server, listening };
    },
    cli(args: string[], env: Record<string, string> = {}): CliRun {
      const run = runCli(args, env);
      runs.push(run);
      return run;
    },
  };
}
