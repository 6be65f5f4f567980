// The node:http adapter: reads IncomingMessage into the core's plain request and writes its answer to the
// ServerResponse, whole, with its length, in one call. No fetch Request/Response and no msw on the way. It only
// translates: what is served, and to whom, is the request handler's business (control-http/front-door.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyCollector } from '../core/body';
import type { RequestHandler } from '../core/handle-request';
import { isDroppedConnection, jsonReply, type BodyReader, type MockReply, type MockRequest } from '../core/messages';
import { ApiError } from '../errors';

/** After answering before the body was read, discard at most this much of the rest, then drop the connection. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 1000;

/** The address a server bound, as node:net reports it. */
export interface BoundAddress {
  address: string;
  port: number;
  family: string;
}

export interface NodeServerOptions {
  /**
   * The handler that answers every request (a front door), made once the port is bound, from the address actually
   * bound, before any request is read.
   */
  handlerFor(bound: BoundAddress): RequestHandler;
  port: number;
  host: string;
  bodyIdleTimeoutMs: number;
}

export interface RunningNodeServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** How the server answers: its request handler (once bound) and how long a body may stay idle. */
interface Serving {
  handle: RequestHandler;
  bodyIdleTimeoutMs: number;
}

/** Never called: requests are read only after 'listening', when the real handler is set. */
const unbound: RequestHandler = () => Promise.reject(new Error('the server is not bound yet'));

/** Listens on host:port and serves the handler made by `handlerFor` until close(). */
export async function startNodeServer(options: NodeServerOptions): Promise<RunningNodeServer> {
  const serving: Serving = { handle: unbound, bodyIdleTimeoutMs: options.bodyIdleTimeoutMs };
  const server = createServer((req, res) => {
    serve(req, res, serving).catch(() => res.destroy());
  });
  // Decided as the port is bound, before the first request can be read.
  server.once('listening', () => {
    serving.handle = options.handlerFor(server.address() as AddressInfo);
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

async function serve(req: IncomingMessage, res: ServerResponse, options: Serving): Promise<void> {
  const method = req.method ?? 'GET';
  const target = targetOf(req.url ?? '/');
  if (target === undefined) {
    // node's parser lets through absolute-form targets that no URL parser reads (`http://[x/`, a port past 65535).
    const reply = jsonReply(400, { error: 'The request target is not a URL', code: 'bad_request' });
    res
      .writeHead(reply.status, {
        ...reply.headers,
        'content-length': String(Buffer.byteLength(reply.body)),
        connection: 'close',
      })
      .end(reply.body);
    return;
  }
  const { path, query } = target;
  const headers = headersOf(req.rawHeaders);
  const request: MockRequest = { method, path, query, headers };
  const sendsBody =
    method !== 'GET' &&
    method !== 'HEAD' &&
    (headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0);
  const body = sendsBody ? new NodeBody(req, headers['content-length'], options.bodyIdleTimeoutMs) : undefined;
  if (body) request.body = body;

  let reply: MockReply;
  try {
    reply = await options.handle(request);
  } catch (error) {
    reply = jsonReply(500, {
      error: `Internal error in the mock server: ${error instanceof Error ? error.message : String(error)}`,
      code: 'internal_error',
    });
  }
  if (isDroppedConnection(reply)) {
    req.socket.destroy(); // an injected network error: the client sees the connection drop
    return;
  }
  if (body && !req.complete) res.once('finish', () => linger(req, body));
  const head: string[] = [];
  for (const name in reply.headers) head.push(name, reply.headers[name]!);
  head.push('content-length', String(Buffer.byteLength(reply.body)));
  res.writeHead(reply.status, head);
  // A string body goes out with the head in one write; a Buffer would take a writev of two.
  res.end(method === 'HEAD' ? undefined : reply.body);
}

/** Header names in lower case, a repeated header joined with `, ` (as fetch's Headers would). */
function headersOf(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    const seen = headers[name];
    headers[name] = seen === undefined ? value : `${seen}, ${value}`;
  }
  return headers;
}

// A plain origin-form target (no dot segment, escape, backslash, fragment or leading '//') is one the URL
// parser returns unchanged, so it is split as is; anything else goes through the parser, which also
// reduces absolute-form targets to a path.
const PLAIN_TARGET = /^\/(?!\/)[\w\-~!$&'()*+,;=:@/]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;

/** The path and query of a request target; `undefined` when it is not a URL at all. */
function targetOf(raw: string): { path: string; query: string } | undefined {
  if (!PLAIN_TARGET.test(raw)) {
    const url = URL.parse(raw, 'http://ledger-mock.invalid');
    return url === null ? undefined : { path: url.pathname, query: url.search.slice(1) };
  }
  const mark = raw.indexOf('?');
  return mark < 0 ? { path: raw, query: '' } : { path: raw.slice(0, mark), query: raw.slice(mark + 1) };
}

/**
 * A request body read only when the core asks (after authentication): never more than the limit, and 408 when
 * the client sends nothing for `idleTimeoutMs` while it is being read.
 */
class NodeBody implements BodyReader {
  readonly declaredLength?: number;
  received?: Uint8Array;
  #release: () => void = () => {};

  constructor(
    private readonly req: IncomingMessage,
    contentLength: string | undefined,
    private readonly idleTimeoutMs: number,
  ) {
    const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
    if (Number.isFinite(declared)) this.declaredLength = declared;
  }

  read(limit: number): Promise<Uint8Array> {
    const { req, idleTimeoutMs } = this;
    return new Promise<Uint8Array>((resolve, reject) => {
      const collected = new BodyCollector(limit);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(
          () =>
            fail(
              new ApiError(408, 'request_timeout', `No request body bytes arrived for ${idleTimeoutMs} ms`).because(
                `the client sent no body bytes for ${idleTimeoutMs} ms after ${collected.size}`,
              ),
            ),
          idleTimeoutMs,
        );
      };
      const onData = (chunk: Buffer) => {
        try {
          collected.add(chunk);
          arm();
        } catch (error) {
          fail(error); // past the limit: read no more
        }
      };
      const onEnd = () =>
        settle(() => {
          this.received = collected.bytes();
          resolve(this.received);
        });
      const onGone = () => {
        if (!req.complete)
          fail(
            new ApiError(
              400,
              'incomplete_body',
              'The client closed the connection before the body was complete',
            ).because(`the client closed the connection after ${collected.size} body bytes`),
          );
      };
      const release = () => {
        clearTimeout(timer);
        req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
        req.pause();
      };
      const settle = (action: () => void) => {
        release();
        this.#release = () => {};
        action();
      };
      const fail = (error: unknown) => settle(() => reject(error));
      this.#release = release;
      req.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone);
      arm();
      req.resume();
    });
  }

  /** Stops reading (the server then discards or drops the rest). */
  detach(): void {
    this.#release();
  }
}

// Answered before the body was read (413, 408, 401...): read and drop the rest for a moment, so
// the client can finish sending and read the answer, then drop the connection if it keeps going.
function linger(req: IncomingMessage, body: NodeBody): void {
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
