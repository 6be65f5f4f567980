import { describe, expect, it } from 'vitest';
import {
  DEMO_IDS,
  DEMO_TOKENS,
  type DeliveryResult,
  type SnapshotUpsertedEvent,
  type WebhookRecord,
} from 'personal-ledger-sdk/mocks';
import { schemaValidator } from '../../reading/openapi-check';
import { createTestMock } from '../support/test-mock';

// The deliverer is swapped per test; the default (no deliverer) is covered in control.test.ts.
let deliver: (subscription: WebhookRecord, event: SnapshotUpsertedEvent) => Promise<DeliveryResult> = async () => ({
  ok: true,
  status: 204,
});
const delivered: Array<{ subscription: WebhookRecord; event: SnapshotUpsertedEvent }> = [];
const { call, control } = createTestMock({
  scenario: 'demo',
  deliverWebhook: (subscription, event) => {
    delivered.push({ subscription, event });
    return deliver(subscription, event);
  },
});
const alex = DEMO_TOKENS.alex;
const A = DEMO_IDS.accounts;
const write = (balance: number, account_id: string = A.everydayChecking) => ({
  account_id,
  snapshot_date: '2026-11-01',
  balance,
});
const isEvent = schemaValidator('SnapshotUpsertedEvent');

describe('webhooks (spec 6; spec-gaps 25, 26)', () => {
  it('"webhooks_attempted counts" the active subscriptions of the token\'s owner', async () => {
    expect((await call('POST', '/snapshots', { token: alex, body: write(1) })).body.webhooks_attempted).toBe(1);
    const second = await control.createWebhook({
      userId: DEMO_IDS.users.alex,
      url: 'https://second.example.test/hook',
    });
    expect((await call('POST', '/snapshots', { token: alex, body: write(2) })).body.webhooks_attempted).toBe(2);
    await control.deactivateWebhook(second.id);
    expect((await call('POST', '/snapshots', { token: alex, body: write(3) })).body.webhooks_attempted).toBe(1);
    // Sam writes to Alex's shared account: Sam's subscriptions (none) are attempted, not Alex's.
    const sam = await call('POST', '/snapshots', { token: DEMO_TOKENS.sam, body: write(4, A.jointSavings) });
    expect(sam.body.webhooks_attempted).toBe(0);
    expect(control.events.list().at(-1)!.event.data.user_id).toBe(DEMO_IDS.users.sam);
  });

  it('"The snapshot.upserted payload" (spec-gaps 25) matches openapi.json\'s SnapshotUpsertedEvent', async () => {
    control.clock.set('2026-11-03T12:00:00.000Z');
    const res = await call('POST', '/snapshots', { token: alex, body: write(42) });
    const [entry] = control.events.list();
    const event = entry!.event;
    expect(isEvent(event), JSON.stringify(isEvent.errors)).toBe(true);
    expect(event.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(event).toMatchObject({
      type: 'snapshot.upserted',
      created_at: '2026-11-03T12:00:00.000Z',
      data: {
        operation: 'upsertSnapshot',
        user_id: DEMO_IDS.users.alex,
        household_id: DEMO_IDS.household,
        snapshots: [{ ...res.body.snapshot, action: 'inserted' }],
      },
    });
  });

  it('"Emitted by ... PATCH /snapshots/{id}" with operation updateSnapshot; "Not emitted by DELETE"', async () => {
    const [target] = await control.listSnapshots({ accountId: A.everydayChecking });
    const patched = await call('PATCH', `/snapshots/${target!.id}`, { token: alex, body: { balance: 5 } });
    expect(control.events.list().map((e) => e.event.data.operation)).toEqual(['updateSnapshot']);
    expect(control.events.list()[0]!.event.data.snapshots).toEqual([{ ...patched.body, action: 'updated' }]);
    await call('DELETE', `/snapshots/${target!.id}`, { token: alex });
    expect(control.events.list()).toHaveLength(1);
  });

  it('"An event is attempted once to each active subscription"; the outcome is recorded per subscription', async () => {
    delivered.length = 0;
    const failing = await control.createWebhook({ userId: DEMO_IDS.users.alex, url: 'https://down.example.test/hook' });
    deliver = async (subscription) =>
      subscription.id === failing.id
        ? { ok: false, status: 503, error: 'Service Unavailable' }
        : { ok: true, status: 200 };
    const res = await call('POST', '/snapshots', { token: alex, body: write(1) });
    expect(res.body.webhooks_attempted).toBe(2);
    expect(delivered.map((d) => d.subscription.id).sort()).toEqual([DEMO_IDS.webhooks.alex, failing.id].sort());
    expect(new Set(delivered.map((d) => d.event.id)).size).toBe(1);
    const [entry] = control.events.list();
    expect(entry!.deliveries).toEqual([
      {
        subscription_id: DEMO_IDS.webhooks.alex,
        url: 'https://hooks.example.test/ledger',
        outcome: 'delivered',
        status: 200,
      },
      {
        subscription_id: failing.id,
        url: 'https://down.example.test/hook',
        outcome: 'failed',
        status: 503,
        error: 'Service Unavailable',
      },
    ]);
  });

  it('a deliverer that throws is recorded as failed and does not fail the write', async () => {
    deliver = async () => {
      throw new Error('connection refused');
    };
    const res = await call('POST', '/snapshots', { token: alex, body: write(1) });
    expect(res.status).toBe(201);
    expect(control.events.list()[0]!.deliveries[0]).toMatchObject({ outcome: 'failed', error: 'connection refused' });
    deliver = async () => ({ ok: true, status: 204 });
  });

  it('"Webhook registration": subscriptions have id, url, active and created_at; "creating one on the free plan is 402"', async () => {
    const created = await control.createWebhook({ userId: DEMO_IDS.users.sam });
    expect(created).toEqual({
      id: expect.any(String),
      user_id: DEMO_IDS.users.sam,
      url: expect.stringMatching(/^https:\/\//),
      active: true,
      created_at: '2026-11-01T09:00:00.000Z',
    });
    expect((await control.listWebhooks()).map((w) => w.id)).toContain(created.id);
    const solo = await control.createUser({ plan: 'free' });
    await expect(control.createWebhook({ userId: solo.id })).rejects.toMatchObject({
      name: 'MockControlError',
      status: 402,
    });
  });
});
