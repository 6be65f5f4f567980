// SimpleFIN addresses: the Token (Base64 of a claim URL) and the Access URL (a root URL with Basic Auth credentials).
// Every message here names the host at most: a token or an Access URL is a secret and is never quoted, not even when
// it is malformed. Plain HTTP is allowed only to a loopback address (it never leaves the machine).

/** A SimpleFIN server to call: its root URL without credentials, and the Authorization header built from them. */
export interface AccessPoint {
  /** The root URL (`https://bridge.simplefin.org/simplefin`), credentials removed: safe to pass to fetch. */
  root: URL;
  /** `Basic …`, or undefined for the claim URL (no credentials). */
  authorization: string | undefined;
  /** Strings no output may show: the Access URL, its credentials and the header built from them. */
  secrets: string[];
}

/** Why an address cannot be used; the message never quotes the address. */
export class AddressError extends Error {
  override name = 'AddressError';
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** True for a host that never leaves the machine: localhost, 127.0.0.0/8 and ::1. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The protocol's checklist: HTTPS only, except plain HTTP to a loopback address (tests, a bridge on this machine). */
export function checkTransport(url: URL, what: string): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return;
  if (url.protocol === 'http:')
    throw new AddressError(
      `${what} uses plain HTTP to ${url.host}: SimpleFIN is spoken over HTTPS only (plain HTTP only to this machine, 127.0.0.1 or localhost)`,
    );
  throw new AddressError(`${what} is not an https:// URL`);
}

/** Decodes a SimpleFIN Token to its claim URL. Throws AddressError (never quoting the token). */
export function claimUrlOf(token: string): URL {
  const text = token.replace(/\s+/g, ''); // a token pasted across lines
  if (/^https?:\/\//i.test(text)) {
    throw new AddressError(
      'this is a URL, not a SimpleFIN Token (the Base64 text the Bridge gives you). If it has a user:password@ part it is already an Access URL: save it in a file yourself and pass --access-file',
    );
  }
  if (!BASE64.test(text))
    throw new AddressError(
      'this is not a SimpleFIN Token: a token is Base64 text (letters, digits, +, /, =), as the Bridge shows it',
    );
  const decoded = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  let url: URL;
  try {
    url = new URL(decoded);
  } catch {
    throw new AddressError('this is not a SimpleFIN Token: its Base64 text does not decode to a URL');
  }
  if (url.username !== '' || url.password !== '')
    throw new AddressError('this token decodes to a URL with credentials in it: it is not a claim URL');
  checkTransport(url, "the token's claim URL");
  return url;
}

/**
 * Reads an Access URL (`https://user:password@host/path`). Throws AddressError naming what is wrong and, once the
 * URL is readable, its host at most; `where` says where it came from (`SIMPLEFIN_ACCESS_URL`, the file's name).
 */
export function accessPointOf(text: string, where: string): AccessPoint {
  const value = text.trim();
  const what = 'the Access URL that `ledger-sync simplefin claim` stores';
  // `user:pw@host` would parse as a URL of the scheme `user:`: an Access URL starts with its scheme and `//`.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    throw new AddressError(`${where} does not hold a URL: it does not start with https:// (${what}); value not shown`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AddressError(`${where} does not hold a URL (${what}); value not shown`);
  }
  if (url.username === '' || url.password === '')
    throw new AddressError(
      `${where} holds a URL without user:password@ credentials: it is not a SimpleFIN Access URL (value not shown)`,
    );
  checkTransport(url, `the Access URL in ${where}`);
  const user = safeDecode(url.username);
  const password = safeDecode(url.password);
  const authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
  const root = new URL(url.href);
  root.username = '';
  root.password = '';
  root.hash = '';
  root.search = '';
  return { root, authorization, secrets: secretsOf(value, url, user, password, authorization) };
}

/** A claim URL as an access point without credentials. */
export function openPoint(url: URL): AccessPoint {
  // The claim URL's last segment is a one-time secret until it is claimed.
  return {
    root: url,
    authorization: undefined,
    secrets: [url.href, url.pathname.split('/').pop() ?? ''].filter((s) => s.length >= 6),
  };
}

/** `root` + `/accounts`: the resource beneath the root, whatever the root's trailing slash. */
export function resource(root: URL, name: string): URL {
  const url = new URL(root.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${name}`;
  return url;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function secretsOf(value: string, url: URL, user: string, password: string, authorization: string): string[] {
  const parts = [
    value,
    url.href,
    `${url.username}:${url.password}`,
    `${user}:${password}`,
    password,
    url.password,
    authorization.slice('Basic '.length),
  ];
  // A user name alone is a secret too, unless it is too short to redact without blanking ordinary words.
  if (user.length >= 6) parts.push(user, url.username);
  return [...new Set(parts.filter((p) => p.length >= 4))].sort((a, b) => b.length - a.length);
}
