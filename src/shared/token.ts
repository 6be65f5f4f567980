// The one check of an API token's form, before it is ever sent: the client's `token` option, and any program that
// reads a token from its environment, word their own message around the same answer.

/** What is wrong with a token's form. */
export type TokenProblem =
  /** Not a string, or the empty string. */
  | 'missing'
  /** Starts with `Bearer ` (the header's scheme, not part of the token). */
  | 'bearer-prefix'
  /** Holds a space, a line break or a character outside printable ASCII, which no Authorization header carries. */
  | 'not-printable';

// A header value the Fetch API accepts, without spaces: checked here so Headers' own error (which quotes the value)
// never fires.
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

/** Why `token` cannot be sent as `Authorization: Bearer <token>`, or `undefined` when it can. Never quotes the token. */
export function tokenProblem(token: unknown): TokenProblem | undefined {
  if (typeof token !== 'string' || token === '') return 'missing';
  if (/^bearer\s/i.test(token)) return 'bearer-prefix';
  if (!TOKEN_SHAPE.test(token)) return 'not-printable';
  return undefined;
}
