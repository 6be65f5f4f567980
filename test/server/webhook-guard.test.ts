// A webhook never reaches the fake's own address and port: a subscription to http://127.0.0.1:PORT/__mock/reset
// would otherwise wipe the state on the next write (the delivery is a JSON POST with no Origin, which /__mock takes).
// Names are resolved once and every address is checked, so no spelling gets through; the connection goes to the
// address checked; redirects are never followed.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import {
  createHttpWebhookDeliverer,
  createLedgerMockServer,
  type LedgerMockServer,
  type RunningLedgerMockServer,
} from 'personal-ledger-sdk/mocks/node';
import { isOwnAddress, type ListeningAddress, type ResolvedAddress } from '../../mocks/server/webhook-delivery';
import { caller } from './state-support';

const running: RunningLedgerMockServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

// A receiver on 127.0.0.1 that records what reaches it, answering `answer` (a redirect, say).
const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let answer: { status: number; headers?: Record<string, string> } = { status: 204 };
const receiver: Server = createServer((req, res) => {
  received.push({ url: req.url!, headers: req.headers });
  req.resume().once('end', () => res.writeHead(answer.status, answer.headers).end());
});
let receiverPort: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(() => {
  received.length = 0;
  answer = { status: 204 };
});

async function listen(server: LedgerMockServer) {
  const listening = await server.listen();
  running.push(listening);
  return { listening, call: caller(listening.url) };
}

/** Subscribes Alex to each URL (his demo subscription first), writes once, and returns each delivery's outcome by URL. */
async function deliveriesOf(call: ReturnType<typeof caller>, urls: string[]) {
  for (const url of urls)
    expect((await call('POST', '/__mock/webhooks', { user_id: DEMO_IDS.users.alex, url })).status, url).toBe(201);
  const write = await call(
    'POST',
    '/api/public/v1/snapshots',
    { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance: 42 },
    DEMO_TOKENS.alex,
  );
  expect(write.status).toBe(201);
  const events = (await call('GET', '/__mock/events')).body as Array<{
    deliveries: Array<{ url: string; outcome: string; error?: string; status?: number }>;
  }>;
  return new Map(events.at(-1)!.deliveries.map((d) => [d.url, d]));
}

/** The state survived: the user made before, and the snapshot the write made (a reset would have taken both). */
async function expectUntouched(call: ReturnType<typeof caller>) {
  const state = (await call('GET', '/__mock/state')).body;
  expect(state.users.map((u: { name: string }) => u.name)).toContain('Made before');
  expect(
    state.snapshots.some(
      (s: { snapshot_date: string; balance: number }) => s.snapshot_date === '2026-11-01' && s.balance === 42,
    ),
  ).toBe(true);
}

describe("webhooks never reach the fake's own control surface", () => {
  it('every spelling of its own address and port is refused and recorded as failed with the reason; the state is untouched', async () => {
    const { listening, call } = await listen(createLedgerMockServer({ scenario: 'demo' }));
    await call('POST', '/__mock/users', { name: 'Made before' });
    const p = listening.port;
    const spellings = [
      `http://127.0.0.1:${p}/__mock/reset`,
      `http://localhost:${p}/__mock/reset`,
      `HTTP://LOCALHOST:${p}/__mock/reset`,
      `http://127.1:${p}/__mock/reset`,
      `http://0x7f.1:${p}/__mock/reset`,
      `http://2130706433:${p}/__mock/reset`,
      `http://[::ffff:127.0.0.1]:${p}/__mock/reset`,
      `http://127.0.0.1:${p}/%5F%5Fmock/reset`,
      `http://127.0.0.1:${p}/api/public/v1/snapshots`,
    ];
    const outcomes = await deliveriesOf(call, spellings);
    for (const url of spellings) {
      expect(outcomes.get(url), url).toMatchObject({
        outcome: 'failed',
        error: expect.stringContaining(
          `port ${p}, this ledger-mock's own address: a webhook never reaches the fake itself`,
        ),
      });
    }
    await expectUntouched(call);
  });

  it('on ::1, [::1] in any spelling is refused as well', async () => {
    const { listening, call } = await listen(createLedgerMockServer({ scenario: 'demo', host: '::1' }));
    await call('POST', '/__mock/users', { name: 'Made before' });
    // (localhost is left out: whether it resolves to ::1 at all depends on the machine's /etc/hosts.)
    const urls = [
      `http://[::1]:${listening.port}/__mock/reset`,
      `http://[0:0:0:0:0:0:0:1]:${listening.port}/__mock/reset`,
      `http://[0::1]:${listening.port}/__mock/reset`,
    ];
    const outcomes = await deliveriesOf(call, urls);
    for (const url of urls)
      expect(outcomes.get(url), url).toMatchObject({
        outcome: 'failed',
        error: expect.stringContaining("this ledger-mock's own address"),
      });
    await expectUntouched(call);
  });

  it('--allow-remote-webhooks does not lift it', async () => {
    const { listening, call } = await listen(createLedgerMockServer({ scenario: 'demo', allowRemoteWebhooks: true }));
    await call('POST', '/__mock/users', { name: 'Made before' });
    const url = `http://localhost:${listening.port}/__mock/reset`;
    expect((await deliveriesOf(call, [url])).get(url)).toMatchObject({
      outcome: 'failed',
      error: expect.stringContaining('own address'),
    });
    await expectUntouched(call);
  });

  it('a name that resolves to the server (as one in /etc/hosts would) is refused by its address, not trusted by its name', async () => {
    let own: ListeningAddress | undefined;
    const hosts: Record<string, ResolvedAddress[]> = {
      'ledger-mock.internal': [{ address: '127.0.0.1', family: 4 }],
      'two-faced.internal': [
        { address: '127.0.0.9', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ], // one of its addresses is enough
      'hooks.internal': [{ address: '127.0.0.1', family: 4 }], // the receiver's port: delivered, to the address checked
      'far-away.internal': [{ address: '192.0.2.1', family: 4 }], // TEST-NET-1: refused before any connection
    };
    const deliverWebhook = createHttpWebhookDeliverer({
      ownAddress: () => own,
      resolve: async (name) => hosts[name] ?? [],
    });
    const mock = createLedgerMock({ scenario: 'demo', deliverWebhook });
    const { listening, call } = await listen(createLedgerMockServer({ mock }));
    own = { address: '127.0.0.1', port: listening.port };
    await call('POST', '/__mock/users', { name: 'Made before' });
    const p = listening.port;
    const urls = [
      `http://ledger-mock.internal:${p}/__mock/reset`,
      `http://two-faced.internal:${p}/__mock/reset`,
      `http://hooks.internal:${receiverPort}/hook`,
      `http://far-away.internal:${p}/hook`,
    ];
    const outcomes = await deliveriesOf(call, urls);
    expect(outcomes.get(urls[0]!)).toMatchObject({
      outcome: 'failed',
      error: expect.stringContaining(`ledger-mock.internal (127.0.0.1) port ${p}, this ledger-mock's own address`),
    });
    expect(outcomes.get(urls[1]!)).toMatchObject({ outcome: 'failed', error: expect.stringContaining('own address') });
    expect(outcomes.get(urls[2]!)).toMatchObject({ outcome: 'delivered', status: 204 });
    expect(outcomes.get(urls[3]!)).toMatchObject({
      outcome: 'failed',
      error: expect.stringContaining('far-away.internal (192.0.2.1) is not a loopback address'),
    });
    expect(received.map((r) => [r.url, r.headers.host])).toEqual([['/hook', `hooks.internal:${receiverPort}`]]); // the name kept, the address used
    await expectUntouched(call);
  });

  it('a redirect is not followed, even to the control surface: recorded as failed with the 3xx', async () => {
    const { listening, call } = await listen(createLedgerMockServer({ scenario: 'demo' }));
    await call('POST', '/__mock/users', { name: 'Made before' });
    answer = { status: 307, headers: { location: `http://127.0.0.1:${listening.port}/__mock/reset` } };
    const url = `http://127.0.0.1:${receiverPort}/bounce`;
    expect((await deliveriesOf(call, [url])).get(url)).toMatchObject({
      outcome: 'failed',
      status: 307,
      error: 'HTTP 307 (redirects are not followed)',
    });
    expect(received).toHaveLength(1);
    await expectUntouched(call);
  });
});

describe('own address and port, as the rule sees them', () => {
  it('bound to one address: that address (in any spelling) on that port only', () => {
    const own = { address: '127.0.0.1', port: 4010 };
    expect(isOwnAddress('127.0.0.1', 4010, own)).toBe(true);
    expect(isOwnAddress('::ffff:7f00:1', 4010, own)).toBe(true);
    expect(isOwnAddress('127.0.0.1', 4011, own)).toBe(false);
    expect(isOwnAddress('127.0.0.2', 4010, own)).toBe(false); // nothing listens there
    expect(isOwnAddress('0:0:0:0:0:0:0:1', 4010, { address: '::1', port: 4010 })).toBe(true);
  });

  it('bound to every address (0.0.0.0, ::): any loopback address, the wildcard itself, and each interface address of this machine', () => {
    const own = { address: '0.0.0.0', port: 4010 };
    const interfaces = Object.values(networkInterfaces()).flatMap(
      (entries) => entries?.map((entry) => entry.address) ?? [],
    );
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '0.0.0.0', '::', ...interfaces])
      expect(isOwnAddress(address, 4010, own), address).toBe(true);
    expect(isOwnAddress('192.0.2.1', 4010, own)).toBe(false);
    expect(isOwnAddress('127.0.0.1', 4011, own)).toBe(false);
    expect(isOwnAddress('127.0.0.1', 4010, { address: '::', port: 4010 })).toBe(true);
  });
});
