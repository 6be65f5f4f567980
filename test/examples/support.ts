// Shared helpers of the example tests: a captured Io, a fresh demo fake, and paths to the sample data.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLedgerMock, type LedgerMock } from 'personal-ledger-sdk/mocks';
import type { Io as ExampleIo } from '../../examples/sync-statements.js';

/** What the examples' main() takes: output, and in tests the fake, a signal and whether stdout is a terminal. */
export type Io = ExampleIo & { stdout: { write(text: string): unknown; isTTY?: boolean }; signal?: AbortSignal };

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs an example as a user would, `node --import tsx <script> ...args` from the repository's root, offline (no LEDGER_*
 * variables): `script` is a file name under examples/, or an absolute path.
 */
export function runExample(
  script: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.LEDGER_BASE_URL;
  delete env.LEDGER_TOKEN;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', resolve(ROOT, 'examples', script), ...args],
      { cwd: ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

/** A file under examples/data. */
export const dataFile = (name: string): string =>
  fileURLToPath(new URL(`../../examples/data/${name}`, import.meta.url));

/** An Io whose output is kept for assertions. */
export interface CapturedIo {
  io: Io;
  stdout(): string;
  stderr(): string;
  /** stdout and stderr together, in order. */
  all(): string;
}

export function captureIo(
  options: { fake?: LedgerMock; signal?: AbortSignal; isTTY?: boolean; onWrite?: (text: string) => void } = {},
): CapturedIo {
  let out = '';
  let err = '';
  let all = '';
  const io: Io = {
    stdout: {
      write: (text: string) => {
        out += text;
        all += text;
        options.onWrite?.(text);
        return true;
      },
      isTTY: options.isTTY ?? false,
    },
    stderr: {
      write: (text: string) => {
        err += text;
        all += text;
        return true;
      },
    },
    ...(options.fake ? { fake: options.fake } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  return { io, stdout: () => out, stderr: () => err, all: () => all };
}

/** A new fake with the demo scenario (Alex's token is what the examples use offline). */
export function demoFake(): LedgerMock {
  return createLedgerMock({ scenario: 'demo' });
}

/** No LEDGER_* variables: the examples use the built-in fake. */
export const OFFLINE: Record<string, string | undefined> = {};

/** A temporary directory, removed by the returned cleanup. */
export async function tempDir(): Promise<{
  path: string;
  file(name: string, text?: string): Promise<string>;
  cleanup(): Promise<void>;
}> {
  const path = await mkdtemp(join(tmpdir(), 'ledger-examples-'));
  return {
    path,
    async file(name, text) {
      const full = join(path, name);
      if (text !== undefined) await writeFile(full, text);
      return full;
    },
    cleanup: () => rm(path, { recursive: true, force: true }),
  };
}

/** Balances stored for one account, by date. */
export async function balancesOf(fake: LedgerMock, accountId: string): Promise<Map<string, number>> {
  const snapshots = await fake.control.listSnapshots({ accountId });
  return new Map(snapshots.map((s) => [s.snapshot_date, s.balance]));
}

/** The id of the account with this name, from the fake's store. */
export async function accountNamed(fake: LedgerMock, name: string): Promise<string | undefined> {
  return (await fake.control.listAccounts()).find((a) => a.name === name)?.id;
}
