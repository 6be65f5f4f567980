// What a divergence case is: one thing a target does differently from ledger-mock (a proxy changes it), the rules of
// the specification or spec-gaps entries it breaks, and the probe (or the odd answer of the reading) that must
// report it. The test runs each, and checks that together they break every rule the kit can observe.
import type { OddityKind, RuleId } from 'personal-ledger-sdk/parity';
import { type Divergence, type Exchange, jsonOf, type Reply, withJson } from '../support';

export { jsonOf, withJson };

/** One divergence of the suite. */
export interface Case {
  /** What the target does differently. */
  change: string;
  mode: 'read' | 'scratch';
  /** The probe that must report it as differing; with `odd`, the probe the run selects (the reading runs anyway). */
  probe: string;
  /** Or: the odd answer the reading of everything the token sees must report. */
  odd?: OddityKind;
  /** A fragment of where the difference is reported (or of what the odd answer says). */
  where: string;
  /** The rules (`§4 GET /me`) and spec-gaps entries (numbers) the change breaks: the probe (or the odd answer) cites each. */
  breaks: ReadonlyArray<RuleId | number>;
  divergence: Divergence;
}

export const API = '/api/public/v1';
/** The request is `method` of `path` under the API (a string is exact; a pattern is tested on the path after it). */
export const is = (e: Exchange, method: string, path: string | RegExp) =>
  e.method === method &&
  (typeof path === 'string'
    ? e.path === `${API}${path}`
    : e.path.startsWith(API) && path.test(e.path.slice(API.length)));
/** The request's JSON body (an object, or {} when it is none). */
export const body = (e: Exchange): Record<string, unknown> => {
  try {
    const json = JSON.parse(e.body) as unknown;
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
/** An answer the proxy gives itself. */
export const reply = (status: number, json: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(json),
});
/** The request with a new JSON body. */
export const withBody = (e: Exchange, json: unknown): Exchange => ({ ...e, body: JSON.stringify(json) });
/** The request sent on as a GET of the same path: the write is silently ignored, and the current record answered. */
export const ignored = (e: Exchange): Exchange => ({ ...e, method: 'GET', body: '', bytes: Buffer.alloc(0) });
/** The query without the parameter `name`. */
export const without = (query: string, name: string) =>
  query
    .split('&')
    .filter((part) => !part.startsWith(`${name}=`))
    .join('&');
/** A change to the service's openapi.json. */
export const inDocument = (change: (document: Record<string, any>) => void): Case['divergence'] => ({
  response: (e, r) => {
    if (!is(e, 'GET', '/openapi.json')) return r;
    const document = jsonOf(r);
    change(document);
    return withJson(r, document);
  },
});
/** Only the first request `match` selects is changed (a cleanup that sends the same must go through). */
export function once(
  match: (e: Exchange) => boolean,
  change: (e: Exchange) => ReturnType<NonNullable<Divergence['request']>>,
): Divergence {
  let done = false;
  return { request: (e) => (!done && match(e) ? ((done = true), change(e)) : e) };
}
