// The SimpleFIN tests' bench: the real `ledger-sync` command as a process (the built bin with plain node, as a user
// runs the installed command), a fake SimpleFIN server and ledger-mock over HTTP on 127.0.0.1, and an Account Set with
// pinned dates.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { binPath } from '../support/bins';
import { ROOT } from '../support/root';

/** 2026-10-30T18:00:00Z: before the demo ledger's "now", the same day in every zone from UTC-11 to UTC+5. */
export const AT = Date.UTC(2026, 9, 30, 18, 0, 0) / 1000;

/** The outcome of one run of the command. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `ledger-sync <args>` as a process (dist/bin/ledger-sync.js), with only `env` (and PATH, TZ=UTC) in its environment. */
export function runLedgerSync(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [binPath('ledger-sync'), ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env },
        timeout: 90_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

const org = { domain: 'mybank.example', 'sfin-url': 'https://sfin.mybank.example', name: 'My Bank' };

/** Three accounts of two organizations: a checking account (with an available balance), a card, and one of another bank. */
export function accountSet(): { errors: unknown[]; accounts: unknown[] } {
  return {
    errors: [],
    accounts: [
      {
        org,
        id: 'ACT-checking-1',
        name: 'Everyday',
        currency: 'USD',
        balance: '1520.35',
        'available-balance': '1400.00',
        'balance-date': AT,
        transactions: [{ id: 't1', posted: AT - 86_400, amount: '-20.00', description: 'Coffee' }],
      },
      { org, id: 'ACT-card-2', name: 'Rewards card', currency: 'USD', balance: '-245.10', 'balance-date': AT },
      {
        org: { domain: 'otherbank.example', 'sfin-url': 'https://sfin.otherbank.example' },
        id: '77',
        name: 'Savings elsewhere',
        currency: 'USD',
        balance: '10.00',
        'balance-date': AT,
      },
    ],
  };
}

/** A mapping of the first two accounts (by their keys) to ledger accounts that the demo ledger lacks. */
export function mappingFile(): string {
  return JSON.stringify({
    accounts: {
      'simplefin:mybank.example/ACT-checking-1': {
        account: 'SimpleFIN checking',
        category: 'Cash',
        category_type: 'asset',
        currency: 'USD',
      },
      'simplefin:mybank.example/ACT-card-2': {
        account: 'SimpleFIN card',
        category: 'Credit card',
        category_type: 'liability',
      },
    },
  });
}

/** The `--json` report. */
export interface Report {
  rows: Array<{ account: string; date: string; balance: number; action: string; source: string }>;
  skipped: Array<{ source: string; reason: string }>;
  refused: Array<{ file: string; reason: string }>;
}

/**
 * A test file's runs of the command, and the secrets it handed out (tokens, Access URLs and their parts), so its last
 * test can check that none of them reached any output or file.
 */
export function watchedRuns(): {
  /** Every secret handed out so far: push each one a test makes. */
  secrets: string[];
  /** runLedgerSync, its output kept for the check. */
  run(args: string[], env?: Record<string, string>): Promise<CliRun>;
  /** Fails if a secret is in any run's output, or in a file of `dir` that `mayHold` does not allow; returns the runs checked. */
  expectNoSecretShown(dir: string, mayHold: (name: string) => boolean): Promise<number>;
} {
  const secrets: string[] = [];
  const outputs: CliRun[] = [];
  return {
    secrets,
    async run(args, env = {}) {
      const result = await runLedgerSync(args, env);
      outputs.push(result);
      return result;
    },
    async expectNoSecretShown(dir, mayHold) {
      for (const secret of secrets) {
        for (const output of outputs) expect(output.stdout + output.stderr).not.toContain(secret);
      }
      for (const name of await readdir(dir)) {
        if (mayHold(name)) continue;
        const text = await readFile(join(dir, name), 'utf8');
        for (const secret of secrets) expect(text, name).not.toContain(secret);
      }
      return outputs.length;
    },
  };
}
