// Helpers for the standalone server's tests: the CLI as a child process, and bounded waits.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
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

const copies: string[] = [];
let forOtherUsers: { node: string; bin: string; cwd: string } | undefined;
afterAll(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
  forOtherUsers = undefined;
});

/**
 * What another user (nobody, for the file-mode cases as root) runs: copies, made once per test file in a fresh folder
 * of the run's temporary directory (test/support/run-dir.ts: its modes are /tmp's), of the built package (dist/ and
 * package.json: the bin loads the chunks beside it) and, when that user cannot run it, of this Node binary (`npx -p
 * node@24` installs Node under root's home). The clone itself may be in a folder only its owner can enter (a
 * `mktemp -d` folder, /root), which that user could not reach. Modes are set as a plain install's: folders 755, files
 * 644 (755 for the binaries), whatever the clone's umask was.
 */
function copiesForOtherUsers(as: { uid?: number; gid?: number }): { node: string; bin: string; cwd: string } {
  if (forOtherUsers) return forOtherUsers;
  const dir = mkdtempSync(join(tmpdir(), 'ledger-mock-copy-'));
  copies.push(dir);
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  let node = process.execPath;
  if (spawnSync(node, ['-e', ''], { ...as, cwd: dir }).error) {
    node = join(dir, 'node');
    copyFileSync(process.execPath, node);
  }
  const bin = join(dir, relative(ROOT, binPath('ledger-mock')));
  openUp(dir, new Set([node, bin]));
  forOtherUsers = { node, bin, cwd: dir };
  return forOtherUsers;
}

function openUp(path: string, executables: Set<string>): void {
  if (statSync(path).isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path)) openUp(join(path, entry), executables);
  } else chmodSync(path, executables.has(path) ? 0o755 : 0o644);
}

/**
 * Runs the built command as a user does: `node dist/bin/ledger-mock.js ...args` (plain node, no compile per process;
 * a signal reaches the program itself), with extra environment variables if given, and as another user with `as`
 * (`uid` and `gid`), who runs copies of the package and of Node in a folder of the run's own (copiesForOtherUsers).
 */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  as: { uid?: number; gid?: number } = {},
): CliRun {
  const { node, bin, cwd } =
    as.uid === undefined ? { node: process.execPath, bin: binPath('ledger-mock'), cwd: ROOT } : copiesForOtherUsers(as);
  const child = spawn(node, [bin, ...args], {
    cwd,
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
