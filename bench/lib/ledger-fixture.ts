// A fake with the demo scenario plus many accounts for Alex, and cheap rows over them.
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS, type LedgerMock } from '../../mocks/index';
import { dayNumber } from '../../src/shared/calendar-date';
import { formatDay } from '../../mocks/store/dates';

export const TOKEN = DEMO_TOKENS.alex;
const START_DAY = dayNumber('2000-01-01')!;

export interface Fixture {
  /** The fake, with its own fetch (mock.fetch); its MSW handlers are `ledgerHandlers(mock)`. */
  mock: LedgerMock;
  /** Alex's bench accounts (standard, private, active). */
  accounts: string[];
  /** `YYYY-MM-DD` of day `d` after 2000-01-01 (one shared string per day). */
  day(d: number): string;
}

/** The demo fake (seeded, frozen clock) with `count` more accounts for Alex, created through the control API. */
export async function ledgerFixture(count: number): Promise<Fixture> {
  const mock = createLedgerMock({ scenario: 'demo', seed: 'bench' });
  await mock.ready;
  const accounts: string[] = [];
  for (let i = 0; i < count; i++) {
    const account = await mock.control.createAccount({
      userId: DEMO_IDS.users.alex,
      name: `Bench ${i}`,
      categoryId: DEMO_IDS.categories.cash,
    });
    accounts.push(account.id);
  }
  return { mock, accounts, day: (d) => formatDay(START_DAY + d) };
}

/** Rows day by day: every account on day 0, then every account on day 1... (`days * accounts.length` rows). */
export function* dailyRows(fixture: Fixture, days: number, balance: (n: number) => number = (n) => n / 4) {
  const { accounts } = fixture;
  let n = 0;
  for (let d = 0; d < days; d++) {
    const snapshot_date = fixture.day(d);
    for (const account_id of accounts) yield { account_id, snapshot_date, balance: balance(n++) };
  }
}

/** Seeds the same keys `dailyRows` produces, through control.seedSnapshots, in batches. */
export async function seedDaily(fixture: Fixture, days: number): Promise<void> {
  let batch: Array<{ account_id: string; snapshot_date: string; balance: number }> = [];
  for (const row of dailyRows(fixture, days, (n) => -n)) {
    batch.push(row);
    if (batch.length === 100_000) {
      await fixture.mock.control.seedSnapshots(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await fixture.mock.control.seedSnapshots(batch);
}
