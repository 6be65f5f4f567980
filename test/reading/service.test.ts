// The way to a service for a reader holding the user's token (reading/service.ts): the token goes only to the base
// URL given, over https or plain http to this machine, only with GET, never after a redirect; a busy answer is
// waited out; requests are paced. Read off the wire of servers on 127.0.0.1.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BaseUrlError, checkedBaseUrl, serviceGet } from '../../reading/service';

const TOKEN = `plk_${'S'.repeat(40)}`;
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server on 127.0.0.1 answering each request with `answer(n)` (n counts from 0), recording what it saw. */
async function serve(
  answer: (n: number) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const { status, headers, body } = answer(seen.length);
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body ?? '{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('the base URL the token may go to', () => {
  it('https anywhere, plain http only to a loopback address; no query or fragment; the trailing slash dropped', () => {
    expect(checkedBaseUrl('https://ledger.example.com/')).toBe('https://ledger.example.com');
    for (const local of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010'])
      expect(checkedBaseUrl(local)).toBe(local);
    expect(() => checkedBaseUrl('http://192.0.2.1')).toThrow(
      new BaseUrlError(
        'http://192.0.2.1 is plain http to another machine: the token would travel unencrypted. Use https',
      ),
    );
    expect(() => checkedBaseUrl('ftp://ledger.example.com')).toThrow(/is not an http\(s\) URL/);
    expect(() => checkedBaseUrl('https://ledger.example.com?x=1')).toThrow(/takes no query or fragment/);
    expect(() => checkedBaseUrl('ledger.example.com')).toThrow(/is not a URL/);
    expect(() => serviceGet({ baseUrl: 'http://192.0.2.1', token: TOKEN })).toThrow(BaseUrlError);
  });
});

describe('serviceGet', () => {
  it('sends GET with the token in the Authorization header only, asking for JSON', async () => {
    const service = await serve(() => ({ status: 200, body: '{"user_id":"u"}' }));
    const answer = await serviceGet({ baseUrl: service.url, token: TOKEN, rate: Number.POSITIVE_INFINITY })(
      '/api/public/v1/me',
      'a=1',
    );
    expect(answer).toMatchObject({
      status: 200,
      json: { user_id: 'u' },
      request: { method: 'GET', path: '/api/public/v1/me', query: 'a=1' },
    });
    expect(service.seen).toMatchObject([
      {
        method: 'GET',
        url: '/api/public/v1/me?a=1',
        headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
      },
    ]);
  });

  it('never follows a redirect: the token does not reach where it points', async () => {
    const elsewhere = await serve(() => ({ status: 200 }));
    const service = await serve(() => ({ status: 302, headers: { location: `${elsewhere.url}/api/public/v1/me` } }));
    const answer = await serviceGet({ baseUrl: service.url, token: TOKEN, rate: Number.POSITIVE_INFINITY })(
      '/api/public/v1/me',
    );
    expect(answer.status).toBe(302);
    expect(elsewhere.seen).toEqual([]);
  });

  it('waits out a 429 or 503 (its Retry-After) and sends again, at most twice', async () => {
    const busy = await serve((n) => (n < 1 ? { status: 429, headers: { 'retry-after': '0' } } : { status: 200 }));
    expect(
      (await serviceGet({ baseUrl: busy.url, token: TOKEN, rate: Number.POSITIVE_INFINITY })('/api/public/v1/me'))
        .status,
    ).toBe(200);
    expect(busy.seen.length).toBe(2);
    const down = await serve(() => ({ status: 503, headers: { 'retry-after': '0' } }));
    const answer = await serviceGet({ baseUrl: down.url, token: TOKEN, rate: Number.POSITIVE_INFINITY })(
      '/api/public/v1/me',
    );
    expect([answer.status, answer.retries, down.seen.length]).toEqual([503, 2, 3]);
  });

  it('paces request starts: five at 20 a second take at least 200 ms', async () => {
    const service = await serve(() => ({ status: 200 }));
    const get = serviceGet({ baseUrl: service.url, token: TOKEN, rate: 20 });
    const started = performance.now();
    for (let i = 0; i < 5; i++) await get('/api/public/v1/me');
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });

  it('a service that does not answer is an answer with the failure, the token not in it', async () => {
    const service = await serve(() => ({ status: 200 }));
    const port = new URL(service.url).port;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const answer = await serviceGet({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN })('/api/public/v1/me');
    expect(answer.status).toBe(0);
    expect(answer.failure).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(answer)).not.toContain(TOKEN);
  });
});
