import { DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main as syncOfx } from '../../examples/sync-ofx.js';
import { main } from '../../examples/webhook-receiver.js';
import { captureIo, dataFile, type CapturedIo } from './support.js';

/** Waits until `check` passes, polling every 20 ms; fails after `timeoutMs` (a ceiling far above a busy machine's need). */
async function eventually(check: () => void, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

let receiver: { url: string; output: CapturedIo; stop(): Promise<number> };

beforeEach(async () => {
  const controller = new AbortController();
  const output = captureIo({ signal: controller.signal });
  const running = main(['--port', '0'], {}, output.io);
  await eventually(() =>
    expect(output.stdout()).toMatch(
      /Listening for ledger webhooks on http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl-C to stop\)\n/,
    ),
  );
  const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output.stdout())![1]!;
  receiver = {
    url,
    output,
    stop: () => {
      controller.abort();
      return running;
    },
  };
});

afterEach(async () => {
  expect(await receiver.stop()).toBe(0);
  expect(receiver.output.stdout()).toMatch(/Stopped\.\n$/);
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(receiver.url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(15_000),
  });

describe('webhook-receiver: prints each snapshot.upserted event and answers 204', () => {
  it('prints the event id, operation, row count and the first snapshots', async () => {
    const snapshot = (n: number) => ({
      id: `s${n}`,
      account_id: DEMO_IDS.accounts.everydayChecking,
      snapshot_date: `2026-10-0${n}`,
      balance: 1000 + n,
      is_estimated: false,
      action: 'inserted',
    });
    const event = {
      id: 'evt_1',
      type: 'snapshot.upserted',
      created_at: '2026-11-01T09:00:00.000Z',
      data: {
        operation: 'bulkUpsertSnapshots',
        user_id: 'u',
        household_id: 'h',
        snapshots: [1, 2, 3, 4, 5].map(snapshot),
      },
    };
    const response = await post(JSON.stringify(event), {
      'ledger-event': 'snapshot.upserted',
      'ledger-delivery': 'evt_1',
    });
    expect(response.status).toBe(204);
    expect(receiver.output.stdout()).toContain(
      [
        'snapshot.upserted evt_1 at 2026-11-01T09:00:00.000Z',
        '  operation bulkUpsertSnapshots, 5 rows',
        `  2026-10-01  ${DEMO_IDS.accounts.everydayChecking}        1,001.00  inserted`,
        `  2026-10-02  ${DEMO_IDS.accounts.everydayChecking}        1,002.00  inserted`,
        `  2026-10-03  ${DEMO_IDS.accounts.everydayChecking}        1,003.00  inserted`,
        '  ... and 2 more',
      ].join('\n'),
    );
  });

  it('answers 405 to anything but POST, 400 to a body that is not an event, 204 to an event type it does not know', async () => {
    expect((await fetch(receiver.url, { signal: AbortSignal.timeout(15_000) })).status).toBe(405);
    expect((await post('{not json')).status).toBe(400);
    expect((await post('[1,2]')).status).toBe(400);
    expect((await post(JSON.stringify({ id: 'evt_2', type: 'account.archived' }))).status).toBe(204);
    expect(receiver.output.stdout()).toContain('account.archived evt_2: not handled here, acknowledged');
  });
});

describe('webhook-receiver on a port in use', () => {
  it("says so and exits 1, without a stack (the port is the running receiver's)", async () => {
    const port = new URL(receiver.url).port;
    const second = captureIo();
    expect(await main(['--port', port], {}, second.io)).toBe(1);
    expect(second.stderr()).toBe(
      `Error: port ${port} on 127.0.0.1 is in use: pick another with --port, or --port 0 for a free one\n`,
    );
    expect(second.stdout()).toBe('');
  });
});

describe('webhook-receiver with the standalone fake: a snapshot write reaches it over HTTP', () => {
  let server: RunningLedgerMockServer;
  let mock: LedgerMock;
  beforeEach(async () => {
    const standalone = createLedgerMockServer({ scenario: 'demo', webhookTimeoutMs: 3000 });
    mock = standalone.mock;
    server = await standalone.listen();
  });
  afterEach(() => server.close());

  it('receives the event of the upsert sync-ofx makes against the fake as a real service', async () => {
    const subscription = await mock.control.createWebhook({ userId: DEMO_IDS.users.alex, url: receiver.url });

    const sync = captureIo();
    const code = await syncOfx(
      [dataFile('statement-v1.ofx')],
      { LEDGER_BASE_URL: server.url, LEDGER_TOKEN: DEMO_TOKENS.alex },
      sync.io,
    );
    expect(sync.stderr()).toBe('');
    expect(code).toBe(0);

    await eventually(() =>
      expect(receiver.output.stdout()).toMatch(
        new RegExp(
          [
            'snapshot\\.upserted evt_[0-9a-f-]+ at 2026-11-01T09:00:00\\.000Z',
            '  operation bulkUpsertSnapshots, 1 row',
            `  2026-10-31  ${DEMO_IDS.accounts.everydayChecking}        2,866\\.40  updated`,
          ].join('\n'),
        ),
      ),
    );
    const delivery = mock.control.events
      .list()
      .at(-1)
      ?.deliveries.find((d) => d.subscription_id === subscription.id);
    expect(delivery).toMatchObject({ outcome: 'delivered', status: 204 });
  });
});
