// Shared helpers of the ledger-sync tests: running main() with a captured Io and a demo fake, and paths to data.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLedgerMock, type LedgerMock } from 'personal-ledger-sdk/mocks';
import type { Io } from '../../sync/io';
import { main } from '../../sync/main';

/** A file under examples/data. */
export const dataFile = (name: string): string =>
  fileURLToPath(new URL(`../../examples/data/${name}`, import.meta.url));
/** A fixture of the readers' tests. */
export const fixture = (name: string): string =>
  fileURLToPath(new URL(`../statements/fixtures/${name}`, import.meta.url));
/** The examples' mapping file: banks, ofx_accounts. */
export const MAPPING = dataFile('mapping.json');

/** The outcome of one run. */
export interface SyncRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ledger-sync argv` in this process, against `fake` for --demo. */
export async function runSync(
  argv: string[],
  options: { fake?: LedgerMock; env?: Record<string, string | undefined>; signal?: AbortSignal } = {},
): Promise<SyncRun> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    ...(options.fake ? { fake: options.fake } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const code = await main(argv, options.env ?? {}, io);
  return { code, stdout, stderr };
}

/** A new fake with the demo scenario. */
export function demoFake(): LedgerMock {
  return createLedgerMock({ scenario: 'demo' });
}

/** Balances stored for the account of this name, by date. */
export async function balancesNamed(fake: LedgerMock, name: string): Promise<Map<string, number>> {
  const account = (await fake.control.listAccounts()).find((a) => a.name === name);
  if (!account) return new Map();
  return new Map(
    (await fake.control.listSnapshots({ accountId: account.id })).map((s) => [s.snapshot_date, s.balance]),
  );
}

/** Requests that were not reads. */
export function writesOf(fake: LedgerMock): string[] {
  return fake.control.journal
    .entries()
    .filter((e) => e.method !== 'GET')
    .map((e) => e.operationId ?? e.path);
}

/** A temporary directory, removed by the returned cleanup. */
export async function tempDir(): Promise<{
  path: string;
  file(name: string, text: string | Uint8Array): Promise<string>;
  cleanup(): Promise<void>;
}> {
  const path = await mkdtemp(join(tmpdir(), 'ledger-sync-'));
  return {
    path,
    async file(name, text) {
      const full = join(path, name);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, text);
      return full;
    },
    cleanup: () => rm(path, { recursive: true, force: true }),
  };
}
