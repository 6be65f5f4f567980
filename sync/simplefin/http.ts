// One bounded call to a SimpleFIN server: a timeout, a size limit on the answer (read as a stream and stopped), at
// most a couple of retries with a short backoff, and redirects never followed to another host (the credentials would
// go with them). Certificates are verified by Node's fetch, and nothing here turns that off. Messages name the host,
// never the URL.
import type { AccessPoint } from './address';

/** How long and how much. */
export interface CallLimits {
  /** Per attempt, in milliseconds. @default 60_000 */
  timeoutMs?: number;
  /** The largest answer read, in bytes. @default 16 MiB */
  maxBytes?: number;
  /** Retries after a network error or a 5xx answer; 0 for a call that must not be repeated (a claim). @default 2 */
  retries?: number;
  /** Aborted by Ctrl-C. @default undefined */
  signal?: AbortSignal;
}

/** An answer: its status and body text. */
export interface Answer {
  status: number;
  body: string;
}

/** A call that failed without an answer to act on (network, timeout, too large, redirect refused). */
export class SimplefinCallError extends Error {
  override name = 'SimplefinCallError';
}

const DEFAULTS = { timeoutMs: 60_000, maxBytes: 16 * 1024 * 1024, retries: 2 };
/** Waits before retry 1 and 2: short, so a nightly job does not hammer a struggling server. */
const BACKOFF_MS = [500, 1500];
/** Same-origin redirects followed at most this many times (a trailing slash added, say). */
const MAX_REDIRECTS = 2;

/**
 * Calls `url` (a resource under `point.root`) with `method`, sending the point's Authorization header. Retries a
 * network error or a 5xx answer (never a timeout, and never when `retries` is 0), then returns the last answer.
 */
export async function call(
  point: AccessPoint,
  url: URL,
  method: 'GET' | 'POST',
  limits: CallLimits = {},
): Promise<Answer> {
  const retries = limits.retries ?? DEFAULTS.retries;
  for (let attempt = 0; ; attempt += 1) {
    let answer: Answer;
    try {
      answer = await once(point, url, method, limits);
    } catch (error) {
      if (!(error instanceof RetryableError) || attempt >= retries)
        throw error instanceof RetryableError ? new SimplefinCallError(error.message) : error;
      await pause(BACKOFF_MS[attempt] ?? 1500, limits.signal);
      continue;
    }
    if (answer.status >= 500 && attempt < retries) {
      await pause(BACKOFF_MS[attempt] ?? 1500, limits.signal);
      continue;
    }
    return answer;
  }
}

class RetryableError extends Error {}

async function once(point: AccessPoint, start: URL, method: 'GET' | 'POST', limits: CallLimits): Promise<Answer> {
  const timeoutMs = limits.timeoutMs ?? DEFAULTS.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = limits.signal ? AbortSignal.any([timeout, limits.signal]) : timeout;
  let url = start;
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        redirect: 'manual',
        signal,
        headers: {
          accept: 'application/json, text/plain',
          ...(point.authorization ? { authorization: point.authorization } : {}),
        },
      });
    } catch (error) {
      throw failure(error, url, timeout, timeoutMs, limits.signal);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      url = nextHop(url, response.headers.get('location')!, method, hop);
      continue;
    }
    try {
      return { status: response.status, body: await readBounded(response, limits.maxBytes ?? DEFAULTS.maxBytes, url) };
    } catch (error) {
      throw error instanceof SimplefinCallError ? error : failure(error, url, timeout, timeoutMs, limits.signal);
    }
  }
}

/** Where a redirect leads, if it may be followed: same scheme, host and port, a GET, a few hops at most. */
function nextHop(from: URL, location: string, method: string, hop: number): URL {
  let to: URL | undefined;
  try {
    to = new URL(location, from);
  } catch {
    to = undefined;
  }
  const host = to ? to.host.replace(/[^\w.:[\]-]/g, '?') : 'an unreadable address';
  if (!to || to.origin !== from.origin) {
    throw new SimplefinCallError(
      `the SimpleFIN server at ${from.host} redirected to another host (${host}): not followed, so your credentials were not sent there`,
    );
  }
  if (method !== 'GET')
    throw new SimplefinCallError(
      `the SimpleFIN server at ${from.host} answered the ${method} with a redirect: not followed`,
    );
  if (hop >= MAX_REDIRECTS)
    throw new SimplefinCallError(
      `the SimpleFIN server at ${from.host} redirected more than ${MAX_REDIRECTS} times: stopped`,
    );
  return to;
}

/** The body as text, read as a stream and stopped once it passes `maxBytes`. */
async function readBounded(response: Response, maxBytes: number, url: URL): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new SimplefinCallError(
        `the SimpleFIN server at ${url.host} sent more than ${formatBytes(maxBytes)}: stopped reading (an Account Set of balances is far smaller)`,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A failed fetch as an error that names the host and the cause's code, never the URL. */
function failure(
  error: unknown,
  url: URL,
  timeout: AbortSignal,
  timeoutMs: number,
  stop: AbortSignal | undefined,
): Error {
  if (stop?.aborted) return new SimplefinCallError(`stopped before the SimpleFIN server at ${url.host} answered`);
  if (timeout.aborted)
    return new SimplefinCallError(`the SimpleFIN server at ${url.host} did not answer within ${timeoutMs / 1000} s`);
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const tls = code !== undefined && /CERT|SSL|TLS|SELF_SIGNED/i.test(code);
  const why = tls ? `its TLS certificate could not be verified (${code})` : code ? `${code}` : 'the connection failed';
  const message = `could not reach the SimpleFIN server at ${url.host}: ${why}`;
  return tls ? new SimplefinCallError(message) : new RetryableError(message); // a certificate does not fix itself in a second
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}
