// The way to a service for a reader that holds the user's token: the base URL rule (the token travels only to the
// URL given, over https, or plain http to this machine), and a GET-only, paced transport that never follows a
// redirect (so the token never goes anywhere else) and waits out a busy service.
import { basePath } from '../src/shared/base-path';
import { parseRetryAfter } from '../src/shared/retry-after';
import { describeFailure, failedAnswer, readAnswer, type Answer } from './answer';
import type { ReadGet } from './inventory';
import { Pacer } from './pacer';

/** A base URL the token must not be sent to, and why. */
export class BaseUrlError extends Error {
  override readonly name = 'BaseUrlError';
}

/**
 * The base URL as requests use it (no trailing slash, and no trailing /api/public/v1: the paths sent start with it, as
 * for the client), or throws BaseUrlError: it must be http(s), https unless the host is a loopback address (the token
 * would travel unencrypted), with no query or fragment.
 */
export function checkedBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new BaseUrlError(`${baseUrl} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new BaseUrlError(`${baseUrl} is not an http(s) URL`);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new BaseUrlError(
      `${baseUrl} is plain http to another machine: the token would travel unencrypted. Use https`,
    );
  }
  if (url.search !== '' || url.hash !== '') throw new BaseUrlError('the base URL takes no query or fragment');
  url.pathname = basePath(url.pathname);
  return url.href.replace(/\/+$/, '');
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Options of serviceGet. */
export interface ServiceGetOptions {
  /** The service (a trailing /api/public/v1 is dropped); checked with checkedBaseUrl. */
  baseUrl: string;
  /** The API token, sent only in the Authorization header of GET requests to `baseUrl`. */
  token: string;
  /** At most this many requests a second. @default 5 */
  rate?: number;
  /** Time-out of one request, in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** Aborting it fails the requests not yet answered. */
  signal?: AbortSignal;
  /** The transport. @default globalThis.fetch */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/** A 429 or 503 is waited out (its Retry-After, at most this long) and sent again, at most twice. */
const MAX_BUSY_WAIT_MS = 30_000;
const BUSY_RETRIES = 2;

/** A reader's GET to one service: paced, with the token, never redirected, a busy answer waited out. Throws BaseUrlError. */
export function serviceGet(options: ServiceGetOptions): ReadGet {
  const baseUrl = checkedBaseUrl(options.baseUrl);
  const pacer = new Pacer(options.rate ?? 5);
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const headers = { accept: 'application/json', authorization: `Bearer ${options.token}` };
  return async (path, query = '') => {
    const request = { method: 'GET', path, query };
    const url = `${baseUrl}${path}${query === '' ? '' : `?${query}`}`;
    for (let retries = 0; ; retries++) {
      await pacer.wait();
      let answer: Answer;
      try {
        const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
        const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
        answer = await readAnswer(
          request,
          await send(url, { method: 'GET', headers, redirect: 'manual', signal }),
          retries,
        );
      } catch (error) {
        answer = failedAnswer(request, redact(describeFailure(error), options.token), retries);
      }
      if ((answer.status !== 429 && answer.status !== 503) || retries === BUSY_RETRIES || options.signal?.aborted)
        return answer;
      const wait = parseRetryAfter(answer.headers['retry-after']) ?? 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, MAX_BUSY_WAIT_MS)));
    }
  };
}

function redact(text: string, token: string): string {
  return token === '' ? text : text.split(token).join('<token>');
}
