// The inspector page's own files: its HTML for a browser asking for /__mock/ (JSON clients keep the list of routes),
// its script and its stylesheet, built by `npm run generate` into mocks/generated/inspector-page.ts and held here as
// strings (ledger-mock is one file, and runs under Bun and Deno, where reading files needs a permission). They hold no
// data: everything the page shows it asks /__mock for, with the control token when one is needed.
import { INSPECTOR_PAGE } from '../generated/inspector-page';
import type { MockRequest, MockResponse } from '../core/messages';
import { CONTROL_PREFIX } from '../control-http/routes';

/** Where the page's script and stylesheet are served. */
export const PAGE_FILES_PREFIX = `${CONTROL_PREFIX}/inspector`;

/**
 * The page's policy: its own script and stylesheet only (no inline script or style, no eval), requests to its own
 * origin only, no form posts, no framing by any page (so no other site can lay it under its own buttons).
 */
export const INSPECTOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  'img-src data:', // the empty icon, so the browser asks for no /favicon.ico
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const COMMON = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

const file = (type: string, body: string, headers: Record<string, string> = {}): MockResponse =>
  Object.freeze({ status: 200, headers: Object.freeze({ 'content-type': type, ...COMMON, ...headers }), body });

const HTML = file('text/html; charset=utf-8', INSPECTOR_PAGE.html, {
  'content-security-policy': INSPECTOR_CSP,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  vary: 'Accept',
});

const FILES: ReadonlyMap<string, MockResponse> = new Map([
  [`${PAGE_FILES_PREFIX}/inspector.js`, file('text/javascript; charset=utf-8', INSPECTOR_PAGE.script)],
  [`${PAGE_FILES_PREFIX}/inspector.css`, file('text/css; charset=utf-8', INSPECTOR_PAGE.style)],
]);

/** The page's file a GET asks for, or `undefined`: the HTML only for a client that prefers HTML to JSON. */
export function pageFile({ method, path, headers }: MockRequest): MockResponse | undefined {
  if (method !== 'GET') return undefined;
  if (path === CONTROL_PREFIX || path === `${CONTROL_PREFIX}/`) return prefersHtml(headers.accept) ? HTML : undefined;
  return FILES.get(path);
}

/**
 * True when an `Accept` header asks for `text/html` (or XHTML) by name, with more weight than `application/json`:
 * a browser's navigation does; curl, fetch(), Python's requests (which accept any type) and JSON clients do not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let html = 0;
  let json = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight)) continue;
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, weight);
    else if (type === 'application/json') json = Math.max(json, weight);
  }
  return html > 0 && html > json;
}
