// `ledger-mock --state FILE` as a child process: a kill -9 loses no acknowledged write, a torn last record is
// dropped and reported, and any other damage stops the start without touching the file.
import { readFileSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { caller, persistent, stateDir } from './state-support';
import { runCli, within, type CliRun } from './support';

const A = DEMO_IDS.accounts;
const alex = DEMO_TOKENS.alex;
const runs: CliRun[] = [];
const dirs: Array<ReturnType<typeof stateDir>> = [];
afterAll(() => {
  runs.forEach((run) => {
    run.kill();
  });
  dirs.forEach((dir) => {
    dir.cleanup();
  });
});
function newFile(): string {
  const dir = stateDir();
  dirs.push(dir);
  return dir.path();
}

const LISTENING = /^ledger-mock listening on (http:\/\/127\.0\.0\.1:\d+)$/;

/** Starts `ledger-mock --port 0 --state <file> ...args` and waits for its URL. */
async function serve(file: string, args: string[] = []) {
  const run = runCli(['--port', '0', '--state', file, ...args]);
  runs.push(run);
  const url = LISTENING.exec(await within(run.firstLine, 45_000, 'the first line'))![1]!;
  return { run, url, call: caller(url) };
}

async function stop(run: CliRun): Promise<void> {
  run.child.kill('SIGTERM');
  expect(await within(run.exited, 15_000, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
}

/** Builds a state file in this process (the format is the same): the demo scenario, then `writes`. */
async function buildFile(file: string, writes: (call: ReturnType<typeof caller>) => Promise<void>): Promise<void> {
  const server = await createLedgerMockServer({ scenario: 'demo', state: file }).listen();
  try {
    await writes(caller(server.url));
  } finally {
    await server.close();
  }
}

const day = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe.concurrent('ledger-mock --state as a process', { timeout: 120_000 }, () => {
  it('a kill -9 right after a burst of acknowledged writes (API and control) keeps every one of them', async () => {
    const file = newFile();
    const first = await serve(file);
    const { call } = first;
    // A burst of concurrent writes, API and control mixed (they share fsyncs)...
    const [snapshots, users, tokens, account, bulk, plan] = await Promise.all([
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(
            'POST',
            '/api/public/v1/snapshots',
            { account_id: A.everydayChecking, snapshot_date: day(i), balance: i + 0.5 },
            alex,
          ),
        ),
      ),
      Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', '/__mock/users', { name: `Burst ${i}` }))),
      Promise.all(Array.from({ length: 3 }, () => call('POST', '/__mock/tokens', { user_id: DEMO_IDS.users.sam }))),
      call('POST', '/api/public/v1/accounts', { name: 'Burst account', category_id: DEMO_IDS.categories.cash }, alex),
      call(
        'POST',
        '/api/public/v1/snapshots/bulk',
        {
          snapshots: Array.from({ length: 500 }, (_, i) => ({
            account_id: A.jointSavings,
            snapshot_date: day(i),
            balance: i,
          })),
        },
        alex,
      ),
      call('PUT', `/__mock/households/${DEMO_IDS.household}/plan`, { plan: 'household' }),
    ]);
    // ...then one write after another, and the kill as soon as the last one is answered.
    const sequential = [];
    for (let i = 0; i < 10; i++)
      sequential.push(
        await call('PATCH', `/api/public/v1/snapshots/${snapshots[i]!.body.snapshot.id}`, { balance: 1000 + i }, alex),
      );
    const last = await call('POST', '/__mock/users', { name: 'Answered just before the kill' });
    first.run.child.kill('SIGKILL');
    expect(await within(first.run.exited, 15_000, 'exit after SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    for (const answer of [...snapshots, ...users, ...tokens, account, bulk, plan, ...sequential, last])
      expect(answer.status).toBeLessThan(300);
    const second = await serve(file);
    const state = (await second.call('GET', '/__mock/state')).body;
    const snapshotById = new Map<string, { balance: number; snapshot_date: string }>(
      state.snapshots.map((s: { id: string }) => [s.id, s]),
    );
    snapshots.forEach((answer, i) => {
      expect(snapshotById.get(answer.body.snapshot.id)).toMatchObject({
        snapshot_date: day(i),
        balance: i < 10 ? 1000 + i : i + 0.5,
      });
    });
    expect(
      state.snapshots.filter(
        (s: { account_id: string; snapshot_date: string }) =>
          s.account_id === A.jointSavings && s.snapshot_date >= day(0),
      ),
    ).toHaveLength(500);
    const userIds = new Set(state.users.map((u: { id: string }) => u.id));
    for (const user of [...users, last]) expect(userIds.has(user.body.id)).toBe(true);
    expect(state.accounts.map((a: { id: string }) => a.id)).toContain(account.body.id);
    expect(state.households.find((h: { id: string }) => h.id === DEMO_IDS.household).plan).toBe('household');
    for (const token of tokens) {
      expect((await second.call('GET', '/api/public/v1/me', undefined, token.body.value)).body).toMatchObject({
        user_id: DEMO_IDS.users.sam,
        token_id: token.body.id,
      });
    }
    // The first one's lock was left behind by the kill: taken over, and said.
    const tookOver =
      /^ledger-mock: state file (.+): took over the lock of pid (\d+) \(started (\S+)\), which no longer runs\n$/.exec(
        second.run.stderr(),
      );
    expect(tookOver?.slice(1, 3)).toEqual([file, String(first.run.child.pid)]);
    await stop(second.run);
  });

  it('a torn last record (a write cut short) is dropped at start and said on stderr; everything before it is loaded, and later writes follow it cleanly', async () => {
    const file = newFile();
    await buildFile(file, async (call) => {
      await call('POST', '/__mock/users', { name: 'Kept 1' });
      await call('POST', '/__mock/users', { name: 'Kept 2' });
    });
    const whole = statSync(file).size;
    await buildFile(file, async (call) => void (await call('POST', '/__mock/users', { name: 'Cut short' })));
    const lastRecord = statSync(file).size - whole;
    truncateSync(file, statSync(file).size - 10); // as a kill or crash in the middle of the append would leave it

    const first = await serve(file);
    expect(first.run.stderr()).toContain(
      `ledger-mock: state file ${file}: dropped an unfinished last record at byte ${whole} (${lastRecord - 10} bytes, a write cut short by a kill or crash, never acknowledged); everything before it was loaded`,
    );
    const names = (await first.call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name);
    expect(names).toEqual(['Alex', 'Sam', 'Kept 1', 'Kept 2']);
    expect(statSync(file).size).toBe(whole); // cut back to the last whole record
    await first.call('POST', '/__mock/users', { name: 'After the restart' });
    await stop(first.run);

    const second = await serve(file);
    expect((await second.call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name)).toEqual([
      'Alex',
      'Sam',
      'Kept 1',
      'Kept 2',
      'After the restart',
    ]);
    expect(second.run.stderr()).toBe('');
    await stop(second.run);
  });

  it.each([
    [
      'a record whose checksum does not match (a changed byte)',
      (bytes: Buffer) => {
        const at = bytes.indexOf('Kim');
        bytes[at] = 'J'.charCodeAt(0);
        return { bytes, offset: bytes.lastIndexOf('\n', at) + 1, reason: 'checksum mismatch' };
      },
    ],
    [
      'a line that is not a record, in the middle',
      (bytes: Buffer) => {
        const at = bytes.indexOf('Kim');
        const offset = bytes.lastIndexOf('\n', at) + 1;
        return {
          bytes: Buffer.concat([bytes.subarray(0, offset), Buffer.from('garbage\n'), bytes.subarray(offset)]),
          offset,
          reason: 'a record does not start with',
        };
      },
    ],
    [
      'an image cut short',
      (bytes: Buffer) => {
        const offset = bytes.indexOf('\n') + 1; // only the header is left whole
        return { bytes: bytes.subarray(0, offset + 40), offset, reason: 'a record of' };
      },
    ],
  ])(
    'any other damage (%s) stops the start: exit 1, naming the file and the byte offset; the file is left as it was',
    async (_name, damage) => {
      const file = newFile();
      await buildFile(file, async (call) => {
        await call('POST', '/__mock/users', { name: 'Kim' });
        await call('POST', '/__mock/users', { name: 'Robin' });
      });
      const { bytes, offset, reason } = damage(readFileSync(file));
      writeFileSync(file, bytes);

      const run = runCli(['--port', '0', '--state', file]);
      runs.push(run);
      expect((await within(run.exited, 45_000, 'exit')).code).toBe(1);
      expect(run.stdout()).toBe('');
      expect(run.stderr()).toContain(`ledger-mock: state file ${file} is damaged at byte ${offset}: ${reason}`);
      expect(run.stderr()).toContain('Nothing was changed.');
      expect(readFileSync(file).equals(bytes)).toBe(true);
    },
  );

  it('a file that is not a state file is refused (exit 1) and never overwritten', async () => {
    const file = newFile();
    const text = JSON.stringify({ households: [{ id: 'h', plan: 'household' }] });
    writeFileSync(file, text);
    const run = runCli(['--port', '0', '--state', file]);
    runs.push(run);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(1);
    expect(run.stderr()).toContain(`ledger-mock: state file ${file}: not a ledger-mock state file`);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('a new file starts from --scenario, says so in the banner, and a restart loads it instead', async () => {
    const file = newFile();
    const first = await serve(file, ['--scenario', 'empty']);
    await within(
      (async () => {
        while (!first.run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
      })(),
      15_000,
      'the banner',
    );
    expect(first.run.stdout()).toContain(
      `  State:    ${file} (new: the scenario was written to it; every change is written to it)`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const user = await first.call('POST', '/__mock/users', { name: 'Me' });
    const before = (await first.call('GET', '/__mock/state')).body;
    await stop(first.run);

    const second = await serve(file, ['--scenario', 'demo']); // the file wins over --scenario...
    await within(
      (async () => {
        while (!second.run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
      })(),
      15_000,
      'the banner',
    );
    expect(second.run.stdout()).toContain(
      `  State:    ${file} (loaded: 1 user, 0 accounts, 0 snapshots, 0 tokens; every change is written to it)`,
    );
    expect(second.run.stdout()).not.toContain(DEMO_TOKENS.alex); // ...and the demo tokens do not exist there
    expect(persistent((await second.call('GET', '/__mock/state')).body)).toEqual(persistent(before));
    expect((await second.call('GET', '/__mock/users')).body.map((u: { id: string }) => u.id)).toEqual([user.body.id]);
    // ...until a reset, which goes back to --scenario and rewrites the file.
    expect((await second.call('POST', '/__mock/reset')).body).toEqual({
      ok: true,
      state_file: { path: file, reset: true },
    });
    await stop(second.run);
    const third = await serve(file);
    expect((await third.call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name)).toEqual([
      'Alex',
      'Sam',
    ]);
    await stop(third.run);
  });

  it("a file holding tokens the banner knows no value of says they are kept as hashes only (not 'No tokens yet'), and how to create one; with their scenario, their values are shown", async () => {
    const file = newFile();
    const value = `plk_${'B'.repeat(40)}`;
    const scenario = {
      households: [{ id: 'h1', plan: 'household' as const }],
      users: [{ id: 'u1', name: 'Robin', household_id: 'h1' }],
      tokens: [{ id: 't1', user_id: 'u1', value }],
    };
    await (await createLedgerMockServer({ scenario, state: file }).listen()).close();
    const banner = async (run: CliRun) => {
      await within(
        (async () => {
          while (!run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
        })(),
        15_000,
        'the banner',
      );
      return run.stdout();
    };

    const first = await serve(file); // --scenario is demo: it knows no value of this file's token
    const text = await banner(first.run);
    expect(text).toContain('(loaded: 1 user, 0 accounts, 0 snapshots, 1 token;');
    expect(text).toContain(
      '  Tokens:   1 active token in the state file, kept as hashes only (never their values): use the one you had, or create another:',
    );
    expect(text).toContain(
      `    curl -X POST ${first.url}/__mock/tokens -H 'content-type: application/json' -d '{"user_id":"u1"}'`,
    );
    expect(text).not.toContain('No tokens yet');
    expect(text).not.toContain(value);
    await stop(first.run);

    const scenarioFile = `${file}.scenario.json`;
    writeFileSync(scenarioFile, JSON.stringify(scenario));
    const second = await serve(file, ['--scenario', scenarioFile]); // the scenario the file came from: its token's value is known
    expect(await banner(second.run)).toMatch(new RegExp(`Robin +${value}`));
    await stop(second.run);
  });

  it('a file removed while it runs: reads are still answered (their last-used time is let go), writes are refused (500 state_not_saved), and stderr says why and how to go on, once', async () => {
    const file = newFile();
    const { run, call } = await serve(file);
    expect((await call('POST', '/__mock/users', { name: 'Saved' })).status).toBe(201);
    unlinkSync(file);
    const me = await call('GET', '/api/public/v1/me', undefined, alex); // the token's first use: a change to save
    expect([me.status, me.body.user_id]).toEqual([200, DEMO_IDS.users.alex]);
    const write = await call('POST', '/__mock/users', { name: 'Never acknowledged' });
    expect([write.status, write.body.code]).toEqual([500, 'state_not_saved']);
    const snapshot = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: A.everydayChecking, snapshot_date: day(0), balance: 1 },
      alex,
    );
    expect([snapshot.status, snapshot.body.code]).toEqual([500, 'state_not_saved']);
    expect((await call('GET', '/api/public/v1/accounts', undefined, DEMO_TOKENS.sam)).status).toBe(200);
    expect((await call('GET', '/api/public/v1/me', undefined, `plk_${'Z'.repeat(40)}`)).body.code).toBe(
      'invalid_token',
    ); // a read's own refusal stays its own
    expect(run.stderr()).toBe(
      `ledger-mock: state file ${file}: cannot write to it: ${file} was removed by another program while this process kept it\n` +
        'ledger-mock: from now on every write is refused (500 state_not_saved) and reads are answered from memory. To go on, ' +
        `stop it and start it again with --state ${file}: it loads the file as it was at the last acknowledged write (a file ` +
        'removed or replaced by another program: as that program left it; none: --scenario again). Writes answered 500 are not in it.\n',
    );
    await stop(run);
  });

  it('--help says what --state keeps and what it does not', async () => {
    const run = runCli(['--help']);
    runs.push(run);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(0);
    const help = run.stdout().replace(/\s+/g, ' ');
    expect(help).toContain('--state <file> Keep the state in <file>, so it survives restarts and kills');
    expect(help).toContain('every change is in the file before its answer is sent');
    expect(help).toContain('POST /__mock/reset and a scenario load rewrite the file too');
    expect(help).toContain('Not kept: the clock, faults, the request journal and the webhook event journal');
  });
});
