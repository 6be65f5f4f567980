// The scenario of benchmarks 7 and 8: 100 accounts with 1,000 daily balances each, every snapshot written out (no
// series), 100,000 in all.
import type { Scenario } from '../../mocks/control/scenario-types';

export const ACCOUNTS = 100;
export const DAYS = 1000;

/** The scenario; `now`, when given, sets the fake's clock. */
export function bigScenario(options: { now?: string } = {}): Scenario {
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    id: `acc00000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    owner_user_id: 'u1',
    name: `Account ${i}`,
    category_id: 'c1',
  }));
  const start = Date.UTC(2024, 0, 1);
  const snapshots = accounts.flatMap((account, a) =>
    Array.from({ length: DAYS }, (_, d) => ({
      account_id: account.id,
      snapshot_date: new Date(start + d * 86_400_000).toISOString().slice(0, 10),
      balance: Math.round((1000 + a * 10 + d * 1.37) * 100) / 100,
    })),
  );
  return {
    ...(options.now === undefined ? {} : { now: options.now }),
    households: [{ id: 'h1', plan: 'household' }],
    users: [{ id: 'u1', name: 'Bench', household_id: 'h1' }],
    categories: [{ id: 'c1', name: 'Cash' }],
    accounts,
    snapshots,
    tokens: [{ id: 't1', user_id: 'u1', value: `plk_${'B'.repeat(40)}` }],
  };
}
