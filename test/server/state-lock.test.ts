// One process per state file, seen from createLedgerMockServer({ state }) with real files on disk: the lock taken
// at start and released by close(), what counts as a lock left by a process that no longer runs (taken over) and
// what does not (refused, naming its holder), a symbolic link written through, and a file replaced behind the
// server's back refused rather than written into a file no restart reads.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import {
  createLedgerMockServer,
  StateFileAccessError,
  StateFileError,
  StateFileLockedError,
  type LedgerMockServerOptions,
  type RunningLedgerMockServer,
} from 'personal-ledger-sdk/mocks/node';
import { caller, stateDir } from './state-support';

const running: RunningLedgerMockServer[] = [];
const dirs: Array<ReturnType<typeof stateDir>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  dirs.splice(0).forEach((dir) => {
    dir.cleanup();
  });
});

function newDir() {
  const dir = stateDir();
  dirs.push(dir);
  return dir;
}

async function start(file: string, options: LedgerMockServerOptions = {}) {
  const server = createLedgerMockServer({ scenario: 'demo', state: file, ...options });
  const listening = await server.listen();
  running.push(listening);
  const stop = async () => {
    running.splice(running.indexOf(listening), 1);
    await listening.close();
  };
  return { server, url: listening.url, call: caller(listening.url), stop };
}

/** What createLedgerMockServer threw. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** A pid that ran and has exited (and been reaped): no process has it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

/** A lock file as another process would have left it. */
function writeLock(file: string, lock: Record<string, unknown>): string {
  const text = `${JSON.stringify({ hostname: hostname(), started_at: '2026-01-02T03:04:05.000Z', nonce: 'f'.repeat(24), ...lock })}\n`;
  writeFileSync(`${file}.lock`, text);
  return text;
}

const lockOf = (file: string) =>
  JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as {
    pid: number;
    hostname: string;
    started_at: string;
    nonce: string;
  };

describe('ledger-mock --state: one server per file', () => {
  it('a second server on the same file (by any path to it) is refused with StateFileLockedError naming the holder; close() lets the next one in', async () => {
    const dir = newDir();
    const file = dir.path();
    const first = await start(file);
    expect(lockOf(file)).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(statSync(`${file}.lock`).mode & 0o777).toBe(0o600);

    for (const samePlace of [file, join(dirname(file), '.', 'ledger.state')]) {
      const error = thrown(() => createLedgerMockServer({ state: samePlace }));
      expect(error).toBeInstanceOf(StateFileLockedError);
      expect(error).toBeInstanceOf(StateFileError);
      expect(error).toMatchObject({
        file: samePlace,
        lockFile: `${file}.lock`,
        seen: 'running',
        holder: { pid: process.pid, hostname: hostname() },
      });
      expect((error as Error).message).toBe(
        `state file ${samePlace}: it is in use by another server in this process (pid ${process.pid}, since ${lockOf(file).started_at}); close that one first`,
      );
    }
    expect((await first.call('POST', '/__mock/users', { name: 'Still kept' })).status).toBe(201); // the refused ones took nothing away
    await first.stop();
    expect(existsSync(`${file}.lock`)).toBe(false);

    const second = await start(file);
    expect(second.server.stateFile).toEqual({ path: file, restored: true }); // nothing taken over: the lock was released
    expect((await second.call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name)).toContain(
      'Still kept',
    );
  });

  it('a start that fails lets the file go: a port in use, or a file that cannot be applied', async () => {
    const file = newDir().path();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(createLedgerMockServer({ scenario: 'demo', state: file, port }).listen()).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      taken.close();
    }
    expect(existsSync(`${file}.lock`)).toBe(false);
    await (await start(file)).stop();

    // A new file whose scenario cannot be loaded: mock.ready rejects, and the lock goes with it.
    const fresh = newDir().path();
    const refused = createLedgerMockServer({
      state: fresh,
      scenario: { households: [{ id: 'h', plan: 'household' }], users: [{ id: 'u', household_id: 'missing' }] },
    });
    await expect(refused.mock.ready).rejects.toThrow('No household missing');
    expect(readdirSync(dirname(fresh))).toEqual([]);
    // One refused at once (not a shipped name, not a scenario): the same.
    expect(() => createLedgerMockServer({ state: file, scenario: 'nope' as never })).toThrow(
      'No scenario named "nope"',
    );
    expect(() => createLedgerMockServer({ state: file, scenario: { households: 5 } as never })).toThrow(
      'Invalid scenario',
    );
    expect(existsSync(`${file}.lock`)).toBe(false);
    await (await start(file)).stop();
  });

  it('a start refused for a port in use removes the file it created (and its lock); a file that was there before is kept as it was', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const fresh = newDir().path();
      await expect(createLedgerMockServer({ scenario: 'demo', state: fresh, port }).listen()).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
      expect(readdirSync(dirname(fresh))).toEqual([]);

      const kept = newDir().path();
      await (await start(kept)).stop();
      const before = readFileSync(kept);
      await expect(createLedgerMockServer({ scenario: 'empty', state: kept, port }).listen()).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
      expect(readdirSync(dirname(kept))).toEqual([basename(kept)]);
      expect(readFileSync(kept).equals(before)).toBe(true);

      const empty = newDir().path();
      writeFileSync(empty, '');
      await expect(createLedgerMockServer({ scenario: 'demo', state: empty, port }).listen()).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
      expect(readdirSync(dirname(empty))).toEqual([basename(empty)]); // it was there (empty): never removed
    } finally {
      taken.close();
    }
  });

  it('a lock left by a process that no longer runs (same host) is taken over, and the server says whose it was', async () => {
    const file = newDir().path();
    await (await start(file)).stop();
    const pid = deadPid();
    writeLock(file, { pid });
    const { server } = await start(file);
    expect(server.stateFile).toEqual({
      path: file,
      restored: true,
      lockTakenOver: { pid, hostname: hostname(), startedAt: '2026-01-02T03:04:05.000Z' },
    });
    expect(lockOf(file).pid).toBe(process.pid);
  });

  it('a lock holding this very pid but not taken by this process (an earlier process with the same pid: a restarted container) is taken over', async () => {
    const file = newDir().path();
    writeLock(file, { pid: process.pid });
    const { server } = await start(file);
    expect(server.stateFile?.lockTakenOver).toEqual({
      pid: process.pid,
      hostname: hostname(),
      startedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('a lock of a running process is refused naming its pid and the lock file, which is left as it was', () => {
    const file = newDir().path();
    const text = writeLock(file, { pid: process.ppid }); // the test runner's parent: running
    const error = thrown(() => createLedgerMockServer({ state: file }));
    expect(error).toMatchObject({ name: 'StateFileLockedError', seen: 'running', holder: { pid: process.ppid } });
    expect((error as Error).message).toBe(
      `state file ${file}: it is in use by another ledger-mock, pid ${process.ppid} (since 2026-01-02T03:04:05.000Z). Stop that process first, or use another state file. ` +
        `(If pid ${process.ppid} is not a ledger-mock, its number was reused: remove ${file}.lock.)`,
    );
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(text);
    expect(existsSync(file)).toBe(false); // nothing created either
  });

  it("a running pid's lock from an earlier boot (Linux's boot id differs) is taken over: that process cannot be the one that wrote it", async () => {
    const file = newDir().path();
    writeLock(file, { pid: process.ppid, boot_id: '00000000-0000-4000-8000-000000000000' });
    if (existsSync('/proc/sys/kernel/random/boot_id')) {
      expect((await start(file)).server.stateFile?.lockTakenOver).toMatchObject({ pid: process.ppid });
    } else {
      expect(() => createLedgerMockServer({ state: file })).toThrow(StateFileLockedError); // no boot id here: the pid alone decides
    }
  });

  it('a lock from another host is refused (this host cannot see its processes), saying to remove the lock if that process is gone', () => {
    const file = newDir().path();
    const text = writeLock(file, { pid: 4242, hostname: 'build-agent-7' });
    const error = thrown(() => createLedgerMockServer({ state: file }));
    expect(error).toMatchObject({ seen: 'elsewhere', holder: { pid: 4242, hostname: 'build-agent-7' } });
    expect((error as Error).message).toBe(
      `state file ${file}: it is in use by pid 4242 on host build-agent-7 (since 2026-01-02T03:04:05.000Z), and this host cannot tell whether that process still runs. If it does not, remove ${file}.lock`,
    );
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(text);
  });

  it('a lock file that cannot be read (left half-written by a process that died creating it) is taken over once it is a second old', async () => {
    const file = newDir().path();
    writeFileSync(`${file}.lock`, '{"pid":12');
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, past, past);
    const { server } = await start(file);
    expect(server.stateFile?.lockTakenOver).toEqual({});
    expect(lockOf(file).pid).toBe(process.pid);
  });

  it('a takeover lock left by a process that died while taking over does not block the next start', async () => {
    const file = newDir().path();
    writeLock(file, { pid: deadPid() });
    writeFileSync(
      `${file}.lock.takeover`,
      `${JSON.stringify({ pid: deadPid(), hostname: hostname(), started_at: '2026-01-02T03:04:05.000Z', nonce: 'e'.repeat(24) })}\n`,
    );
    const { server } = await start(file);
    expect(server.stateFile?.lockTakenOver).toMatchObject({ startedAt: '2026-01-02T03:04:05.000Z' });
    expect(readdirSync(dirname(file)).sort()).toEqual(['ledger.state', 'ledger.state.lock']);
  });

  it('while a running process is taking over the same dead lock, a start waits for it, then gives up after 5 s with a StateFileAccessError', () => {
    const file = newDir().path();
    writeLock(file, { pid: deadPid() });
    writeFileSync(
      `${file}.lock.takeover`,
      `${JSON.stringify({ pid: process.ppid, hostname: hostname(), started_at: new Date().toISOString(), nonce: 'e'.repeat(24) })}\n`,
    );
    const started = Date.now();
    const error = thrown(() => createLedgerMockServer({ state: file }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    expect(error).toBeInstanceOf(StateFileAccessError);
    expect(error).toMatchObject({ operation: 'lock' });
    expect((error as Error).message).toBe(
      `state file ${file}: cannot take its lock file ${file}.lock: it was being written or taken over by other processes for 5 s`,
    );
  });
});

describe('ledger-mock --state: a symbolic link is written through', () => {
  it('the link stays a link through appends, a compaction and a reset; its target holds the data; link and target share one lock', async () => {
    const links = newDir();
    const targets = newDir();
    const target = targets.path('real.state');
    const link = links.path('ledger.state');
    symlinkSync(target, link); // dangling until the first image is written through it
    const first = await start(link, { stateFileOptions: { compactAfterBytes: 1 } });
    expect(first.server.stateFile).toEqual({ path: link, restored: false, target });

    await first.call('POST', '/__mock/users', { name: 'Through the link' }); // appended, then the log outgrows the image: rewritten
    await first.call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-02', balance: 7 },
      DEMO_TOKENS.alex,
    );
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toContain('Through the link');
    expect(readdirSync(dirname(link))).toEqual(['ledger.state']); // no lock, no new image beside the link
    expect(readdirSync(dirname(target)).sort()).toEqual(['real.state', 'real.state.lock']);
    expect(() => createLedgerMockServer({ state: target })).toThrow(StateFileLockedError);

    await first.call('POST', '/__mock/reset');
    await first.call('POST', '/__mock/users', { name: 'After the reset' });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    await first.stop();

    const again = await start(target); // by the target's own name: the same data
    expect((await again.call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name)).toEqual([
      'Alex',
      'Sam',
      'After the reset',
    ]);
  });

  it('a path through a linked directory locks the real file, so both names meet the same lock', async () => {
    const real = newDir();
    const aliases = newDir();
    const alias = aliases.path('alias');
    symlinkSync(dirname(real.path()), alias);
    const first = await start(join(alias, 'ledger.state'));
    expect(first.server.stateFile?.target).toBe(real.path());
    expect(thrown(() => createLedgerMockServer({ state: real.path() }))).toBeInstanceOf(StateFileLockedError);
  });
});

describe('ledger-mock --state: the file at the path is the file written', () => {
  it.each([
    [
      'replaced (renamed over)',
      (file: string) => (writeFileSync(`${file}.other`, 'x'), renameSync(`${file}.other`, file)),
      'replaced',
    ],
    ['removed', (file: string) => unlinkSync(file), 'removed'],
  ])(
    'a file %s by another program is never written again: the next write is a 500 state_not_saved naming it',
    async (_how, meddle, word) => {
      const file = newDir().path();
      const { call } = await start(file);
      expect((await call('POST', '/__mock/users', { name: 'Kept' })).status).toBe(201);
      meddle(file);
      const write = await call('POST', '/__mock/users', { name: 'Never acknowledged' });
      expect([write.status, write.body.code]).toEqual([500, 'state_not_saved']);
      expect(write.body.error).toBe(
        `ledger-mock could not write its state file ${file} (cannot write to it: ${file} was ${word} by another program while this process kept it); changes since the last answer may be lost. Restart it.`,
      );
    },
  );

  it('a missing directory is refused at once, naming it', () => {
    const file = join(newDir().path('missing'), 'ledger.state');
    const error = thrown(() => createLedgerMockServer({ state: file }));
    expect(error).toMatchObject({ name: 'StateFileAccessError', operation: 'resolve', code: 'ENOENT' });
    expect((error as Error).message).toBe(
      `state file ${file}: cannot create it in ${dirname(file)}: no such file or directory (ENOENT)`,
    );
  });
});
