import { request as httpRequest, type IncomingMessage } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { within } from './support';

const alex = { authorization: `Bearer ${DEMO_TOKENS.alex}` };
const MiB = 1024 * 1024;
const server = createLedgerMockServer({ scenario: 'demo', bodyIdleTimeoutMs: 300 });
let running: RunningLedgerMockServer;
let api: string;

beforeAll(async () => {
  running = await server.listen();
  api = `${running.url}/api/public/v1`;
});
afterAll(() => running.close());
afterEach(async () => {
  expect(server.mock.control.journal.internalErrors()).toEqual([]);
  await server.mock.control.reset();
});

interface RawResult {
  status?: number;
  body: string;
  /** Body bytes the client managed to hand to the socket. */
  written: number;
  error?: string;
}

/**
 * Sends a body of `prefix` then spaces until the server answers, `totalBytes` are sent, or the
 * connection drops; then reads the answer. `stallAfter` stops writing (without ending) after that many bytes.
 */
function sendBody(
  path: string,
  options: { prefix: string; totalBytes: number; contentLength?: number; stallAfter?: number },
): Promise<RawResult> {
  return new Promise((resolve) => {
    const result: RawResult = { body: '', written: 0 };
    let answered = false;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      resolve(result);
    };
    const req = httpRequest(`${running.url}${path}`, {
      method: 'POST',
      headers: {
        ...alex,
        'content-type': 'application/json',
        ...(options.contentLength !== undefined ? { 'content-length': options.contentLength } : {}),
      },
    });
    req.on('response', (res: IncomingMessage) => {
      answered = true;
      result.status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (result.body += chunk));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', (error) => {
      result.error = error.message;
      finish();
    });
    req.on('close', () => setTimeout(finish, 50));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = async () => {
      req.write(options.prefix);
      result.written += options.prefix.length;
      while (!answered && !req.destroyed && result.written < options.totalBytes) {
        if (options.stallAfter !== undefined && result.written >= options.stallAfter) return; // keep the request open, send nothing
        const ok = req.write(chunk);
        result.written += chunk.length;
        if (!ok) await drained(req);
      }
      if (!answered && !req.destroyed) req.end();
    };
    void pump();
  });
}

/** Waits for 'drain' (or 'close', or 2 s), removing its listeners after. */
function drained(req: ReturnType<typeof httpRequest>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    req.once('drain', done);
    req.once('close', done);
  });
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Heap and buffers still in use after a full collection: what is kept, not garbage a collection has not reached yet. */
const heapNow = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe('ledger-mock server over HTTP', { timeout: 60_000 }, () => {
  it("answers the API with the fake's own status, headers and body", async () => {
    const me = await fetch(`${api}/me`, { headers: alex });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-type')).toBe('application/json');
    expect(await me.json()).toEqual({
      user_id: DEMO_IDS.users.alex,
      household_id: DEMO_IDS.household,
      token_id: DEMO_IDS.tokens.alex,
    });

    const anonymous = await fetch(`${api}/me`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="ledger"');
    expect(await anonymous.json()).toMatchObject({ code: 'missing_token' });

    const write = await fetch(`${api}/snapshots`, {
      method: 'POST',
      headers: { ...alex, 'content-type': 'application/json' },
      body: JSON.stringify({
        account_id: DEMO_IDS.accounts.everydayChecking,
        snapshot_date: '2026-11-01',
        balance: 12.5,
      }),
    });
    expect(write.status).toBe(201);
    expect(await write.json()).toMatchObject({ action: 'inserted', snapshot: { balance: 12.5, is_estimated: false } });
    expect(server.mock.control.journal.entries().map((e) => [e.operationId, e.status])).toEqual([
      ['getMe', 200],
      ['getMe', 401],
      ['upsertSnapshot', 201],
    ]);
  });

  it('reads node:http and writes it directly: no fetch Request or Response is made per request', async () => {
    const made = { Request: 0, Response: 0 };
    const originals = { Request: globalThis.Request, Response: globalThis.Response };
    for (const name of ['Request', 'Response'] as const) {
      (globalThis as Record<string, unknown>)[name] = new Proxy(originals[name], {
        construct(target, args, newTarget) {
          made[name] += 1;
          return Reflect.construct(target, args, newTarget) as object;
        },
      });
    }
    const statuses: number[] = [];
    try {
      for (const [method, path, body] of [
        ['GET', '/me', undefined],
        ['GET', '/accounts', undefined],
        [
          'POST',
          '/snapshots',
          JSON.stringify({ account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-03', balance: 1 }),
        ],
        ['GET', '/nope', undefined],
      ] as const) {
        statuses.push(
          await new Promise<number>((ok, fail) => {
            const req = httpRequest(
              `${api}${path}`,
              { method, headers: { ...alex, 'content-type': 'application/json' } },
              (res) => {
                res.resume().on('end', () => ok(res.statusCode!));
              },
            );
            req.on('error', fail);
            req.end(body);
          }),
        );
      }
    } finally {
      Object.assign(globalThis, originals);
    }
    expect(statuses).toEqual([200, 200, 201, 404]);
    expect(made).toEqual({ Request: 0, Response: 0 });
  });

  it('"no handler matched": 404 route_not_found JSON, inside and outside /api/public/v1', async () => {
    for (const path of ['/', '/nope', '/api/public/v2/me', '/api/public/v1/nope']) {
      const res = await fetch(`${running.url}${path}`, { headers: alex });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toMatchObject({ code: 'route_not_found' });
    }
    const wrongMethod = await fetch(`${api}/me`, { method: 'DELETE', headers: alex });
    expect(await wrongMethod.json()).toMatchObject({ code: 'route_not_found' });
  });

  it("a bad JSON body is the fake's 400 invalid_json", async () => {
    const res = await fetch(`${api}/snapshots`, { method: 'POST', headers: alex, body: '{ nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('an injected network error drops the connection (fetch rejects)', async () => {
    server.mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { networkError: true } });
    await expect(fetch(`${api}/me`, { headers: alex })).rejects.toThrow(TypeError);
    expect((await fetch(`${api}/me`, { headers: alex })).status).toBe(200);
  });

  it('a 9 MiB body with Content-Length is refused with 413 body_too_large, and memory stays bounded', async () => {
    const before = heapNow();
    for (let i = 0; i < 3; i++) {
      const result = await within(
        sendBody('/api/public/v1/snapshots/bulk', {
          prefix: '{"snapshots":[',
          totalBytes: 9 * MiB,
          contentLength: 9 * MiB,
        }),
        20_000,
        '413',
      );
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ code: 'body_too_large' });
    }
    expect(heapNow() - before).toBeLessThan(48 * MiB);
    // The connection is usable afterwards: the rest of a finite body is read and dropped.
    expect((await fetch(`${api}/me`, { headers: alex })).status).toBe(200);
  });

  it('an endless chunked body is refused with 413 after 8 MiB, and the server stops reading it', async () => {
    const before = heapNow();
    const result = await within(
      sendBody('/api/public/v1/snapshots/bulk', { prefix: '{"snapshots":[', totalBytes: 256 * MiB }),
      30_000,
      '413',
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ code: 'body_too_large' });
    // 8 MiB read, at most 16 MiB dropped afterwards, plus socket buffers: far below the 256 MiB offered.
    expect(result.written).toBeLessThan(40 * MiB);
    expect(heapNow() - before).toBeLessThan(48 * MiB);
  });

  it('a body that stalls is answered 408 request_timeout after the idle timeout', async () => {
    const started = Date.now();
    const result = await within(
      sendBody('/api/public/v1/snapshots', {
        prefix: '{"account_id":',
        totalBytes: 1000,
        contentLength: 1000,
        stallAfter: 1,
      }),
      15_000,
      '408',
    );
    expect(result.status).toBe(408);
    expect(JSON.parse(result.body)).toMatchObject({ code: 'request_timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(server.mock.control.journal.entries().at(-1)).toMatchObject({ operationId: 'upsertSnapshot', status: 408 });
  });

  it('a control route with a stalled body is answered 408 too', async () => {
    const result = await within(
      sendBody('/__mock/tokens', { prefix: '{"user_id":', totalBytes: 1000, contentLength: 1000, stallAfter: 1 }),
      15_000,
      '408',
    );
    expect(result.status).toBe(408);
  });
});
