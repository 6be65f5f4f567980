// What is compared of an answer: its status; the headers openapi.json names (Content-Type's media type,
// WWW-Authenticate exactly, Retry-After's form) and Allow (the methods a path offers, as a set); the masked body, with an error's wording left out unless the
// probe compares messages; and the problems the answer has against openapi.json.
import { REQUEST_ID_HEADERS } from '../../src/observe/call-watch';
import type { Answer } from '../../reading/answer';
import { documentProblems } from './document';
import type { Masker } from './mask';

/** One answer as compared, recorded and reported. */
export interface View {
  /** `METHOD path?query`, masked. */
  request: string;
  /** The status, or `no answer: <why>`. */
  status: number | string;
  headers: {
    'content-type'?: string;
    'www-authenticate'?: string;
    'retry-after'?: string;
    /** The methods an answer says its path offers (a 405's, an OPTIONS'), sorted. */
    allow?: string;
    'request-id'?: string;
  };
  /** The masked JSON body; `{ text }` for a body that is not JSON; absent for none. */
  body?: unknown;
  /** Where the answer breaks openapi.json (empty: it does not). */
  document: string[];
}

/** How a probe's answers are viewed. */
export interface ViewOptions {
  /** Compare the wording of `error`, `detail[].message` and `skipped[].reason` too (spec-gaps 28). @default false */
  messages?: boolean;
  /**
   * Compare which request-id header the answer carries (spec-gaps 33): the names present of those the client reads,
   * never their values (ids differ on every call). @default false
   */
  requestId?: boolean;
  /**
   * Replaces the view by what the probe compares of it: a summary of openapi.json, or one statement for each of
   * several answers the specification allows. Runs on the masked view.
   */
  adjust?(view: View): View;
}

const TEXT = '<text>';

/** The view of one answer. */
export function viewOf(answer: Answer, masker: Masker, options: ViewOptions = {}): View {
  const request = `${answer.request.method} ${masker.maskText(answer.request.path)}${answer.request.query ? `?${masker.maskText(answer.request.query)}` : ''}`;
  if (answer.failure !== undefined)
    return { request, status: `no answer: ${answer.failure}`, headers: {}, document: [] };
  const headers: View['headers'] = {};
  const contentType = answer.headers['content-type'];
  if (contentType !== undefined) headers['content-type'] = contentType.split(';')[0]!.trim().toLowerCase();
  const challenge = answer.headers['www-authenticate'];
  if (challenge !== undefined) headers['www-authenticate'] = challenge;
  const retryAfter = answer.headers['retry-after'];
  if (retryAfter !== undefined)
    headers['retry-after'] = /^\d+$/.test(retryAfter.trim())
      ? '<seconds>'
      : Number.isNaN(Date.parse(retryAfter))
        ? retryAfter
        : '<http-date>';
  const allow = answer.headers.allow;
  if (allow !== undefined)
    headers.allow = allow
      .split(',')
      .map((method) => method.trim().toUpperCase())
      .filter(Boolean)
      .sort()
      .join(', ');
  if (options.requestId)
    headers['request-id'] =
      REQUEST_ID_HEADERS.filter((name) => answer.headers[name] !== undefined).join(', ') || 'none';
  let body: unknown;
  if (answer.json !== undefined) {
    body = masker.mask(answer.json);
    if (answer.status >= 400 || isBulkResult(body)) body = options.messages ? body : withoutWording(body);
  } else if (answer.text !== '') {
    body = {
      text:
        answer.text.length > 200
          ? `${masker.maskText(answer.text.slice(0, 200))}... (${answer.text.length} characters)`
          : masker.maskText(answer.text),
    };
  }
  const view: View = {
    request,
    status: answer.status,
    headers,
    ...(body !== undefined ? { body } : {}),
    document: documentProblems(answer),
  };
  return options.adjust ? options.adjust(view) : view;
}

function isBulkResult(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Array.isArray((body as { skipped?: unknown }).skipped);
}

/** An error body with its human wording replaced by `<text>` (when it is a string: a type change still shows). */
function withoutWording(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof out.error === 'string') out.error = TEXT;
  if (Array.isArray(out.detail)) out.detail = out.detail.map((entry) => withText(entry, 'message'));
  if (Array.isArray(out.skipped)) out.skipped = out.skipped.map((entry) => withText(entry, 'reason'));
  return out;
}

function withText(entry: unknown, key: string): unknown {
  if (typeof entry !== 'object' || entry === null || typeof (entry as Record<string, unknown>)[key] !== 'string')
    return entry;
  return { ...(entry as Record<string, unknown>), [key]: TEXT };
}
