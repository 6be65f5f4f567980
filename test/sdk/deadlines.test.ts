// Per-attempt deadlines (src/retry/abort.ts): each attempt's signal aborts when its own timeoutMs have passed, or when
// the caller's signal aborts; "no attempt's deadline comes early, nor late", and an ended attempt leaves no timer.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerClient, isLedgerError, TimeoutError } from 'personal-ledger-sdk';

const TOKEN = 'plk_SECRETsecretSECRET0123456789abcdefghij';
const IDENTITY = JSON.stringify({ user_id: 'u', household_id: 'h', token_id: 't' });
const answer = () => new Response(IDENTITY, { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.useRealTimers());

describe('per-attempt deadlines', () => {
  it('a call with a signal of its own gets a signal of its own, which follows the caller and the deadline', async () => {
    const signals: AbortSignal[] = [];
    const fetch = async (_request: Request, init?: RequestInit) => (signals.push(init!.signal!), answer());
    const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch });
    const caller = new AbortController();
    await ledger.me();
    await ledger.me({ signal: caller.signal });
    await ledger.me();
    expect(signals[1]).not.toBe(caller.signal);
    expect(signals[1]).not.toBe(signals[0]);
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

  it('an attempt that has ended leaves no timer behind', async () => {
    vi.useFakeTimers({ now: 0 });
    const signals: AbortSignal[] = [];
    const fetch = async (_request: Request, init?: RequestInit) => (signals.push(init!.signal!), answer());
    const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch, timeoutMs: 30_000 });
    await ledger.me();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(30_001);
    expect(signals.map((s) => s.aborted)).toEqual([false]);
  });

  it('a script that made calls exits at once: an ended attempt never keeps the process alive for timeoutMs', {
    timeout: 150_000,
  }, () => {
    const script = `
      import { createLedgerClient } from ${JSON.stringify(join(import.meta.dirname, '../../src/index.ts'))};
      const body = ${JSON.stringify(IDENTITY)};
      const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: '${TOKEN}', fetch, timeoutMs: 60000 });
      for (let i = 0; i < 3; i++) await ledger.me();
      console.log('done');`;
    // Were the attempts' timer still ref'd, the process would wait the 60 s timeout; the spawn gives it 20 s.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('done');
  });
});
