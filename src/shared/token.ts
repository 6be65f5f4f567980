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

/**
 * The fewest characters of a token that the package's commands read from the environment (LEDGER_TOKEN). A token is
 * a fixed prefix, `_` and an opaque string (the fake's are 44 characters), so a shorter value is a mistake; and a
 * command scrubs the token out of everything it prints, which a value of a few characters would garble (`x` in
 * every word) while showing what it is.
 */
export const SHORTEST_COMMAND_TOKEN = 16;

/**
 * Why a command cannot use the token in the variable `variable`, as a sentence naming the variable, or `undefined`
 * when it can. Never quotes the token.
 */
export function commandTokenProblem(variable: string, token: string | undefined): string | undefined {
  switch (tokenProblem(token)) {
    case 'missing':
      return `a token is needed: set ${variable} (tokens are created in the application: Settings > Developer > API tokens)`;
    case 'bearer-prefix':
      return `${variable} starts with "Bearer ": set it to the token alone`;
    case 'not-printable':
      return `${variable} holds white space or a character outside printable ASCII: check it (value not shown)`;
  }
  const length = token!.length;
  if (length < SHORTEST_COMMAND_TOKEN) {
    return `${variable} is ${length} character${length === 1 ? '' : 's'} long, too short for an API token (at least ${SHORTEST_COMMAND_TOKEN}: a prefix, "_" and a long opaque string): check it (value not shown)`;
  }
  return undefined;
}
