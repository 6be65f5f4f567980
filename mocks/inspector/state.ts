// The fake's state as the inspector page shows it, in one answer of bounded size: households and plans, users,
// tokens (never a value or hash), accounts with how many snapshots each has and its latest, webhook subscriptions
// and the latest events with their delivery outcomes, faults, checkpoints and the clock. An account's balances are
// read with GET /__mock/snapshots?account_id=, one account at a time.
import type { LedgerControl } from '../control/control';
import { faultToJson } from '../control-http/fault-wire';
import { tokenStatus } from '../rules/auth';
import type { EventLogEntry, LedgerStore } from '../store/ledger-store';
import type { EventSummary, StateOverview } from './wire';

/** The webhook events the overview lists, newest first (GET /__mock/events has them all, with their rows). */
export const EVENTS_LISTED = 20;
/** The accounts an event's summary names at most (a bulk call's event may carry 5,000 rows). */
const EVENT_ACCOUNTS_LISTED = 5;

/** What the inspector reads: one fake's store and control API. */
export interface InspectedFake {
  readonly store: LedgerStore;
  readonly control: LedgerControl;
  /** Settles once the starting scenario (or state file) is loaded. */
  readonly ready: Promise<void>;
}

/** The overview, read in one exclusive run (never half a request's change). */
export async function stateOverview(fake: InspectedFake, stateVersion: number): Promise<StateOverview> {
  await fake.ready;
  const { store, control } = fake;
  return store.exclusive(() => {
    const now = store.clock.now();
    return {
      state_version: stateVersion,
      clock: { now: now.toISOString(), frozen: store.clock.frozen },
      households: store.households.all(),
      users: store.users.all(),
      tokens: store.tokens.all().map((token) => ({
        id: token.id,
        prefix: token.prefix,
        user_id: token.user_id,
        name: token.name,
        scopes: token.scopes,
        status: tokenStatus(token, now),
      })),
      accounts: store.accounts.all().map((account) => ({
        ...account,
        snapshots: store.snapshots.countFor(account.id),
        latest: store.snapshots.latestBefore(account.id, Infinity) ?? null,
      })),
      webhooks: store.webhooks.all(),
      events: { total: store.events.length, latest: store.events.slice(-EVENTS_LISTED).reverse().map(eventSummary) },
      faults: control.faults.list().map(faultToJson) as StateOverview['faults'],
      checkpoints: control.listCheckpoints(),
    };
  });
}

/** An event without its rows: what it carried, counted, and a copy of its delivery outcomes. */
function eventSummary({ event, deliveries }: EventLogEntry): EventSummary {
  const accounts = new Set<string>();
  for (const row of event.data.snapshots) {
    if (accounts.size >= EVENT_ACCOUNTS_LISTED) break;
    accounts.add(row.account_id);
  }
  return {
    id: event.id,
    created_at: event.created_at,
    operation: event.data.operation,
    user_id: event.data.user_id,
    snapshots: event.data.snapshots.length,
    accounts: [...accounts],
    deliveries: deliveries.map((delivery) => ({ ...delivery })),
  };
}
