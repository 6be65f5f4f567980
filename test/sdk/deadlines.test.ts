// Per-attempt deadlines share their AbortSignal and timer with attempts that start close together
// (src/retry/deadlines.ts): "no attempt's deadline comes early, and none later than timeoutMs plus the window".
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerClient, isLedgerError, TimeoutError } from 'personal-ledger-sdk';
import { Deadlines } from '../../src/retry/deadlines';

const TOKEN = 'plk_SECRETsecretSECRET0123456789abcdefghij';
const IDENTITY = JSON.stringify({ user_id: 'u', household_id: 'h', token_id: 't' });
const answer = () => new Response(IDENTITY, { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.useRealTimers());

describe('shared deadlines', () => {
  it('25 calls in a row share 3 signals, at most 10 calls each, and every signal is still unaborted after them', async () => {
    // The clock stands still: the calls all start within the window however slow the machine (the window's own
    // closing is the next test's).
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const signals: AbortSignal[] = [];
    const fetch = async (_request: Request, init?: RequestInit) => (signals.push(init!.signal!), answer());
    const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch });
    for (let i = 0; i < 25; i++) await ledger.me();
    const distinct = [...new Set(signals)];
    expect(signals).toHaveLength(25);
    expect(distinct.map((s) => signals.filter((t) => t === s).length)).toEqual([10, 10, 5]);
    expect(distinct.every((s) => !s.aborted)).toBe(true);
  });

  it('a call with a signal of its own gets a signal of its own, which follows the caller and the deadline', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] }); // the first and third calls start within one window, however slow the machine
    const signals: AbortSignal[] = [];
    const fetch = async (_request: Request, init?: RequestInit) => (signals.push(init!.signal!), answer());
    const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch });
    const caller = new AbortController();
    await ledger.me();
    await ledger.me({ signal: caller.signal });
    await ledger.me();
    expect(signals[1]).not.toBe(caller.signal);
    expect(signals[1]).not.toBe(signals[0]);
    expect(signals[2]).toBe(signals[0]);
  });

  it('no attempt times out before timeoutMs, nor later than timeoutMs plus the window (1%, at most 100 ms)', async () => {
    vi.useFakeTimers({ now: 0 });
    const timeoutMs = 5_000;
    const started: number[] = [];
    const ended: number[] = [];
    // A fetch that never answers: each attempt ends at its deadline.
    const fetch = (_request: Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        started.push(Date.now());
        init!.signal!.addEventListener('abort', () => (ended.push(Date.now()), reject(init!.signal!.reason)));
      });
    const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch, timeoutMs, retry: false });
    const calls: Promise<unknown>[] = [];
    // 30 calls, one every 7 ms: they straddle several windows (50 ms each at this timeout).
    for (let i = 0; i < 30; i++) {
      calls.push(ledger.me().catch((error: unknown) => error));
      await vi.advanceTimersByTimeAsync(7);
    }
    await vi.advanceTimersByTimeAsync(timeoutMs + 100);
    const errors = await Promise.all(calls);
    expect(errors.every((e) => e instanceof TimeoutError && isLedgerError(e))).toBe(true);
    expect(ended).toHaveLength(30);
    const late = started.map((at, i) => ended[i]! - at - timeoutMs);
    expect(Math.min(...late)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...late)).toBeLessThanOrEqual(50);
  });

  it('a deadline whose window has closed and whose attempts have ended leaves no timer behind', () => {
    vi.useFakeTimers({ now: 0 });
    const deadlines = new Deadlines(30_000, Date.now);
    const holder = { onDeadline: vi.fn() };
    const first = deadlines.join(holder);
    first.leave(holder);
    expect(vi.getTimerCount()).toBe(1); // unref'd: kept for the window, keeping no process alive
    vi.advanceTimersByTime(101);
    const second = deadlines.join(holder); // a new window closes the first one
    expect(second).not.toBe(first);
    expect(vi.getTimerCount()).toBe(1);
    second.leave(holder);
    expect(holder.onDeadline).not.toHaveBeenCalled();
  });

  it('a script that made calls exits at once: an ended attempt never keeps the process alive for timeoutMs', { timeout: 150_000 }, () => {
    const script = `
      import { createLedgerClient } from ${JSON.stringify(join(import.meta.dirname, '../../src/index.ts'))};
      const body = ${JSON.stringify(IDENTITY)};
      const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: '${TOKEN}', fetch, timeoutMs: 600000 });
      for (let i = 0; i < 3; i++) await ledger.me();
      console.log('done');`;
    // Were the attempts' timer still ref'd, the process would wait the 10 min timeout; the spawn gives it 2 min (room
    // for node and tsx to start on a loaded machine).
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('done');
  });
});
