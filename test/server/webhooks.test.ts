import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { isLoopbackIp } from '../../mocks/server/webhook-delivery';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A webhook receiver on 127.0.0.1: answers `receiverStatus` at once, or, while `receiverHolds`, not until the test
// is over (a receiver slower than any timeout, whatever the machine's speed).
const received: Received[] = [];
let receiverStatus = 204;
let receiverHolds = false;
const held: Array<() => void> = [];
const receiver: Server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    const answer = () => void res.writeHead(receiverStatus).end();
    if (receiverHolds) held.push(answer);
    else answer();
  });
});
let hookUrl: string;

const server = createLedgerMockServer({ scenario: 'demo', webhookTimeoutMs: 1500, version: '9.9.9' });
let running: RunningLedgerMockServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/ledger`;
  running = await server.listen();
});
afterAll(async () => {
  await running.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(async () => {
  received.length = 0;
  receiverStatus = 204;
  receiverHolds = false;
  held.splice(0).forEach((answer) => {
    answer();
  });
  await server.mock.control.reset();
});

async function subscribe(url: string, userId: string = DEMO_IDS.users.alex) {
  const res = await fetch(`${running.url}/__mock/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, url }),
  });
  return (await res.json()) as { id: string };
}

async function write(balance: number) {
  const res = await fetch(`${running.url}/api/public/v1/snapshots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_TOKENS.alex}`, 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance }),
  });
  return (await res.json()) as { webhooks_attempted: number };
}

async function lastEvent() {
  const events = (await (await fetch(`${running.url}/__mock/events`)).json()) as Array<{
    event: { id: string; type: string };
    deliveries: Array<{ subscription_id: string; url: string; outcome: string; status?: number; error?: string }>;
  }>;
  return events.at(-1)!;
}

describe('webhook delivery in server mode (spec-gaps 26)', () => {
  it('POSTs the event to a loopback receiver with Content-Type, Ledger-Event, Ledger-Delivery and User-Agent; records delivered + status', async () => {
    const subscription = await subscribe(hookUrl);
    const result = await write(10);
    // The demo's own subscription (https://hooks.example.test/ledger) is attempted too, and refused.
    expect(result.webhooks_attempted).toBe(2);

    expect(received).toHaveLength(1);
    const [hit] = received;
    const entry = await lastEvent();
    expect(hit).toMatchObject({ method: 'POST', url: '/hooks/ledger' });
    expect(hit!.headers).toMatchObject({
      'content-type': 'application/json',
      'ledger-event': 'snapshot.upserted',
      'ledger-delivery': entry.event.id,
      'user-agent': 'ledger-mock/9.9.9',
    });
    expect(JSON.parse(hit!.body)).toEqual(entry.event);

    expect(entry.deliveries).toEqual([
      {
        subscription_id: DEMO_IDS.webhooks.alex,
        url: 'https://hooks.example.test/ledger',
        outcome: 'failed',
        // Resolved, not judged by name: here the name does not resolve (where it did, to a non-loopback address, it is refused as that).
        error: expect.stringMatching(
          /^Not delivered: hooks\.example\.test (did not resolve|\(.*\) is not a loopback address)/,
        ),
      },
      { subscription_id: subscription.id, url: hookUrl, outcome: 'delivered', status: 204 },
    ]);
  });

  it('"webhooks_attempted" equals the active subscriptions; each gets one POST', async () => {
    await subscribe(hookUrl);
    await subscribe(hookUrl.replace('127.0.0.1', 'localhost'));
    const third = await subscribe(hookUrl);
    await fetch(`${running.url}/__mock/webhooks/${third.id}/deactivate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect((await write(11)).webhooks_attempted).toBe(3); // demo's + two active loopback ones
    expect(received).toHaveLength(2);
    expect(new Set(received.map((r) => r.headers['ledger-delivery'])).size).toBe(1);
  });

  it('a receiver answering 500 is recorded as failed with its status', async () => {
    receiverStatus = 500;
    await subscribe(hookUrl);
    await write(12);
    expect((await lastEvent()).deliveries[1]).toMatchObject({ outcome: 'failed', status: 500, error: 'HTTP 500' });
  });

  it('a receiver slower than the timeout is recorded as failed: timed out', async () => {
    receiverHolds = true;
    await subscribe(hookUrl);
    await write(13);
    expect(held).toHaveLength(1); // the write was answered while the receiver still had not: it did not wait for it
    expect((await lastEvent()).deliveries[1]).toMatchObject({ outcome: 'failed', error: 'Timed out after 1500 ms' });
  });

  it('a refused connection is recorded as failed with the reason', async () => {
    // Port 1 (tcpmux): privileged and unused, so nothing listens there; a port found free a moment before could be
    // taken by another process by the time the delivery connects.
    await subscribe('http://127.0.0.1:1/gone');
    await write(14);
    expect((await lastEvent()).deliveries[1]).toMatchObject({
      outcome: 'failed',
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('only loopback addresses are allowed by default (judged by address, after resolving the name)', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:7f00:1', '::ffff:127.0.0.1'])
      expect(isLoopbackIp(address), address).toBe(true);
    for (const address of ['10.0.0.1', '0.0.0.0', '::', '128.0.0.1', '::ffff:10.0.0.1', 'localhost', 'fe80::1'])
      expect(isLoopbackIp(address), address).toBe(false);
  });
});
