// Which names a request to ledger-mock may be addressed to (its Host header). A web page can make the browser send
// requests to 127.0.0.1 under a name of its own (DNS rebinding: evil.example first resolves to the attacker's
// server, then to 127.0.0.1), and the browser then treats the fake as the page's own origin, free to read and
// write. The Host header still says evil.example, so names the server does not know are refused, as
// webpack-dev-server's `allowedHosts` and Vite's `server.allowedHosts` do.
import { jsonReply, type MockRequest, type MockResponse } from '../core/messages';

/** Where a server listens, and the names it answers to besides its own. */
export interface HostPolicy {
  /** The address bound, as the server reports it (`127.0.0.1`, `::1`, `0.0.0.0`). */
  address: string;
  port: number;
  /** Names (or addresses) also accepted: `--allowed-hosts`. */
  allowedHosts: readonly string[];
}

/**
 * The Host check: accepted are the bound address, `localhost`, loopback literals (127.0.0.0/8, `[::1]`) and
 * `allowedHosts`, each with or without a port (a port forward may change it); anything else is 403
 * `host_not_allowed`. A request without Host (HTTP/1.0) passes: browsers always send one, and a DNS-rebinding page
 * cannot make it anything but its own name, while a client that sends none could send any.
 */
export function hostCheck(policy: HostPolicy): (request: MockRequest) => MockResponse | undefined {
  const names = new Set([
    'localhost',
    '127.0.0.1',
    '[::1]',
    hostName(policy.address),
    ...policy.allowedHosts.map(normalizeHostName),
  ]);
  // Host headers as clients usually send them, precomputed: one Set lookup for nearly every request.
  const exact = new Set<string>();
  for (const name of names) exact.add(name).add(`${name}:${policy.port}`);
  return ({ headers }) => {
    const host = headers.host;
    if (host === undefined || exact.has(host)) return undefined;
    const name = hostNameOfHeader(host);
    if (names.has(name) || isLoopbackLiteral(name)) return undefined;
    return refusal(host);
  };
}

/** Why a name cannot be an allowed host (`--allowed-hosts`), or `undefined`: a host name or an IP address, without scheme, port or path. */
export function allowedHostProblem(name: string): string | undefined {
  const text = name.trim();
  if (text === '') return 'is empty';
  if (text.includes('/') || /\s/.test(text))
    return `"${text}" must be a host name or an address alone (no scheme, path or spaces)`;
  const bare = text.replace(/^\[|\]$/g, '');
  if (bare.includes(':') && !isIpv6(bare)) return `"${text}" must be a host name or an address alone (no port)`;
  if (!bare.includes(':') && !/^[A-Za-z0-9.-]+$/.test(bare)) return `"${text}" is not a host name`;
  return undefined;
}

function isIpv6(text: string): boolean {
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

/** A name as the check compares it: lower case, an IPv6 address in brackets, no trailing dot. */
export function normalizeHostName(name: string): string {
  return hostName(name.trim().toLowerCase().replace(/\.$/, ''));
}

/** The name of a server address as a Host header writes it: an IPv6 address in brackets. */
function hostName(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

/** `Name:port` -> `name`; `[::1]:4010` -> `[::1]`. */
function hostNameOfHeader(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    return end < 0 ? lower : lower.slice(0, end + 1);
  }
  const colon = lower.indexOf(':');
  return (colon < 0 ? lower : lower.slice(0, colon)).replace(/\.$/, '');
}

const LOOPBACK_V4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** 127.0.0.0/8 in dotted decimal, `[::1]`, and IPv4-mapped 127.x, as a URL parser writes them. */
export function isLoopbackLiteral(name: string): boolean {
  const v4 = LOOPBACK_V4.exec(name.startsWith('[::ffff:') ? name.slice(8, -1) : name);
  if (v4) return v4.slice(1).every((octet) => Number(octet) <= 255);
  return name === '[::1]' || name === '[0:0:0:0:0:0:0:1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name);
}

function refusal(host: string): MockResponse {
  const shown = host.length > 100 ? `${host.slice(0, 100)}…` : host;
  return jsonReply(403, {
    error:
      `Host ${shown} is not allowed: ledger-mock answers requests addressed to its own address, localhost or a loopback ` +
      'address (a page under another name could be DNS rebinding). To allow a name, start it with --allowed-hosts <name> ' +
      '(allowedHosts in createLedgerMockServer).',
    code: 'host_not_allowed',
  });
}
