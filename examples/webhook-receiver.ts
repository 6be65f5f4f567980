// Receives the ledger's snapshot.upserted webhooks, prints each one and answers 204: a starting point for reacting to
// balance changes. It listens on 127.0.0.1 only (for a real service, put a tunnel or reverse proxy in front and register
// its URL as a webhook in the app). Signing is not part of the published API, so it cannot verify who sent an event:
// treat events as hints and read the balances back through the API before acting on them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SnapshotUpsertedEvent } from 'personal-ledger-sdk';

type Output = { write(text: string): unknown };
const say = (out: Output, text: string) => out.write(`${text}\n`);
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 });

const USAGE = 'Usage: webhook-receiver [--port N]   (the port on 127.0.0.1; default 0: a free port, printed at start)';
const MAX_BODY_BYTES = 8 * 1024 * 1024; // an event for a 5,000-row bulk write is about 1 MB: far bigger is refused
const SHOWN = 3; // snapshots printed per event

/** Starts the receiver on 127.0.0.1:`port` (0 for a free one); its `url` is `http://127.0.0.1:<port>/`. Events go to `out`. */
export async function startWebhookReceiver(
  port: number,
  out: Output,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    handle(request, response, out).catch((error: unknown) => {
      say(out, `could not handle a request: ${(error as Error).message}`);
      if (!response.headersSent) reply(response, 500);
    });
  });
  Object.assign(server, { requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 1_000 }); // a stuck sender cannot hold on
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close };
}

async function handle(request: IncomingMessage, response: ServerResponse, out: Output): Promise<void> {
  if (request.method !== 'POST') return reply(response, 405, { allow: 'POST' });
  const body = await readBody(request);
  if (body === undefined) return reply(response, 413);
  let event: SnapshotUpsertedEvent | undefined;
  try {
    event = JSON.parse(body) as SnapshotUpsertedEvent;
  } catch {}
  if (typeof event !== 'object' || event === null || typeof event.type !== 'string') {
    say(out, `refused a request ${event === undefined ? 'whose body is not JSON' : 'that is not an event'}`);
    return reply(response, 400);
  }
  // New event types may be added to the API: accept them, so the sender does not count a failure.
  if (event.type !== 'snapshot.upserted') say(out, `${event.type} ${event.id ?? ''}: not handled here, acknowledged`);
  else say(out, describeEvent(event, request.headers['ledger-delivery']));
  reply(response, 204);
}

/** The event in a few lines: id, operation, row count and the first snapshots. */
export function describeEvent(event: SnapshotUpsertedEvent, delivery?: string | string[]): string {
  const snapshots = Array.isArray(event.data?.snapshots) ? event.data.snapshots : [];
  const lines = [
    `snapshot.upserted ${event.id} at ${event.created_at}${typeof delivery === 'string' && delivery !== event.id ? ` (delivery ${delivery})` : ''}`,
    `  operation ${event.data?.operation}, ${snapshots.length} ${snapshots.length === 1 ? 'row' : 'rows'}`,
    ...snapshots
      .slice(0, SHOWN)
      .map((s) => `  ${s.snapshot_date}  ${s.account_id}  ${money.format(s.balance).padStart(14)}  ${s.action}`),
  ];
  if (snapshots.length > SHOWN) lines.push(`  ... and ${snapshots.length - SHOWN} more`);
  return lines.join('\n');
}

/** The body as text, or undefined when it is larger than MAX_BODY_BYTES. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reply(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...headers, connection: 'close' }).end();
}

/** Runs the receiver until `io.signal` aborts (Ctrl-C). Returns the exit code: 0, 1 when it cannot listen (the port in use), 2 for bad arguments. */
export async function main(
  argv: string[],
  _env: unknown,
  io: { stdout: Output; stderr: Output; signal?: AbortSignal },
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    say(io.stdout, USAGE);
    return 0;
  }
  let port: number;
  try {
    port = Number(parseArgs({ args: argv, options: { port: { type: 'string' } } }).values.port ?? 0);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new Error('--port must be a whole number from 0 to 65535');
  } catch (error) {
    say(io.stderr, `Error: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const receiver = await startWebhookReceiver(port, io.stdout).catch(({ code, message }: NodeJS.ErrnoException) => {
    const inUse = `port ${port} on 127.0.0.1 is in use: pick another with --port, or --port 0 for a free one`;
    say(io.stderr, `Error: ${code === 'EADDRINUSE' ? inUse : `cannot listen on 127.0.0.1:${port}: ${message}`}`);
  });
  if (!receiver) return 1;
  say(io.stdout, `Listening for ledger webhooks on ${receiver.url} (Ctrl-C to stop)`);
  await new Promise<void>((resolve) =>
    io.signal?.aborted ? resolve() : io.signal?.addEventListener('abort', () => resolve(), { once: true }),
  );
  await receiver.close();
  say(io.stdout, 'Stopped.');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort()).once('SIGTERM', () => controller.abort());
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: process.stdout,
    stderr: process.stderr,
    signal: controller.signal,
  });
}
