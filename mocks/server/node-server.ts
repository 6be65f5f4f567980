// The node:http side of the standalone server: each request becomes a fetch Request answered by
// the fake's own MSW handlers (msw getResponse) or the /__mock control routes, and the Response
// is written back. Loaded lazily, so the mocks entry stays free of node:http for browser bundles.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
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
  const target = new URL(req.url ?? '/', 'http://ledger-mock.invalid'); // also reduces absolute-form URLs to a path
  const isControl = target.pathname === CONTROL_PREFIX || target.pathname.startsWith(`${CONTROL_PREFIX}/`);
  const sendsBody = method !== 'GET' && method !== 'HEAD' && (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0);
  const body = sendsBody ? new RequestBody(req, options.bodyIdleTimeoutMs) : undefined;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      // a header fetch refuses; the fake never reads such headers
    }
  }
  const url = (isControl ? CONTROL_ORIGIN : options.mock.baseUrl) + target.pathname + target.search;
  const request = new Request(url, { method, headers, ...(body ? { body: body.stream, duplex: 'half' } : {}) } as RequestInit);

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

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (response.type === 'error') {
    req.socket.destroy(); // an injected network error: the client sees the connection drop
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body && req.method !== 'HEAD') {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
      if (res.destroyed) return void reader.cancel();
    }
  }
  res.end();
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
