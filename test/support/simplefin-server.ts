// A fake SimpleFIN server for tests, written from the protocol (simplefin/simplefin.github.com, protocol.md):
// GET /info, POST /claim/:token (one-time), GET /accounts with Basic Auth and its parameters (start-date, end-date,
// pending, account, balances-only). It listens on 127.0.0.1 (port 0), checks the Host header, and keeps a journal of
// every request. Switches make it answer as a troubled server would: revoked (403), unpaid (402), a redirect, 5xx,
// silence, an endless answer.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface SimplefinRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  host: string;
  /** The Authorization header, if any. */
  authorization: string | undefined;
}

/** How /accounts answers (after the credentials are checked). */
export type AccountsMode =
  | { kind: 'ok' }
  /** 402 Payment Required. */
  | { kind: 'payment-required' }
  /** A 302 to `location`. */
  | { kind: 'redirect'; location: string }
  /** A 503 for the next `times` requests, then as usual. */
  | { kind: 'unavailable'; times: number }
  /** Headers, then nothing. */
  | { kind: 'silent' }
  /** A body that never ends (until the client stops reading). */
  | { kind: 'endless' }
  /** This body as is (not an Account Set, say). */
  | { kind: 'raw'; body: string };

/** A running fake. */
export interface FakeSimplefin {
  /** The server's root: `http://127.0.0.1:<port>/simplefin`. */
  root: string;
  /** The same root by the name `localhost` (another origin, for redirects to "another host"). */
  otherOrigin: string;
  /** A new one-time SimpleFIN Token (Base64 of `<root>/claim/<code>`). */
  issueToken(): string;
  /** An Access URL issued without a claim (as if claimed earlier). */
  issueAccess(): string;
  /** Revokes every Access URL issued so far: /accounts answers 403. */
  revokeAll(): void;
  /** The Account Set /accounts serves (balances and transactions), changed freely by tests. */
  accountSet: { errors: unknown[]; accounts: unknown[] };
  /** How /accounts answers. @default { kind: 'ok' } */
  mode: AccountsMode;
  /** Every request, in order. */
  journal: SimplefinRequest[];
  close(): Promise<void>;
}

/** The self-signed certificate of `{ https: true }` (trust it with NODE_EXTRA_CA_CERTS). */
export const FAKE_SIMPLEFIN_CERT = new URL('./simplefin-tls/cert.pem', import.meta.url).pathname;

/**
 * Starts a fake SimpleFIN server on 127.0.0.1.
 *
 * @param options.https serve HTTPS with the self-signed certificate FAKE_SIMPLEFIN_CERT @default false (plain HTTP)
 */
export async function startFakeSimplefin(
  accountSet: FakeSimplefin['accountSet'] = { errors: [], accounts: [] },
  options: { https?: boolean } = {},
): Promise<FakeSimplefin> {
  const scheme = options.https ? 'https' : 'http';
  const codes = new Set<string>(); // claim codes not yet claimed
  const credentials = new Map<string, boolean>(); // "user:pass" -> still valid
  let port = 0;
  const fake: FakeSimplefin = {
    root: '',
    otherOrigin: '',
    accountSet,
    mode: { kind: 'ok' },
    journal: [],
    issueToken() {
      const code = randomBytes(12).toString('hex');
      codes.add(code);
      return Buffer.from(`${fake.root}/claim/${code}`).toString('base64');
    },
    issueAccess() {
      const user = `user${randomBytes(8).toString('hex')}`;
      const password = `pw${randomBytes(16).toString('hex')}`;
      credentials.set(`${user}:${password}`, true);
      return `${scheme}://${user}:${password}@127.0.0.1:${port}/simplefin`;
    },
    revokeAll() {
      for (const key of credentials.keys()) credentials.set(key, false);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: SimplefinRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      host: req.headers.host ?? '',
      authorization: req.headers.authorization,
    };
    fake.journal.push(request);
    if (request.host !== `127.0.0.1:${port}` && request.host !== `localhost:${port}`)
      return send(res, 421, 'unknown host');
    if (req.method === 'GET' && url.pathname === '/simplefin/info') return sendJson(res, 200, { versions: ['1.0'] });
    const claim = /^\/simplefin\/claim\/([^/]+)$/.exec(url.pathname);
    if (claim && req.method === 'POST') {
      if (!codes.delete(claim[1]!)) return send(res, 403, 'Forbidden');
      return send(res, 200, fake.issueAccess());
    }
    if (req.method === 'GET' && url.pathname === '/simplefin/accounts') return accounts(req, res, url);
    return send(res, 404, 'Not found');
  };

  const accounts = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const pair = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    if (credentials.get(pair) !== true) return send(res, 403, 'Forbidden');
    const mode = fake.mode;
    if (mode.kind === 'payment-required') return send(res, 402, 'Payment Required');
    if (mode.kind === 'redirect') {
      res.writeHead(302, { location: mode.location, 'content-length': 0 });
      return res.end();
    }
    if (mode.kind === 'unavailable' && mode.times > 0) {
      mode.times -= 1;
      return send(res, 503, 'Service Unavailable');
    }
    if (mode.kind === 'silent') return res.writeHead(200, { 'content-type': 'application/json' }).flushHeaders();
    if (mode.kind === 'endless') return endless(res);
    if (mode.kind === 'raw') return send(res, 200, mode.body, 'application/json');
    return sendJson(res, 200, select(fake.accountSet, url.searchParams));
  };

  const server = options.https
    ? createTlsServer(
        {
          cert: readFileSync(FAKE_SIMPLEFIN_CERT),
          key: readFileSync(new URL('./simplefin-tls/key.pem', import.meta.url)),
        },
        handle,
      )
    : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  fake.root = `${scheme}://127.0.0.1:${port}/simplefin`;
  fake.otherOrigin = `${scheme}://localhost:${port}`;
  return fake;
}

/** The Account Set with the request's parameters applied, as the protocol defines them. */
function select(set: FakeSimplefin['accountSet'], query: URLSearchParams): unknown {
  const only = query.getAll('account');
  const start = query.has('start-date') ? Number(query.get('start-date')) : -Infinity;
  const end = query.has('end-date') ? Number(query.get('end-date')) : Infinity;
  const pending = query.get('pending') === '1';
  const accounts = set.accounts
    .filter((a) => only.length === 0 || only.includes((a as { id?: string }).id ?? ''))
    .map((a) => {
      if (typeof a !== 'object' || a === null) return a;
      const { transactions, ...rest } = a as { transactions?: Array<{ posted: number; pending?: boolean }> };
      if (query.get('balances-only') === '1' || !Array.isArray(transactions)) return rest;
      return {
        ...rest,
        transactions: transactions.filter((t) => t.posted >= start && t.posted < end && (pending || !t.pending)),
      };
    });
  return { errors: set.errors, accounts };
}

function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const more = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', more);
  };
  res.write('{"errors":[],"accounts":[');
  more();
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, JSON.stringify(body), 'application/json');
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
