// The parity kit's test bench: ledger-mock as another process (the target), a recording proxy on 127.0.0.1 in
// front of it that can change one thing at a time, and the CLI as a process.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCli, within, type CliRun } from '../server/support';
import { binPath } from '../support/bins';
import { ROOT } from '../support/root';
import { parityScenario, TOKEN } from '../../scripts/parity-scenario';

export { parityScenario, RECORDING_FILE, SCRATCH, TOKEN } from '../../scripts/parity-scenario';

/** A running ledger-mock process. */
export interface Upstream {
  url: string;
  /** Calls its control API (never through the proxy). */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts `ledger-mock --port 0 --scenario <parity scenario>` as another process. */
export async function startLedgerMock(): Promise<Upstream> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-parity-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, JSON.stringify(parityScenario()));
  const run: CliRun = runCli(['--port', '0', '--scenario', file]);
  const line = await within(run.firstLine, 60_000, 'ledger-mock to listen');
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)![0];
  return {
    url,
    control: async (method, path, body) => {
      const response = await fetch(`${url}/__mock${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await response.json()) as unknown;
      if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    },
    stop: async () => {
      run.child.kill('SIGTERM');
      await within(run.exited, 15_000, 'ledger-mock to stop').catch(() => run.kill());
    },
  };
}

/** A request as the proxy saw it. */
export interface Exchange {
  method: string;
  path: string;
  /** Without `?`. */
  query: string;
  headers: Record<string, string>;
  /** The body as UTF-8 text; a divergence may replace it. */
  body: string;
  /** The body's bytes as received (sent on unless `body` was replaced). */
  bytes: Buffer;
}

/** An answer as the proxy passes it on. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One change a proxy makes: to a request (or answering it itself), and to an answer. */
export interface Divergence {
  request?(exchange: Exchange): Exchange | Reply;
  response?(exchange: Exchange, reply: Reply): Reply;
}

/** A recording proxy in front of an upstream. */
export interface Proxy {
  url: string;
  /** Every request it received, in order. */
  readonly seen: Exchange[];
  /** The change it makes now (none by default). */
  divergence: Divergence;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * ledger-mock (another process) behind a recording proxy, for the current test file: started before its tests
 * (`upstream` and `proxy` are set then) and stopped after them.
 */
export function ledgerMockBehindProxyForThisFile(): { upstream: Upstream; proxy: Proxy } {
  const served = {} as { upstream: Upstream; proxy: Proxy };
  beforeAll(async () => {
    served.upstream = await startLedgerMock();
    served.proxy = await startProxy(served.upstream.url);
  }, 90_000);
  afterAll(async () => {
    await served.proxy?.close();
    await served.upstream?.stop();
  });
  return served;
}
/** Starts a proxy on 127.0.0.1 that forwards everything to `upstream`, recording it, changed by `divergence`. */
export async function startProxy(upstream: string): Promise<Proxy> {
  const proxy: Proxy = { url: '', seen: [], divergence: {}, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const exchange = await read(req);
      proxy.seen.push(exchange);
      const changed = proxy.divergence.request ? proxy.divergence.request(exchange) : exchange;
      let reply: Reply;
      if ('status' in changed) reply = changed;
      else {
        const response = await fetch(`${upstream}${changed.path}${changed.query ? `?${changed.query}` : ''}`, {
          method: changed.method,
          headers: Object.fromEntries(Object.entries(changed.headers).filter(([name]) => !HOP_BY_HOP.has(name))),
          ...(changed.method !== 'GET' && changed.bytes.length > 0
            ? {
                body: (changed.body === exchange.body
                  ? changed.bytes
                  : Buffer.from(changed.body)) as unknown as BodyInit,
              }
            : {}),
        });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name)) headers[name] = value;
        });
        reply = { status: response.status, headers, body: await response.text() };
        if (proxy.divergence.response) reply = proxy.divergence.response(changed, reply);
      }
      res.writeHead(reply.status, { ...reply.headers, 'content-length': String(Buffer.byteLength(reply.body)) });
      res.end(reply.body);
    })().catch((error: unknown) => {
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(`proxy failure: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}

async function read(req: IncomingMessage): Promise<Exchange> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://proxy.test');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
  const bytes = Buffer.concat(chunks);
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    body: bytes.toString('utf8'),
    bytes,
  };
}

/** JSON of a reply's body. */
export function jsonOf(reply: { body: string }): Record<string, unknown> {
  return JSON.parse(reply.body) as Record<string, unknown>;
}

/** A JSON reply with a new body. */
export function withJson(reply: Reply, body: unknown, status = reply.status): Reply {
  return { ...reply, status, body: JSON.stringify(body) };
}

/** A result of running the `ledger-parity` command. */
export interface ParityCliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built `ledger-parity` as a process (`node dist/bin/ledger-parity.js`: a signal reaches the program itself),
 * with LEDGER_TOKEN and extra env; `onSpawn` gets the child process.
 */
export function runParityCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; onSpawn?: (child: ReturnType<typeof spawn>) => void } = {},
): Promise<ParityCliResult> {
  const env: Record<string, string | undefined> = { ...process.env, LEDGER_TOKEN: TOKEN, ...options.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = spawn(process.execPath, [binPath('ledger-parity'), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  options.onSpawn?.(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    }),
  );
}
