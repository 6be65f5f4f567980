// No web page may change the fake through /__mock. A page on any site can make the browser send a "simple" request
// to 127.0.0.1 (a POST with Content-Type text/plain, a form, a no-cors fetch) without asking first, and the answer
// is opaque to the page, but the change is made. So a /__mock request that may change anything must be
// `Content-Type: application/json`, which a page can send to another origin only after a CORS preflight that
// /__mock never grants; and a /__mock request whose Origin is not the server's own is refused outright.
// Scripts, curl and test runners send no Origin, and send JSON.
import { jsonReply, type MockRequest, type MockResponse } from '../core/messages';

/** The methods that never change anything (OPTIONS is answered 405 under /__mock). */
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A /__mock request whose method may change something and whose media type is not `application/json` is 415
 * `json_required`, before its body is read. Every adapter runs it: /__mock takes the same requests through
 * mock.fetch and MSW as over HTTP.
 */
export function jsonContentTypeCheck({ method, headers }: MockRequest): MockResponse | undefined {
  if (READ_ONLY.has(method)) return undefined;
  const type = headers['content-type'];
  if (type !== undefined && isJson(type)) return undefined;
  return jsonReply(415, {
    error:
      `${method} under /__mock needs Content-Type: application/json${type === undefined ? '' : ` (not ${type.slice(0, 100)})`}, ` +
      'with or without a body; nothing was read or changed. (A web page cannot send that to another origin without a CORS ' +
      'preflight, which /__mock never grants.)',
    code: 'json_required',
  });
}

function isJson(contentType: string): boolean {
  if (contentType === 'application/json') return true; // nearly every request: no parsing
  const semicolon = contentType.indexOf(';');
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase() === 'application/json';
}

/**
 * ledger-mock's Origin check of /__mock: a request with an `Origin` other than the server's own (`http://` and the
 * Host it was sent to; `null` included) is 403 `origin_not_allowed`, before its body is read. No option relaxes it:
 * /__mock is never for pages of other origins (the API is: `--cors`).
 */
export function sameOriginCheck({ headers }: MockRequest): MockResponse | undefined {
  const origin = headers.origin;
  if (origin === undefined) return undefined;
  const host = headers.host;
  if (host !== undefined && (origin === `http://${host}` || origin.toLowerCase() === `http://${host.toLowerCase()}`))
    return undefined;
  return jsonReply(403, {
    error:
      `A /__mock request from a page of ${origin.slice(0, 100)} is refused: the control surface answers its own origin ` +
      'and clients that send no Origin (scripts, curl, test runners), never pages of other sites. Nothing was read or changed.',
    code: 'origin_not_allowed',
  });
}
