// Real webhook delivery for the standalone server: one POST per event and subscription (spec-gaps 26), to
// loopback targets only unless the caller allows remote ones, and never to the server itself. A subscription's
// URL is anyone's input (POST /__mock/webhooks, a scenario), so its name is resolved once, every address it
// resolves to is checked, and the connection goes to the address checked: no trust by name (`localhost`, a name
// in /etc/hosts, `127.1`, `0x7f.1` and `[::ffff:7f00:1]` are all just 127.0.0.1), and no second lookup that
// could answer differently. Redirects are never followed.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { WebhookDeliverer } from '../rules/webhooks';

/** An address and port a server listens on. */
export interface ListeningAddress {
  address: string;
  port: number;
}

/** A resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Options of createHttpWebhookDeliverer. */
export interface HttpWebhookDelivererOptions {
  /** Also deliver to addresses other than 127.0.0.0/8 and ::1. @default false */
  allowRemote?: boolean;
  /** Limit per attempt, from sending to the response headers. @default 5000 */
  timeoutMs?: number;
  /** Sent as the User-Agent header. @default 'ledger-mock' */
  userAgent?: string;
  /**
   * The address and port of the server the events come from: a URL resolving there is refused, so a subscription
   * can never call the fake's own control surface (`/__mock/reset`...). createLedgerMockServer sets it for the
   * deliverer it makes; give it when you pass your own deliverer to a fake you serve.
   * @default none
   */
  ownAddress?: () => ListeningAddress | undefined;
  /** @internal Resolves a host name (tests give names a mapping of their own, as /etc/hosts would). @default dns.lookup, all addresses */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1, including IPv4-mapped forms (`::ffff:7f00:1`). */
export function isLoopbackIp(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A deliverer that POSTs each event as JSON with `Ledger-Event` and `Ledger-Delivery` headers and reports the
 * status (2xx is `delivered`) or why not. Never follows a redirect (a 3xx is `failed`).
 */
export function createHttpWebhookDeliverer(options: HttpWebhookDelivererOptions = {}): WebhookDeliverer {
  const timeoutMs = options.timeoutMs ?? 5000;
  const resolve = remembered(options.resolve ?? resolveAll);
  return async (subscription, event) => {
    let url: URL;
    try {
      url = new URL(subscription.url);
    } catch {
      return { ok: false, error: `Not delivered: ${subscription.url} is not a URL` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { ok: false, error: `Not delivered: ${url.protocol} URLs are not supported` };
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const family = isIP(hostname);
    const outcome =
      family !== 0
        ? { addresses: [{ address: hostname, family: family as 4 | 6 }] }
        : await settledWithin(resolve(hostname), timeoutMs);
    if ('error' in outcome) {
      const { error } = outcome;
      return {
        ok: false,
        error: `Not delivered: ${hostname} did not resolve (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    const { addresses } = outcome;
    if (addresses.length === 0) return { ok: false, error: `Not delivered: ${hostname} resolved to no address` };
    const shown = `${hostname} (${addresses.map((a) => a.address).join(', ')})`;
    if (!options.allowRemote && !addresses.every((a) => isLoopbackIp(a.address))) {
      return {
        ok: false,
        error: `Not delivered: ${shown} is not a loopback address; the mock server only delivers to 127.0.0.0/8 and ::1 unless started with --allow-remote-webhooks`,
      };
    }
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const own = options.ownAddress?.();
    if (own && addresses.some((a) => isOwnAddress(a.address, port, own))) {
      return {
        ok: false,
        error: `Not delivered: ${url.host} resolves to ${shown} port ${port}, this ledger-mock's own address: a webhook never reaches the fake itself (its /__mock could reset or rewrite it)`,
      };
    }
    try {
      const status = await post(url, addresses[0]!, event, {
        timeoutMs,
        userAgent: options.userAgent ?? 'ledger-mock',
      });
      if (status >= 200 && status < 300) return { ok: true, status };
      const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
      return { ok: false, status, error: `HTTP ${status}${redirect}` };
    } catch (error) {
      return { ok: false, error: describeError(error, timeoutMs) };
    }
  };
}

/** What a lookup came to. */
type Outcome = { addresses: ResolvedAddress[] } | { error: unknown };

/** A name's lookup, and its outcome once it has one. */
interface Lookup {
  at: number;
  pending: Promise<ResolvedAddress[]>;
  settled?: Outcome;
}

/**
 * The outcome of a lookup: at once when it has one (no timer, no promise race: a write per millisecond to a
 * remembered name costs nothing more), else within `ms` (a resolver that does not answer holds up no write longer).
 */
function settledWithin(lookup: Lookup, ms: number): Outcome | Promise<Outcome> {
  if (lookup.settled) return lookup.settled;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ error: new Error(`no answer within ${ms} ms`) }), ms);
  });
  const settled = lookup.pending.then(
    (addresses): Outcome => ({ addresses }),
    (error: unknown): Outcome => ({ error }),
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

/** How long a name's addresses (or its failure to resolve) are used again: a write per millisecond makes one lookup. */
const REMEMBER_MS = 10_000;

/**
 * `resolve`, each name's lookup kept for REMEMBER_MS (shared by the deliveries waiting for it, and its outcome kept).
 * The connection still goes to an address of the answer that was checked, so keeping it opens no gap.
 */
function remembered(resolve: (hostname: string) => Promise<ResolvedAddress[]>): (hostname: string) => Lookup {
  const lookups = new Map<string, Lookup>();
  return (hostname) => {
    const now = Date.now();
    const known = lookups.get(hostname);
    if (known && now - known.at < REMEMBER_MS) return known;
    if (lookups.size >= 256) lookups.clear(); // bounded: subscriptions are anyone's input
    const lookup: Lookup = { at: now, pending: resolve(hostname) };
    lookup.pending.then(
      (addresses) => (lookup.settled = { addresses }),
      (error: unknown) => (lookup.settled = { error }),
    );
    lookups.set(hostname, lookup);
    return lookup;
  };
}

/** Every address of a name, as the system resolves it (getaddrinfo: /etc/hosts, then DNS). */
async function resolveAll(hostname: string): Promise<ResolvedAddress[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));
}

/** True when `address:port` reaches the server listening on `own` (on a wildcard address, any local address does). */
export function isOwnAddress(address: string, port: number, own: ListeningAddress): boolean {
  if (port !== own.port) return false;
  const target = canonicalIp(address);
  const bound = canonicalIp(own.address);
  if (target === bound) return true;
  if (bound !== '0.0.0.0' && bound !== '::') return false;
  // Bound to every address: loopback, the wildcard itself (which connects to this machine) and each interface's.
  if (isLoopbackIp(target) || target === '0.0.0.0' || target === '::') return true;
  return Object.values(networkInterfaces()).some((entries) =>
    entries?.some((entry) => canonicalIp(entry.address) === target),
  );
}

/** An IP address in one spelling: IPv4-mapped IPv6 as dotted IPv4, other IPv6 as the URL parser writes it. */
function canonicalIp(address: string): string {
  const text = address.toLowerCase().replace(/%.*$/, '');
  if (isIP(text) === 4) return text;
  if (isIP(text) !== 6) return text;
  // The URL parser writes every spelling of an IPv6 address the same way (`0:0:0:0:0:0:0:1` is `::1`).
  const host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return host;
}

/** POSTs the event to `url`, connecting to the address checked (never resolving the name again); resolves with the status. */
function post(
  url: URL,
  to: ResolvedAddress,
  event: unknown,
  options: { timeoutMs: number; userAgent: string },
): Promise<number> {
  const body = JSON.stringify(event);
  const typed = event as { type: string; id: string };
  // The one address checked, whatever the socket asks for (net.connect asks for `all` when it may try several).
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [to]);
    else callback(null, to.address, to.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const request = send(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'ledger-event': typed.type,
        'ledger-delivery': typed.id,
        'user-agent': options.userAgent,
      },
      lookup,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    request.once('response', (response: IncomingMessage) => {
      response.resume(); // the receiver's body is not read
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end(body);
  });
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `Timed out after ${timeoutMs} ms`;
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${message}${cause}`;
}
