// No cross-site writes: any page can make a browser send a "simple" request to 127.0.0.1 (text/plain, a form, no
// preflight). /__mock refuses a request whose Origin is another site's (403, nothing read), and takes a change only
// as Content-Type: application/json (415 otherwise), which a page can send across origins only after a preflight
// that /__mock never grants. The API gains CORS only when asked (--cors). The same cases in real Chromium:
// test/browser/cross-site.test.ts.
import { describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type LedgerMockServerOptions } from 'personal-ledger-sdk/mocks/node';
import { rawRequest } from './state-support';
import { serversForThisFile, within } from './support';

const servers = serversForThisFile();

async function start(options: LedgerMockServerOptions = {}) {
  const { server, listening } = await servers.serve(options);
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    rawRequest(listening.url, method, path, { headers, ...(body !== undefined ? { body } : {}) });
  return { server, listening, send };
}

const EVIL = 'http://evil.example';
const JSON_TYPE = { 'content-type': 'application/json' };

describe('/__mock takes no write from another site', () => {
  it('the issue: POST /__mock/scenario with Origin: http://evil.example and text/plain is 403 origin_not_allowed and empties nothing', async () => {
    const { server, send } = await start();
    const before = await server.mock.control.dump();
    const answer = await send(
      'POST',
      '/__mock/scenario',
      { origin: EVIL, 'content-type': 'text/plain' },
      '{"name":"empty"}',
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: expect.stringContaining('from a page of http://evil.example is refused'),
      code: 'origin_not_allowed',
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(await server.mock.control.dump()).toEqual(before);
  });

  it('another Origin is refused before the body is read, whatever the method, the content type or the route (and "null" too)', async () => {
    const { server, send } = await start();
    const before = await server.mock.control.dump();
    for (const [method, path] of [
      ['POST', '/__mock/reset'],
      ['POST', '/__mock/tokens'],
      ['PUT', '/__mock/clock'],
      ['DELETE', '/__mock/faults'],
      ['GET', '/__mock/state'],
      ['OPTIONS', '/__mock/scenario'],
    ] as const) {
      for (const origin of [EVIL, 'null', 'http://127.0.0.1.evil.example', 'https://127.0.0.1']) {
        const answer = await send(method, path, { origin, ...JSON_TYPE }, '{ not even json');
        expect([answer.status, answer.body.code], `${method} ${path} from ${origin}`).toEqual([
          403,
          'origin_not_allowed',
        ]); // a 400 would mean it was read
      }
    }
    expect(await server.mock.control.dump()).toEqual(before);
  });

  it("the server's own origin (a page it served, or a tool that sends one) is answered", async () => {
    const { listening, send } = await start();
    const own = new URL(listening.url).host;
    const answer = await send(
      'POST',
      '/__mock/users',
      { origin: `http://${own}`, host: own, ...JSON_TYPE },
      '{"name":"Kim"}',
    );
    expect(answer.status).toBe(201);
    const viaLocalhost = await send('GET', '/__mock/clock', {
      origin: `http://localhost:${listening.port}`,
      host: `localhost:${listening.port}`,
    });
    expect(viaLocalhost.status).toBe(200);
  });

  it('a change without Content-Type: application/json is 415 json_required, body or not, and changes nothing (no Origin needed)', async () => {
    const { server, send } = await start();
    const made = await send('POST', '/__mock/users', JSON_TYPE, '{"name":"Before"}');
    expect(made.status).toBe(201);
    const before = await server.mock.control.dump();
    const cases: Array<[string, string, Record<string, string>, string?]> = [
      ['POST', '/__mock/scenario', { 'content-type': 'text/plain' }, '{"name":"empty"}'],
      ['POST', '/__mock/scenario', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=empty'],
      ['POST', '/__mock/scenario', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
      ['POST', '/__mock/reset', {}],
      ['POST', `/__mock/tokens/${DEMO_IDS.tokens.alex}/revoke`, {}],
      ['DELETE', '/__mock/journal', { 'content-type': 'text/plain' }],
      ['PUT', '/__mock/clock', { 'content-type': 'application/jsonx' }, '{"frozen":false}'],
    ];
    for (const [method, path, headers, body] of cases) {
      const answer = await send(method, path, headers, body);
      expect([answer.status, answer.body.code], `${method} ${path} ${JSON.stringify(headers)}`).toEqual([
        415,
        'json_required',
      ]);
    }
    expect(await server.mock.control.dump()).toEqual(before);
    // application/json with parameters, in any case, is JSON; reads need no content type.
    expect(
      (await send('POST', '/__mock/users', { 'content-type': 'Application/JSON; charset=utf-8' }, '{"name":"After"}'))
        .status,
    ).toBe(201);
    expect((await send('POST', '/__mock/reset', JSON_TYPE)).status).toBe(200);
    expect((await send('GET', '/__mock/state')).status).toBe(200);
  });

  it('OPTIONS on /__mock grants no CORS: without an Origin it is 405 and no Access-Control header is sent', async () => {
    const { send } = await start({ cors: ['http://app.test:5173'] });
    const preflight = await send('OPTIONS', '/__mock/scenario', {
      origin: 'http://app.test:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect([preflight.status, preflight.body.code]).toEqual([403, 'origin_not_allowed']); // even the origin --cors allows for the API
    expect([...preflight.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const bare = await send('OPTIONS', '/__mock/scenario');
    expect(bare.status).toBe(405);
    expect([...bare.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('in process (mock.fetch) /__mock takes the same requests: a change must be JSON; no Origin is checked (the page calling is the fake’s own)', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const plain = await mock.fetch(`${mock.baseUrl}/__mock/scenario`, { method: 'POST', body: '{"name":"empty"}' }); // fetch sends text/plain
    expect(plain.status).toBe(415);
    expect(await mock.control.listUsers()).not.toEqual([]);
    const json = await mock.fetch(`${mock.baseUrl}/__mock/users`, {
      method: 'POST',
      headers: { ...JSON_TYPE, origin: EVIL },
      body: '{"name":"Kim"}',
    });
    expect(json.status).toBe(201);
  });
});

describe('CORS on the API, only when asked (--cors)', () => {
  const APP = 'http://app.test:5173';

  it('without --cors no CORS header is sent, and a preflight is an unknown route, as before', async () => {
    const { send } = await start();
    const me = await send('GET', '/api/public/v1/me', { origin: APP, authorization: `Bearer ${DEMO_TOKENS.alex}` });
    expect(me.status).toBe(200);
    expect([...me.headers.keys()].filter((name) => name.startsWith('access-control-') || name === 'vary')).toEqual([]);
    const preflight = await send('OPTIONS', '/api/public/v1/me', {
      origin: APP,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    });
    expect([preflight.status, preflight.body.code]).toEqual([404, 'route_not_found']);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an allowed origin gets its preflight answered (methods, and headers with Authorization) and its answers carry Access-Control-Allow-Origin and Vary: Origin', async () => {
    const { server, send } = await start({ cors: [APP, 'https://other.test'] });
    const preflight = await send('OPTIONS', '/api/public/v1/snapshots', {
      origin: APP,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    });
    expect(preflight.status).toBe(204);
    expect(
      Object.fromEntries(
        [...preflight.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'),
      ),
    ).toEqual({
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET, POST, PATCH, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, User-Agent',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    expect(server.mock.control.journal.entries()).toEqual([]); // a preflight is the transport's, not a request of the API

    const write = await send(
      'POST',
      '/api/public/v1/snapshots',
      { origin: APP, authorization: `Bearer ${DEMO_TOKENS.alex}`, ...JSON_TYPE },
      JSON.stringify({ account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance: 5 }),
    );
    expect(write.status).toBe(201);
    expect(write.headers.get('access-control-allow-origin')).toBe(APP);
    expect(write.headers.get('access-control-expose-headers')).toBe(
      'Retry-After, WWW-Authenticate, Ledger-Mock-Reason',
    );
    expect(write.headers.get('vary')).toBe('Origin');
    const refused = await send('GET', '/api/public/v1/me', { origin: APP });
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([401, APP]); // a page can read why
  });

  it('a different origin gets no allowance: its preflight is an unknown route without CORS headers, its answers only Vary: Origin', async () => {
    const { send } = await start({ cors: [APP] });
    for (const origin of ['http://evil.example', 'http://app.test:5174', 'https://app.test:5173', 'null']) {
      const preflight = await send('OPTIONS', '/api/public/v1/me', { origin, 'access-control-request-method': 'GET' });
      expect([preflight.status, preflight.headers.get('access-control-allow-origin')], origin).toEqual([404, null]);
      const me = await send('GET', '/api/public/v1/me', { origin, authorization: `Bearer ${DEMO_TOKENS.alex}` });
      expect([me.headers.get('access-control-allow-origin'), me.headers.get('vary')], origin).toEqual([null, 'Origin']);
    }
  });

  it('createLedgerMockServer refuses a cors entry that is not an origin', () => {
    expect(() => createLedgerMockServer({ cors: ['http://app.test:5173/'] })).toThrow(
      /must be an origin alone, as a browser sends it: http:\/\/app.test:5173/,
    );
    expect(() => createLedgerMockServer({ cors: ['app.test'] })).toThrow(/is not a URL/);
    expect(() => createLedgerMockServer({ cors: ['ftp://app.test'] })).toThrow(/http: or https:/);
  });

  it('ledger-mock --cors (repeatable) allows those origins; a bad one exits 2', { timeout: 90_000 }, async () => {
    const run = servers.cli(['--port', '0', '--base-url-print', '--cors', APP, '--cors', 'http://localhost:3000']);
    const url = await within(run.firstLine, 45_000, 'the URL');
    for (const origin of [APP, 'http://localhost:3000']) {
      const preflight = await rawRequest(url, 'OPTIONS', '/api/public/v1/me', {
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, origin]);
    }
    const bad = servers.cli(['--port', '0', '--cors', 'http://app.test/path']);
    expect((await within(bad.exited, 45_000, 'exit')).code).toBe(2);
    expect(bad.stderr()).toMatch(/--cors "http:\/\/app.test\/path" must be an origin alone/);
  });
});
