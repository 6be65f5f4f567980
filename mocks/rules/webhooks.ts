import { MockControlError } from '../errors';
import type { DeliveryOutcome, EventLogEntry, LedgerStore, SnapshotUpsertedEvent } from '../store/ledger-store';
import type { WebhookRecord } from '../store/records';
import type { SnapshotView, UpsertAction } from '../store/snapshot-store';
import type { Actor } from './auth';
import { requireUser } from './households';
import { requirePlanForDeveloperSettings } from './plans';

/** The operations that fire snapshot.upserted (spec 6). */
export type UpsertOperation = 'upsertSnapshot' | 'updateSnapshot' | 'bulkUpsertSnapshots';

/** The result of one delivery attempt, as a deliverer reports it. */
export interface DeliveryResult {
  ok: boolean;
  status?: number;
  error?: string;
}

/**
 * Delivers one event to one subscription. The default records it without network; a standalone
 * server plugs in real POSTs with the Ledger-Event and Ledger-Delivery headers (spec-gaps 26).
 */
export type WebhookDeliverer = (subscription: WebhookRecord, event: SnapshotUpsertedEvent) => Promise<DeliveryResult>;

/** An emitted event and the subscriptions it is to be attempted to. */
export interface PendingDelivery {
  entry: EventLogEntry;
  subscriptions: WebhookRecord[];
}

/**
 * Spec 6 and spec-gaps 25-26: builds the one event of a write, logs it, and names the active
 * subscriptions of the token's owner it will be attempted to; `webhooks_attempted` is their count.
 */
export function emitSnapshotUpserted(
  store: LedgerStore,
  actor: Actor,
  operation: UpsertOperation,
  rows: Array<SnapshotView & { action: UpsertAction }>,
): PendingDelivery {
  const event: SnapshotUpsertedEvent = {
    id: `evt_${store.newId()}`,
    type: 'snapshot.upserted',
    created_at: store.nowIso(),
    data: { operation, user_id: actor.user.id, household_id: actor.household.id, snapshots: rows },
  };
  const subscriptions = store.webhooks.where((w) => w.user_id === actor.user.id && w.active);
  const entry: EventLogEntry = {
    event,
    deliveries: subscriptions.map((s) => ({ subscription_id: s.id, url: s.url, outcome: 'pending' })),
  };
  store.events.push(entry);
  // The event journal keeps the most recent MAX_EVENTS (trimmed in batches), so a long-running fake stays bounded.
  if (store.events.length >= 2 * MAX_EVENTS) store.events.splice(0, store.events.length - MAX_EVENTS);
  return { entry, subscriptions };
}

/** How many events the journal keeps at least (the most recent ones). */
export const MAX_EVENTS = 10_000;

/** Attempts an event once per subscription and records each outcome; never throws. */
export async function deliverEvent(pending: PendingDelivery, deliver: WebhookDeliverer | undefined): Promise<void> {
  await Promise.all(
    pending.subscriptions.map(async (subscription, index) => {
      const delivery = pending.entry.deliveries[index]!;
      if (!deliver) {
        delivery.outcome = 'recorded';
        return;
      }
      try {
        const result = await deliver(subscription, pending.entry.event);
        Object.assign(delivery, outcome(result));
      } catch (error) {
        Object.assign(delivery, { outcome: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
}

function outcome(result: DeliveryResult): Partial<DeliveryOutcome> {
  return {
    outcome: result.ok ? 'delivered' : 'failed',
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.error !== undefined ? { error: result.error } : {}),
  };
}

/** Spec-gaps 26: a subscription belongs to a user; creating one without API access is 402. */
export async function createWebhook(
  store: LedgerStore,
  input: { userId: string; url?: string; id?: string; active?: boolean; createdAt?: string; skipPlanCheck?: boolean },
): Promise<WebhookRecord> {
  const user = requireUser(store, input.userId);
  if (!input.skipPlanCheck) requirePlanForDeveloperSettings(store.households.get(user.household_id)!, 'webhooks');
  const id = input.id ?? store.newId();
  return store.webhooks.insert({
    id,
    user_id: user.id,
    url: input.url ?? `https://webhooks.ledger.test/${id}`,
    active: input.active ?? true,
    created_at: input.createdAt ?? store.nowIso(),
  });
}

/** Stops a subscription from receiving events; it stays listed. */
export async function deactivateWebhook(store: LedgerStore, webhookId: string): Promise<WebhookRecord> {
  if (!store.webhooks.get(webhookId))
    throw new MockControlError(404, 'not_found', `No webhook subscription ${webhookId}`);
  return store.webhooks.update(webhookId, { active: false });
}
