import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { LedgerMock } from 'personal-ledger-sdk/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyRows, main, type Checkpoint } from '../../examples/backfill.js';
import { captureIo, demoFake, OFFLINE, ROOT, tempDir } from './support.js';

const HISTORY = ['--days', '730', '--end', '2026-10-31', '--chunk-size', '500'];

let fake: LedgerMock;
let dir: Awaited<ReturnType<typeof tempDir>>;
let checkpoint: string;
beforeEach(async () => {
  fake = demoFake();
  dir = await tempDir();
  checkpoint = join(dir.path, 'backfill.checkpoint.json');
});
afterEach(() => dir.cleanup());

async function backfill(argv: string[], options: { signal?: AbortSignal; onWrite?: (text: string) => void } = {}) {
  const captured = captureIo({ fake, ...options });
  const code = await main([...argv, '--checkpoint', checkpoint], OFFLINE, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** The full history the options describe, on the accounts the run created. */
async function expectedHistory(): Promise<Map<string, number>> {
  const accounts = await fake.control.listAccounts();
  const accountIds = [1, 2, 3].map((n) => accounts.find((a) => a.name === `Backfill account ${n}`)!.id);
  const rows = historyRows({ days: 730, end: '2026-10-31', accountIds });
  return new Map(rows.map((r) => [`${r.account_id}|${r.snapshot_date}`, r.balance]));
}

/** Every balance stored on the backfill accounts. */
async function storedHistory(): Promise<Map<string, number>> {
  const ids = new Set(
    (await fake.control.listAccounts()).filter((a) => a.name.startsWith('Backfill account')).map((a) => a.id),
  );
  const all = await fake.control.listSnapshots();
  return new Map(
    all.filter((s) => ids.has(s.account_id)).map((s) => [`${s.account_id}|${s.snapshot_date}`, s.balance]),
  );
}

const readCheckpoint = async () => JSON.parse(await readFile(checkpoint, 'utf8')) as Checkpoint;

describe('backfill: loads years of daily balances across accounts with the bulk helper', () => {
  it('writes 3 accounts x 730 days, with a progress line every 5%', async () => {
    const { code, stdout, stderr } = await backfill(HISTORY);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const expected = await expectedHistory();
    expect(expected.size).toBe(2190);
    expect(await storedHistory()).toEqual(expected);
    expect(stdout).toContain('Created 3 ledger accounts named "Backfill account N" (Cash, asset).');
    expect(stdout).toContain(
      'Backfilling 2,190 rows (3 accounts, 2024-11-01 to 2026-10-31) to the built-in demo ledger.',
    );
    expect(stdout).toContain('progress:  22%  500/2,190 rows\n');
    expect(stdout).toContain('progress: 100%  2,190/2,190 rows\n');
    expect(stdout).toContain(
      'Done: 2,190 rows: 2,190 inserted, 0 updated, 0 skipped; 0 duplicates superseded; 5 chunks; 5 webhooks attempted.',
    );
    expect(stdout).not.toContain('\r');
    expect(existsSync(checkpoint)).toBe(false);
  });

  it('a second run of the same history rewrites the same balances (keyed upserts): nothing is duplicated', async () => {
    await backfill(HISTORY);
    const { code, stdout } = await backfill(HISTORY);
    expect(code).toBe(0);
    expect(stdout).not.toContain('Created');
    expect(stdout).toContain('2,190 rows: 0 inserted, 2,190 updated');
    expect(await storedHistory()).toEqual(await expectedHistory());
  });
});

describe('backfill: resumable after an interruption, losing no row', () => {
  it('after a chunk fails for good (503, retries used up), --resume sends exactly the rows not confirmed', async () => {
    // Chunks 1 and 2 go through (a zero-latency fault uses up their turns); chunk 3 gets 503 three times.
    fake.control.faults.inject({ operation: 'bulkUpsertSnapshots', times: 2, kind: { latencyMs: 0 } });
    fake.control.faults.inject({ operation: 'bulkUpsertSnapshots', times: 3, kind: { status: 503, retryAfter: 0 } });
    const stopped = await backfill(HISTORY);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('Error: Bulk upsert stopped (request_failed)');
    expect(stopped.stdout).toContain('Stopped (request_failed): 1,000 of 2,190 rows written.');
    expect(stopped.stdout).toContain(
      `Saved 1,190 rows not confirmed to ${checkpoint}; run again with --resume to send exactly those.`,
    );
    expect((await storedHistory()).size).toBe(1000);

    const saved = await readCheckpoint();
    const expected = await expectedHistory();
    expect(saved).toMatchObject({ target: 'the built-in demo ledger', reason: 'request_failed', accounts: 3 });
    expect(saved.pending).toHaveLength(1190);
    // The checkpoint holds exactly the rows not yet stored.
    const stored = await storedHistory();
    const missing = [...expected.keys()].filter((key) => !stored.has(key));
    expect(saved.pending.map((r) => `${r.account_id}|${r.snapshot_date}`)).toEqual(missing);

    const refused = await backfill(HISTORY);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `a checkpoint of an interrupted run is at ${checkpoint} (1,190 rows not confirmed): run with --resume`,
    );

    const resumed = await backfill(['--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('Resuming: 1,190 rows not confirmed when the last run stopped (request_failed).');
    expect(resumed.stdout).toContain('Done: 1,190 rows: 1,190 inserted, 0 updated, 0 skipped');
    expect(await storedHistory()).toEqual(expected);
    expect(existsSync(checkpoint)).toBe(false);
  });

  it('after an abort (Ctrl-C) at a chunk boundary, --resume finishes the history', async () => {
    const controller = new AbortController();
    const stopped = await backfill(HISTORY, {
      signal: controller.signal,
      onWrite: (text) => {
        if (text.startsWith('progress:')) controller.abort(new Error('stopped by SIGINT'));
      },
    });
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toContain('Stopped (aborted): 500 of 2,190 rows written.');
    const saved = await readCheckpoint();
    expect(saved).toMatchObject({ reason: 'aborted', accounts: 3 });
    expect(saved.pending).toHaveLength(1690);

    const resumed = await backfill(['--resume', '--chunk-size', '500']);
    expect(resumed.code).toBe(0);
    expect(await storedHistory()).toEqual(await expectedHistory());
    expect(fake.control.journal.entries().filter((e) => e.operationId === 'bulkUpsertSnapshots')).toHaveLength(5);
  });

  it('--resume without a checkpoint, or with one for another ledger, refuses to start', async () => {
    const none = await backfill(['--resume']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`nothing to resume: no checkpoint at ${checkpoint}`);

    await dir.file(
      'backfill.checkpoint.json',
      JSON.stringify({
        format: 'personal-ledger-backfill-checkpoint/1',
        target: 'https://elsewhere.example',
        saved_at: '',
        reason: 'aborted',
        confirmed: 0,
        pending: [],
      }),
    );
    const elsewhere = await backfill(['--resume']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('is for https://elsewhere.example, not the built-in demo ledger');

    await dir.file('backfill.checkpoint.json', '{"not":"a checkpoint"}');
    const broken = await backfill(['--resume']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('is not a backfill checkpoint');
  });
});

describe('backfill: every option is checked before anything is done (exit 2, one line naming the option, the usage)', () => {
  it.each([
    [['--days', 'abc'], '--days takes a whole number from 1 to 10,000, not "abc"'],
    [['--days', '-5'], '--days takes a whole number from 1 to 10,000, not "-5"'],
    [['--days=-5'], '--days takes a whole number from 1 to 10,000, not "-5"'],
    [['--days', '0'], '--days takes a whole number from 1 to 10,000, not "0"'],
    [['--days', '2.5'], '--days takes a whole number from 1 to 10,000, not "2.5"'],
    [['--days', '10001'], '--days takes a whole number from 1 to 10,000, not "10001"'],
    [['--accounts', 'abc'], '--accounts takes a whole number from 1 to 100, not "abc"'],
    [['--accounts', '101'], '--accounts takes a whole number from 1 to 100, not "101"'],
    [['--chunk-size', '99999'], '--chunk-size takes a whole number from 1 to 5,000, not "99999"'],
    [['--chunk-size', '0'], '--chunk-size takes a whole number from 1 to 5,000, not "0"'],
    [['--end', '2026-02-30'], '--end takes a calendar date, YYYY-MM-DD, not "2026-02-30"'],
    [['--end', 'bogus'], '--end takes a calendar date, YYYY-MM-DD, not "bogus"'],
    [['--nope'], "Unknown option '--nope'"],
  ])('%j', async (argv, message) => {
    const { code, stdout, stderr } = await backfill(argv);
    expect(code).toBe(2);
    expect(stderr.split('\n').slice(0, 2)).toEqual([`Error: ${message}`, expect.stringMatching(/^Usage: backfill /)]);
    expect(stdout).toBe('');
    expect(fake.control.journal.entries()).toEqual([]);
    expect(existsSync(checkpoint)).toBe(false);
  });

  it('a real leap day is a calendar date', async () => {
    const { code, stdout } = await backfill(['--days', '2', '--end', '2024-02-29']);
    expect(code).toBe(0);
    expect(stdout).toContain('Backfilling 6 rows (3 accounts, 2024-02-28 to 2024-02-29)');
  });
});

describe('historyRows: the generated history', () => {
  it('is the same for the same options, one row per account and day, oldest first', () => {
    const plan = { days: 3, end: '2024-03-01', accountIds: ['a', 'b'] };
    const rows = historyRows(plan);
    expect(rows).toEqual(historyRows(plan));
    expect(rows.map((r) => `${r.account_id} ${r.snapshot_date}`)).toEqual([
      'a 2024-02-28',
      'b 2024-02-28',
      'a 2024-02-29',
      'b 2024-02-29',
      'a 2024-03-01',
      'b 2024-03-01',
    ]);
    expect(rows.every((r) => Number.isInteger(Math.round(r.balance * 100)))).toBe(true);
  });
});

describe('backfill run as a program: a failure before the bulk call is one line, no stack', { timeout: 70_000 }, () => {
  it('a token the ledger refuses (401): exit 1, the error in one line, nothing else on stderr', async () => {
    const server = createServer((_request, response) =>
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"error":{"code":"unauthorized","message":"Invalid token"}}'),
    );
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const env = {
        ...process.env,
        LEDGER_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        LEDGER_TOKEN: 'plk_notAToken0123456789',
      };
      const result = await new Promise<{ code: number | null; stderr: string }>((done) =>
        execFile(
          process.execPath,
          ['--import', 'tsx', join(ROOT, 'examples', 'backfill.ts'), '--checkpoint', checkpoint],
          { cwd: ROOT, env, timeout: 60_000 },
          (error, _stdout, stderr) =>
            done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
        ),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Error: [^\n]*401[^\n]*\n$/);
      expect(result.stderr).not.toContain(env.LEDGER_TOKEN);
      expect(existsSync(checkpoint)).toBe(false);
    } finally {
      server.close();
    }
  });
});
