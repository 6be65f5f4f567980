// The recipe of docs/ledger-mock.md: sync-csv against `ledger-mock --state`, twice (the second run writes nothing), then
// the server stopped and started again on the same file, and a third run: still nothing to write.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../examples/sync-csv.js';
import { caller, stateDir } from '../server/state-support.js';
import { runCli, within, type CliRun } from '../server/support.js';
import { captureIo, dataFile } from './support.js';

const runs: CliRun[] = [];
const dir = stateDir();
afterAll(() => {
  runs.forEach((run) => {
    run.kill();
  });
  dir.cleanup();
});

const FIRST_BANK = [dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us'];
const SKIPPED = [
  'Skipped first-bank-balances.csv line 14: no mapping for this label (banks.first-bank-us.accounts)',
  'Skipped first-bank-balances.csv line 15: "Pending" is not a MM/DD/YYYY date',
];

/** `ledger-mock --state <file> --port 0`, with its URL and the demo token its banner prints for Alex. */
async function startServer(file: string): Promise<{ run: CliRun; url: string; token: string }> {
  const run = runCli(['--state', file, '--port', '0']);
  runs.push(run);
  await within(
    (async () => {
      while (!run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
    })(),
    45_000,
    'the banner',
  );
  const url = /^ledger-mock listening on (\S+)$/m.exec(run.stdout())![1]!;
  const token = /^ {4}Alex +(plk_\S+)$/m.exec(run.stdout())![1]!;
  return { run, url, token };
}

async function sync(url: string, token: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo();
  const code = await main(FIRST_BANK, { LEDGER_BASE_URL: url, LEDGER_TOKEN: token }, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** The requests the server answered that were not reads. */
async function writes(url: string): Promise<string[]> {
  const journal = (await caller(url)('GET', '/__mock/journal')).body as Array<{ method: string; operation_id: string }>;
  return journal.filter((entry) => entry.method !== 'GET').map((entry) => entry.operation_id);
}

describe('docs/ledger-mock.md: an idempotent re-run of sync-csv against ledger-mock --state', () => {
  it('the second run writes nothing; after a restart of the server on the same file, still nothing', {
    timeout: 120_000,
  }, async () => {
    const file = dir.path('ledger.state');
    const first = await startServer(file);

    const run1 = await sync(first.url, first.token);
    expect([run1.code, run1.stderr]).toEqual([0, '']);
    expect(run1.stdout).toContain('Created ledger account "First Bank money market" (Cash, asset).');
    expect(run1.stdout).toContain(
      `Summary: wrote 6 balances to ${first.url} (5 new, 1 changed, 2 already up to date).`,
    );
    const written = await writes(first.url);
    expect(written).toEqual(['createAccount', 'bulkUpsertSnapshots']);

    const run2 = await sync(first.url, first.token);
    expect(run2.code).toBe(0);
    const secondRun = [
      'Read first-bank-balances.csv (CSV (First Bank (US))): 8 balances.',
      `Summary: wrote 0 balances to ${first.url} (0 new, 0 changed, 8 already up to date).`,
      ...SKIPPED,
      '',
    ].join('\n');
    expect(run2.stdout).toBe(secondRun);
    const guide = readFileSync(new URL('../../docs/ledger-mock.md', import.meta.url), 'utf8');
    // The guide's ledger-mock listens on port 4010; this one on a free port.
    expect(guide, 'the guide shows what the second run prints').toContain(
      `\`\`\`text\n${secondRun.replace(first.url, 'http://127.0.0.1:4010')}\`\`\``,
    );
    expect(await writes(first.url)).toEqual(written);

    first.run.child.kill('SIGTERM');
    expect((await within(first.run.exited, 15_000, 'exit')).code).toBe(0);
    const second = await startServer(file);
    const run3 = await sync(second.url, second.token);
    expect(run3.code).toBe(0);
    expect(run3.stdout).toContain(
      `Summary: wrote 0 balances to ${second.url} (0 new, 0 changed, 8 already up to date).`,
    );
    expect(run3.stdout).not.toContain('Created ledger account');
    expect(await writes(second.url)).toEqual([]);
    second.run.child.kill('SIGTERM');
    expect((await within(second.run.exited, 15_000, 'exit')).code).toBe(0);
  });
});
