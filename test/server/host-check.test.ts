// DNS rebinding: a page of evil.example whose name comes to resolve to 127.0.0.1 is, to the browser, the same origin
// as the fake, free to read and write it. Its requests still say `Host: evil.example:PORT`: ledger-mock answers only
// the names it knows (the bound address, localhost, loopback literals, --allowed-hosts), on every request.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type LedgerMockServerOptions } from 'personal-ledger-sdk/mocks/node';
import { allowedHostProblem, hostCheck, isLoopbackLiteral } from '../../mocks/control-http/host-check';
import { rawRequest } from './state-support';
import { serversForThisFile, within } from './support';

const servers = serversForThisFile();

async function start(options: LedgerMockServerOptions = {}) {
  const { server, listening } = await servers.serve(options);
  return {
    server,
    listening,
    as: (host: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
      rawRequest(listening.url, method, path, {
        headers: { host, ...headers },
        ...(body !== undefined ? { body } : {}),
      }),
  };
}

/** GET / over a raw socket as HTTP/1.0 with no Host header at all: the status line. */
function withoutHost(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.once('end', () => resolve(text.split('\r\n')[0]!));
    socket.once('error', reject);
    socket.end(`GET ${path} HTTP/1.0\r\n\r\n`);
  });
}

describe('ledger-mock answers only requests addressed to a name it knows (Host)', () => {
  it('GET /__mock/state with Host: evil.example:PORT is 403 host_not_allowed, naming --allowed-hosts, with no state in the answer', async () => {
    const { listening, as } = await start();
    const refused = await as(`evil.example:${listening.port}`, 'GET', '/__mock/state');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.stringContaining('--allowed-hosts'), code: 'host_not_allowed' });
    expect(refused.body.error).toContain(`Host evil.example:${listening.port} is not allowed`);
    expect(JSON.stringify(refused.body)).not.toContain(DEMO_IDS.users.alex);
  });

  it('POST /__mock/tokens with a foreign Host hands out no token, and the API refuses such a request even with a valid token', async () => {
    const { server, listening, as } = await start();
    const before = await server.mock.control.listTokens();
    const json = { 'content-type': 'application/json' };
    const issued = await as(
      `evil.example:${listening.port}`,
      'POST',
      '/__mock/tokens',
      json,
      JSON.stringify({ user_id: DEMO_IDS.users.alex }),
    );
    expect([issued.status, issued.body.code]).toEqual([403, 'host_not_allowed']);
    expect(await server.mock.control.listTokens()).toEqual(before);

    const me = await as(`evil.example:${listening.port}`, 'GET', '/api/public/v1/me', {
      authorization: `Bearer ${DEMO_TOKENS.alex}`,
    });
    expect([me.status, me.body.code]).toEqual([403, 'host_not_allowed']);
    const write = await as(
      'rebound.attacker.test',
      'POST',
      '/api/public/v1/snapshots',
      { ...json, authorization: `Bearer ${DEMO_TOKENS.alex}` },
      JSON.stringify({ account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance: 1 }),
    );
    expect(write.status).toBe(403);
    expect(server.mock.control.journal.entries()).toEqual([]); // refused before the API saw it
  });

  it('accepts the bound address, localhost and loopback literals, with or without a port (a port forward may change it)', async () => {
    const { listening, as } = await start();
    const port = listening.port;
    for (const host of [
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `localhost:${port}`,
      'localhost',
      'LocalHost:8080',
      'localhost.',
      `127.0.0.2:${port}`,
      '127.255.255.254',
      `[::1]:${port}`,
      '[::1]',
      '[::ffff:7f00:1]',
      '[::ffff:127.0.0.1]',
    ]) {
      const answer = await as(host, 'GET', '/__mock/clock');
      expect(answer.status, host).toBe(200);
    }
    const me = await as(`localhost:${port}`, 'GET', '/api/public/v1/me', {
      authorization: `Bearer ${DEMO_TOKENS.alex}`,
    });
    expect(me.body).toMatchObject({ user_id: DEMO_IDS.users.alex });
  });

  it.each([
    'evil.example',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    'evil.localhost.example',
    '127.1',
    '0x7f.1',
    '127.0.0.256',
    '128.0.0.1',
    '10.0.0.1',
    '[::2]',
    '[::]',
    '0.0.0.0',
    '',
  ])('refuses Host %j', async (host) => {
    const { listening, as } = await start();
    const answer = await as(`${host}:${listening.port}`, 'GET', '/__mock/clock'); // '' is a Host of a port alone
    expect([answer.status, answer.body.code]).toEqual([403, 'host_not_allowed']);
  });

  it('a request with no Host at all (HTTP/1.0) is answered: browsers always send one, and a rebinding page sends its own name', async () => {
    const { listening } = await start();
    expect(await withoutHost(listening.port, '/__mock/clock')).toBe('HTTP/1.1 200 OK');
  });

  it('allowedHosts in code adds names (any case, a trailing dot, with or without a port); others stay refused', async () => {
    const { listening, as } = await start({ allowedHosts: ['ledger.test', 'My-Laptop.Local', '192.168.1.20'] });
    for (const host of [`ledger.test:${listening.port}`, 'LEDGER.TEST', 'my-laptop.local.', '192.168.1.20:4010'])
      expect((await as(host, 'GET', '/__mock/clock')).status, host).toBe(200);
    for (const host of ['evil.example', 'sub.ledger.test', '192.168.1.21'])
      expect((await as(host, 'GET', '/__mock/clock')).status, host).toBe(403);
  });

  it('createLedgerMockServer refuses an allowed host that is a URL or carries a port', () => {
    expect(() => createLedgerMockServer({ allowedHosts: ['http://ledger.test'] })).toThrow(
      /allowedHosts "http:\/\/ledger.test" must be a host name or an address alone/,
    );
    expect(() => createLedgerMockServer({ allowedHosts: ['ledger.test:4010'] })).toThrow(/no port/);
  });
});

describe('the rule itself', () => {
  it('bound off loopback, the only other name accepted is the bound address: a LAN name or address needs allowedHosts', () => {
    const check = hostCheck({ address: '192.168.1.5', port: 4010, allowedHosts: [] });
    const host = (value: string) =>
      check({ method: 'GET', path: '/', query: '', headers: { host: value } })?.status ?? 200;
    expect(host('192.168.1.5:4010')).toBe(200);
    expect(host('localhost:4010')).toBe(200); // a name no page can take over (it never reaches a LAN-only socket anyway)
    expect(host('my-laptop.local:4010')).toBe(403);
    expect(host('192.168.1.6:4010')).toBe(403);
    const v6 = hostCheck({ address: 'fd00::5', port: 4010, allowedHosts: ['ledger.internal'] });
    expect(v6({ method: 'GET', path: '/', query: '', headers: { host: '[fd00::5]:4010' } })).toBeUndefined();
    expect(v6({ method: 'GET', path: '/', query: '', headers: { host: 'ledger.internal' } })).toBeUndefined();
  });

  it('loopback literals are 127.0.0.0/8 in dotted decimal, [::1] and IPv4-mapped 127.x, as a URL parser writes them', () => {
    for (const name of [
      '127.0.0.1',
      '127.9.8.7',
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
      '[::ffff:7f00:1]',
      '[::ffff:127.1.2.3]',
    ])
      expect(isLoopbackLiteral(name), name).toBe(true);
    for (const name of ['127.1', '127.0.0.256', '126.0.0.1', '[::2]', 'localhost', '[::ffff:a00:1]'])
      expect(isLoopbackLiteral(name), name).toBe(false);
  });

  it('an allowed host is a name or an address alone', () => {
    for (const name of ['ledger.test', 'my-laptop.local', '192.168.1.5', '[fd00::1]', 'fd00::1'])
      expect(allowedHostProblem(name), name).toBeUndefined();
    for (const name of ['', 'http://x', 'x/y', 'a b', 'ledger.test:4010', 'under_score!'])
      expect(allowedHostProblem(name), name).toBeDefined();
  });
});

describe('ledger-mock --allowed-hosts', { timeout: 90_000 }, () => {
  it('takes a comma list, repeated: each name is answered, others refused', async () => {
    const run = servers.cli([
      '--port',
      '0',
      '--base-url-print',
      '--allowed-hosts',
      'a.test, b.test',
      '--allowed-hosts',
      'c.test',
    ]);
    const url = await within(run.firstLine, 45_000, 'the URL');
    for (const host of ['a.test', 'b.test:1', 'c.test'])
      expect((await rawRequest(url, 'GET', '/__mock/clock', { headers: { host } })).status, host).toBe(200);
    const refused = await rawRequest(url, 'GET', '/__mock/clock', { headers: { host: 'd.test' } });
    expect([refused.status, refused.body.code]).toEqual([403, 'host_not_allowed']);
  });

  it('a value that is not a host name exits 2 and says why', async () => {
    const run = servers.cli(['--port', '0', '--allowed-hosts', 'http://a.test']);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(2);
    expect(run.stderr()).toMatch(
      /^ledger-mock: --allowed-hosts: "http:\/\/a.test" must be a host name or an address alone/,
    );
  });
});
