// `ledger-mock --state FILE` as real processes on one file: a second start is refused naming the first one's pid,
// a kill -9 leaves a lock that the next start takes over (and says so), simultaneous takeovers leave one winner,
// every acknowledged write survives a write/reset/compaction/write sequence, a symbolic link is written through,
// and a file that cannot be used stops the start with a message that says which file, what failed and why.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { parseStateFile } from '../../mocks/server/state-format';
import { oncePerRun } from '../support/once-per-run';
import { caller, stateDir } from './state-support';
import { ROOT, runCli, within, type CliRun } from './support';

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
function newDir() {
  const dir = stateDir();
  dirs.push(dir);
  return dir;
}

const LISTENING = /^ledger-mock listening on (http:\/\/127\.0\.0\.1:\d+)$/;

function launch(file: string, args: string[] = [], as: { uid?: number; gid?: number } = {}): CliRun {
  const run = runCli(['--port', '0', '--state', file, ...args], {}, as);
  runs.push(run);
  return run;
}

/** Starts `ledger-mock --port 0 --state <file>` and waits for its URL. */
async function serve(file: string, args: string[] = []) {
  const run = launch(file, args);
  const url = LISTENING.exec(await within(run.firstLine, 45_000, 'the first line'))![1]!;
  return { run, url, call: caller(url) };
}

/** Runs a start that must fail: its exit code and stderr. */
async function refused(file: string, as: { uid?: number; gid?: number } = {}) {
  const run = launch(file, [], as);
  const { code } = await within(run.exited, 45_000, 'exit');
  expect(run.stdout()).toBe('');
  return { code, stderr: run.stderr() };
}

async function stop(run: CliRun, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  run.child.kill(signal);
  expect(await within(run.exited, 15_000, `exit after ${signal}`)).toEqual({ code: 0, signal: null });
}

async function kill9(run: CliRun): Promise<void> {
  run.child.kill('SIGKILL');
  expect(await within(run.exited, 15_000, 'exit after SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
}

/**
 * What the file at `file` holds now, read as ledger-mock reads it: the users of its image, and the users and
 * snapshots appended after the image. A witness of which file a write reached that does not depend on how the
 * file system numbers files (a new file may get the inode number of one freed a moment before).
 */
function liveFile(file: string) {
  const contents = parseStateFile(file, readFileSync(file));
  const appended = contents.batches.flatMap((batch) => batch.changes);
  return {
    imageUsers: contents.entities
      .filter((e) => e.table === 'users')
      .flatMap((e) => e.records.map((user) => (user as { name: string }).name)),
    appendedUsers: appended
      .filter((change) => change[0] === 'put' && change[1] === 'users')
      .map((change) => (change[2] as { name: string }).name),
    appendedSnapshots: appended.filter((change) => change[0] === 'snapshot').length,
  };
}

const lockPid = (file: string) => (JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as { pid: number }).pid;
const userNames = async (call: ReturnType<typeof caller>) =>
  (await call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name) as string[];

/** ./lock-contender.ts bundled into one plain JavaScript file, once per run: six of them start with no compile each. */
const lockContender = () =>
  oncePerRun('lock-contender', async (dir) => {
    const outfile = join(dir, 'lock-contender.mjs');
    await build({
      entryPoints: [join(ROOT, 'test/server/lock-contender.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
    });
    return outfile;
  });

/**
 * Root ignores file modes, so the unwritable cases run the CLI as nobody (65534) when the tests run as root; as
 * any other user the modes hold for the user itself.
 */
const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

// Side by side: each test has a directory of its own, and mostly waits on its processes. The race of six processes
// runs alone, after them (below).
describe.concurrent('ledger-mock --state: one process per file, as real processes', { timeout: 120_000 }, () => {
  it("a second ledger-mock on the same file exits 1 naming the file and the first one's pid; the first keeps every write; a clean stop removes the lock", async () => {
    const file = newDir().path();
    const first = await serve(file);
    expect(lockPid(file)).toBe(first.run.child.pid);
    expect((await first.call('POST', '/__mock/users', { name: 'Before the second start' })).status).toBe(201);

    const second = await refused(file);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `ledger-mock: state file ${file}: it is in use by another ledger-mock, pid ${first.run.child.pid} (since `,
    );
    expect(second.stderr).toContain('Stop that process first, or use another state file.');
    expect(second.stderr).toContain('Nothing was changed.');
    expect(lockPid(file)).toBe(first.run.child.pid); // the refused one took nothing away...

    expect((await first.call('POST', '/__mock/users', { name: 'After the second start' })).status).toBe(201); // ...and wrote nothing
    await stop(first.run);
    expect(existsSync(`${file}.lock`)).toBe(false);

    const third = await serve(file);
    expect(await userNames(third.call)).toEqual(['Alex', 'Sam', 'Before the second start', 'After the second start']);
    await stop(third.run);
    expect(third.run.stderr()).toBe(''); // nothing was taken over: the lock had been removed
  });

  it.each(['SIGINT', 'SIGHUP'] as const)('a stop by %s removes the lock too', async (signal) => {
    const file = newDir().path();
    const first = await serve(file);
    expect(existsSync(`${file}.lock`)).toBe(true);
    await stop(first.run, signal);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('after a kill -9 the lock is left; of three starts at once, one takes it over (and says so), the others exit 1 naming its pid', async () => {
    const file = newDir().path();
    const first = await serve(file);
    const acknowledged = await first.call('POST', '/__mock/users', { name: 'Acknowledged before the kill' });
    expect(acknowledged.status).toBe(201);
    await kill9(first.run);
    expect(lockPid(file)).toBe(first.run.child.pid);

    const starts = [launch(file), launch(file), launch(file)];
    const outcomes = await Promise.all(
      starts.map((run) =>
        within(
          Promise.race([
            run.firstLine.then((line) => ({ run, url: LISTENING.exec(line)?.[1] })),
            run.exited.then(({ code }) => ({ run, code })),
          ]),
          60_000,
          'a start to listen or exit',
        ),
      ),
    );
    const winners = outcomes.filter((outcome) => 'url' in outcome);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.run;
    expect(lockPid(file)).toBe(winner.child.pid);
    await within(
      (async () => {
        while (!winner.stderr().includes('\n')) await new Promise((r) => setTimeout(r, 20));
      })(),
      15_000,
      'the takeover line',
    );
    expect(winner.stderr()).toMatch(
      new RegExp(
        `^ledger-mock: state file .+: took over the lock of pid ${first.run.child.pid} \\(started \\S+\\), which no longer runs\\n$`,
      ),
    );
    for (const loser of starts.filter((run) => run !== winner)) {
      expect(await within(loser.exited, 45_000, 'exit')).toEqual({ code: 1, signal: null });
      expect(loser.stderr()).toContain(`it is in use by another ledger-mock, pid ${winner.child.pid} (since `);
    }
    const call = caller((winners[0] as { url: string }).url);
    expect(await userNames(call)).toContain('Acknowledged before the kill');
    await stop(winner);
  });

  it('every acknowledged write survives write, reset, write, compaction, write and a kill -9: appends after each rename go to the new file', async () => {
    const file = newDir().path();
    const first = await serve(file);
    const { call } = first;
    expect((await call('POST', '/__mock/users', { name: 'Before the reset' })).status).toBe(201);
    expect(liveFile(file)).toMatchObject({ imageUsers: ['Alex', 'Sam'], appendedUsers: ['Before the reset'] });
    expect((await call('POST', '/__mock/reset')).status).toBe(200);
    // The file at the path is a new image (renamed over the old one), and the next write is appended to it.
    expect(liveFile(file)).toEqual({ imageUsers: ['Alex', 'Sam'], appendedUsers: [], appendedSnapshots: 0 });
    expect((await call('POST', '/__mock/users', { name: 'After the reset' })).status).toBe(201);
    expect(liveFile(file)).toEqual({
      imageUsers: ['Alex', 'Sam'],
      appendedUsers: ['After the reset'],
      appendedSnapshots: 0,
    });

    // Bulk writes until the log outgrows the default 8 MiB and the file is rewritten as one image (a rename). While
    // it grows, a search stands in for a parse of megabytes after each write: a batch record left means not yet.
    const account = DEMO_IDS.accounts.everydayChecking;
    const hasLog = () => readFileSync(file).includes('{"t":"batch"');
    let rows = 0;
    for (let call_ = 0; hasLog() && call_ < 60; call_++) {
      const batch = Array.from({ length: 5000 }, (_, i) => ({
        account_id: account,
        snapshot_date: new Date(Date.UTC(2030, 0, 1) + (rows + i) * 86_400_000).toISOString().slice(0, 10),
        balance: rows + i,
      }));
      expect((await call('POST', '/api/public/v1/snapshots/bulk', { snapshots: batch }, alex)).body.inserted).toBe(
        5000,
      );
      rows += 5000;
    }
    // Compacted: what had been appended is now in the image of the file at the path, and nothing follows it.
    expect(liveFile(file)).toEqual({
      imageUsers: ['Alex', 'Sam', 'After the reset'],
      appendedUsers: [],
      appendedSnapshots: 0,
    });
    const last = await call('POST', '/__mock/users', { name: 'After the compaction' });
    expect(last.status).toBe(201);
    const snapshot = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: account, snapshot_date: '2029-12-31', balance: 42 },
      alex,
    );
    expect(snapshot.status).toBe(201);
    expect(liveFile(file)).toEqual({
      imageUsers: ['Alex', 'Sam', 'After the reset'],
      appendedUsers: ['After the compaction'],
      appendedSnapshots: 1,
    });
    await kill9(first.run);

    const second = await serve(file);
    expect(await userNames(second.call)).toEqual(['Alex', 'Sam', 'After the reset', 'After the compaction']);
    const stored = (await second.call('GET', `/__mock/snapshots?account_id=${account}&from=2029-12-31`)).body as Array<{
      id: string;
      balance: number;
    }>;
    expect(stored).toHaveLength(rows + 1);
    expect(stored[0]).toMatchObject({ id: snapshot.body.snapshot.id, balance: 42 });
    await stop(second.run);
  });

  it('a symbolic link is written through: the link stays a link, its target holds the data, and the target by its own name is locked too', async () => {
    const links = newDir();
    const targets = newDir();
    const target = targets.path('real.state');
    const link = links.path('ledger.state');
    symlinkSync(target, link);
    const first = await serve(link);
    await within(
      (async () => {
        while (!first.run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
      })(),
      15_000,
      'the banner',
    );
    expect(first.run.stdout()).toContain(`  State:    ${link} -> ${target} (new: the scenario was written to it`);
    await first.call('POST', '/__mock/users', { name: 'Through the link' });
    await first.call('POST', '/__mock/reset'); // a rename: in the target's directory, over the target
    await first.call('POST', '/__mock/users', { name: 'After the reset' });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readdirSync(dirname(link))).toEqual(['ledger.state']);
    expect(readFileSync(target, 'utf8')).toContain('After the reset');

    const byTarget = await refused(target);
    expect(byTarget.code).toBe(1);
    expect(byTarget.stderr).toContain(
      `ledger-mock: state file ${target}: it is in use by another ledger-mock, pid ${first.run.child.pid}`,
    );
    await stop(first.run);
    expect(readdirSync(dirname(target))).toEqual(['real.state']);

    const again = await serve(target);
    expect(await userNames(again.call)).toEqual(['Alex', 'Sam', 'After the reset']);
    await stop(again.run);
  });

  it('a state path that is a directory: exit 1, "cannot read it: it is a directory (EISDIR)", nothing left behind', async () => {
    const dir = newDir();
    const file = dir.path('ledger.state');
    mkdirSync(file);
    const { code, stderr } = await refused(file);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `ledger-mock: state file ${file}: cannot read it: it is a directory (EISDIR)\nNothing was changed.\n`,
    );
    expect(readdirSync(dirname(file))).toEqual(['ledger.state']);
  });

  it('a state path under a file: exit 1, "cannot create it in <that file>: that is not a directory (ENOTDIR)"', async () => {
    const dir = newDir();
    const parent = dir.path('notes.txt');
    writeFileSync(parent, 'a file, not a directory');
    const file = join(parent, 'ledger.state');
    const { code, stderr } = await refused(file);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `ledger-mock: state file ${file}: cannot create it in ${parent}: that is not a directory (ENOTDIR)\nNothing was changed.\n`,
    );
  });

  it('an existing state file the user cannot write: refused at start with "cannot open it for writing: permission denied (EACCES)", never "cannot load scenario"', async () => {
    const dir = newDir();
    const file = dir.path();
    const built = await serve(file);
    await built.call('POST', '/__mock/users', { name: 'Kim' });
    await stop(built.run);
    chmodSync(dirname(file), 0o777); // the directory takes the lock; only the file is read-only
    chmodSync(file, 0o444);
    const bytes = readFileSync(file);

    const { code, stderr } = await refused(file, unprivileged);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `ledger-mock: state file ${file}: cannot open it for writing: permission denied (EACCES)\nNothing was changed.\n`,
    );
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(dirname(file))).toEqual(['ledger.state']); // its lock was taken, and released
  });

  it('a new state file in a directory the user cannot write: refused at start, naming the lock file it could not create', async () => {
    const dir = newDir();
    const file = dir.path();
    chmodSync(dirname(file), 0o555);
    const { code, stderr } = await refused(file, unprivileged);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `ledger-mock: state file ${file}: cannot create its lock file ${file}.lock: permission denied (EACCES)\nNothing was changed.\n`,
    );
    chmodSync(dirname(file), 0o700);
    expect(readdirSync(dirname(file))).toEqual([]);
  });
});

// Alone, once the tests above have ended: the six contenders must meet within milliseconds, which other processes
// of this file starting at the same time would make rarer.
describe('ledger-mock --state: a dead lock raced', { timeout: 120_000 }, () => {
  it('a dead lock raced by 6 processes within the same millisecond, 15 rounds: never two holders at once, and every refused one names a holder', async () => {
    const dir = dirname(newDir().path());
    const rounds = 15;
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    for (let round = 0; round < rounds; round++) {
      writeFileSync(
        join(dir, `${round}.state.lock`),
        `${JSON.stringify({ pid: dead, hostname: hostname(), started_at: '2026-01-02T03:04:05.000Z', nonce: 'd'.repeat(24) })}\n`,
      );
    }
    const script = await lockContender();
    const contenders = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, [script, dir, String(rounds), '300'], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
      return { child, out: () => out, exited };
    });
    try {
      await within(
        (async () => {
          while (!contenders.every((c) => c.out().startsWith('ready\n'))) await new Promise((r) => setTimeout(r, 20));
        })(),
        60_000,
        'the contenders to start',
      );
      const first = Date.now() + 200;
      for (const { child } of contenders) child.stdin.end(`${first}\n`);
      await within(Promise.all(contenders.map((c) => c.exited)), 60_000, 'the rounds');
    } finally {
      for (const { child } of contenders) if (child.exitCode === null) child.kill('SIGKILL');
    }
    type Outcome = {
      round: number;
      pid: number;
      won: boolean;
      heldFrom: number;
      heldTo: number;
      message?: string;
      tookOver?: unknown;
    };
    const outcomes = contenders.flatMap((c) =>
      c
        .out()
        .split('\n')
        .slice(1, -1)
        .map((line) => JSON.parse(line) as Outcome),
    );
    expect(outcomes).toHaveLength(6 * rounds);
    let singleHolderRounds = 0;
    for (let round = 0; round < rounds; round++) {
      const tries = outcomes.filter((o) => o.round === round);
      // Usually one winner; a contender the machine's load kept from trying until the winner had let go wins after it.
      const winners = tries.filter((o) => o.won).sort((a, b) => a.heldFrom - b.heldFrom);
      expect(winners.length, `round ${round}`).toBeGreaterThanOrEqual(1);
      if (winners.length === 1) singleHolderRounds++;
      for (const [i, later] of winners.slice(1).entries()) {
        expect(later.heldFrom, `round ${round}: two holders at once`).toBeGreaterThanOrEqual(winners[i]!.heldTo);
      }
      expect([null, { pid: dead, hostname: hostname(), startedAt: '2026-01-02T03:04:05.000Z' }]).toContainEqual(
        winners[0]!.tookOver,
      );
      for (const loser of tries.filter((o) => !o.won)) {
        expect(
          winners
            .map((w) => `it is in use by another ledger-mock, pid ${w.pid} (since `)
            .some((named) => loser.message!.includes(named)),
          loser.message,
        ).toBe(true);
      }
    }
    expect(singleHolderRounds).toBeGreaterThan(0); // the contenders did meet: some rounds had one holder and five refused
  });
});
