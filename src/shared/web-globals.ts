// The web platform's globals the client and the fake use (fetch's Request, Response and Headers, TextEncoder and
// TextDecoder, structuredClone, crypto), read when used and never while a module loads: importing any entry works in
// any runtime, and one without them (jsdom, Jest's testEnvironment 'jsdom') gets one error naming what is missing and
// the environment to run under instead.

/** A global of the web platform the client or the fake needs. */
export type WebGlobal =
  | 'Request'
  | 'Response'
  | 'Headers'
  | 'TextEncoder'
  | 'TextDecoder'
  | 'structuredClone'
  | 'crypto';

/** Throws one TypeError naming every global of `names` this runtime lacks, and the environment to use; `who` needs them. */
export function requireWebGlobals(who: string, names: readonly WebGlobal[]): void {
  const g = globalThis as Record<string, unknown>;
  const missing = names.filter((name) => g[name] === undefined);
  if (missing.length === 0) return;
  const listed = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  throw new TypeError(
    `${who} needs ${listed}, which this environment lacks: jsdom leaves out the web globals of Node and browsers. ` +
      "Under Jest, use testEnvironment 'node', or 'jest-fixed-jsdom' (npm install -D jest-fixed-jsdom) for a DOM with them.",
  );
}
