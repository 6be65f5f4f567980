// metrics.ts
import type { LedgerClient } from 'personal-ledger-sdk';

/** Attempts and their time per method, route template and status: a few keys, whatever ids the calls carry. */
export function attemptTimes(ledger: LedgerClient): Map<string, { attempts: number; totalMs: number }> {
  const times = new Map<string, { attempts: number; totalMs: number }>();
  ledger.on('response', (e) => {
    const key = `${e.method} ${e.route} ${e.status}`;
    const sum = times.get(key) ?? { attempts: 0, totalMs: 0 };
    times.set(key, { attempts: sum.attempts + 1, totalMs: sum.totalMs + e.durationMs });
  });
  return times;
}
