// The node:http side of the standalone server: each request becomes a fetch Request answered by
// the fake's own MSW handlers (msw getResponse) or the /__mock control routes, and the Response
// is written back. Loaded lazily, so the mocks entry stays free of node:http for browser bundles.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, RequestHandler } from 'msw';
import type { LedgerMock } from '../create-ledger-mock';
import { json } from '../handlers/pipeline';
import { CONTROL_PREFIX, handleControlRequest } from './control-routes';
import { RequestBody } from './request-body';

/** After answering before the body was read, discard at most this much of the rest, then drop the connection. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 1000;
const CONTROL_ORIGIN = 'http://ledger-mock.control';

export interface NodeServerOptions {
  mock: LedgerMock;
  port: number;
  host: string;
  bodyIdleTimeoutMs: number;
}

export interface RunningNodeServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port and serves the mock until close(). */
export async function startNodeServer(options: NodeServerOptions): Promise<RunningNodeServer> {
  const server = createServer((req, res) => {
    serve(req, res, options).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, options: NodeServerOptions): Promise<void> {
  const method = req.method ?? 'GET';
  const target = targetOf(req.url ?? '/');
  const isControl = target.pathname === CONTROL_PREFIX || target.pathname.startsWith(`${CONTROL_PREFIX}/`);
  const sendsBody = method !== 'GET' && method !== 'HEAD' && (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0);
  const body = sendsBody ? new RequestBody(req, options.bodyIdleTimeoutMs) : undefined;
  const url = (isControl ? CONTROL_ORIGIN : options.mock.baseUrl) + target.pathname + target.search;
  const request = toFetchRequest(url, method, req.rawHeaders, body);
  if (!isControl) skipMswLogCopy(request);

  let response: Response;
  try {
    response = isControl
      ? await handleControlRequest(options.mock.control, request)
      : ((await getResponse(options.mock.handlers, request, { baseUrl: options.mock.baseUrl })) ??
        json(404, { error: `No operation ${method} ${target.pathname}`, code: 'route_not_found' }));
  } catch (error) {
    response = json(500, { error: `Internal error in the mock server: ${error instanceof Error ? error.message : String(error)}`, code: 'internal_error' });
  }
  if (body && !req.complete) res.once('finish', () => linger(req, body));
  await writeResponse(req, res, response);
}

// A plain origin-form target (no dot segment, escape, backslash, fragment or leading '//') is one the URL
// parser returns unchanged, so it is split as is; anything else goes through the parser, which also
// reduces absolute-form targets to a path.
const PLAIN_TARGET = /^\/(?!\/)[\w\-~!$&'()*+,;=:@/]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;

function targetOf(raw: string): { pathname: string; search: string } {
  if (!PLAIN_TARGET.test(raw)) {
    const url = new URL(raw, 'http://ledger-mock.invalid');
    return { pathname: url.pathname, search: url.search };
  }
  const query = raw.indexOf('?');
  if (query < 0) return { pathname: raw, search: '' };
  return { pathname: raw.slice(0, query), search: query === raw.length - 1 ? '' : raw.slice(query) };
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (response.type === 'error') {
    req.socket.destroy(); // an injected network error: the client sees the connection drop
    return;
  }
  const head: string[] = [];
  response.headers.forEach((value, name) => head.push(name, value)); // a flat list keeps repeated headers
  if (!response.body || req.method === 'HEAD') {
    res.writeHead(response.status, head);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  // The fake's JSON bodies are whole strings and come out as one chunk: send those with a Content-Length
  // in one write. A body that keeps coming is streamed (chunked), each write waiting for the socket to drain.
  if (second.done) {
    if (!response.headers.has('content-length')) head.push('content-length', String(first.value?.byteLength ?? 0));
    res.writeHead(response.status, head);
    res.end(first.value);
    return;
  }
  res.writeHead(response.status, head);
  for (const chunk of [first.value!, second.value]) if (!(await send(res, chunk))) return void reader.cancel();
  for (let next = await reader.read(); !next.done; next = await reader.read()) if (!(await send(res, next.value))) return void reader.cancel();
  res.end();
}

/** Writes a chunk, waiting for the socket to drain when its buffer is full; false once the connection is gone. */
async function send(res: ServerResponse, chunk: Uint8Array): Promise<boolean> {
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const settle = () => (res.off('drain', settle), res.off('close', settle), resolve());
      res.on('drain', settle).on('close', settle);
    });
  }
  return !res.destroyed;
}

/** The fetch Request for an incoming request; its headers as a list of pairs, which the constructor takes fastest. */
function toFetchRequest(url: string, method: string, raw: string[], body: RequestBody | undefined): Request {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  const init = (body ? { method, headers: pairs, body: body.stream, duplex: 'half' } : { method, headers: pairs }) as RequestInit;
  try {
    return new Request(url, init);
  } catch {
    // A header fetch refuses (the fake never reads such headers): drop just that one.
    const headers = new Headers();
    for (const [name, value] of pairs) {
      try {
        headers.append(name, value);
      } catch {
        // skipped
      }
    }
    return new Request(url, { ...init, headers });
  }
}

// msw clones each request it handles, once, for its own logging; getResponse never hands the copy out.
// That clone (a second Request and AbortSignal, and for a body a tee buffering a second copy of it) was
// about a tenth of a GET /me here. msw looks the clone up in RequestHandler.cache first: registering the
// request as its own copy skips it. Where that cache is missing (another msw), msw just clones as before.
function skipMswLogCopy(request: Request): void {
  const cache = (RequestHandler as { cache?: unknown }).cache;
  if (cache instanceof WeakMap) cache.set(request, request);
}

// Answered before the body was read (413, 408, 401...): read and drop the rest for a moment, so
// the client can finish sending and read the answer, then drop the connection if it keeps going.
function linger(req: IncomingMessage, body: RequestBody): void {
  body.detach();
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > LINGER_BYTES) socket.destroy();
  });
  req.once('end', () => clearTimeout(timer));
  req.resume();
}
