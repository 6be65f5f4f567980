// The Authorization header of each AuthKind. Only this file and the gate ever hold the token value.
import { type AuthKind, TOKEN_ELSEWHERE, type TokenElsewhere } from './request';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base62 characters (WebCrypto). */
export function randomBase62(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = '';
  for (const byte of bytes) {
    if (byte < 248) out += BASE62[byte % 62]; // 248 = 4 * 62: no bias
    if (out.length === length) break;
  }
  return out.length === length ? out : out + randomBase62(length - out.length);
}

/** The Authorization headers of one side, built around its token. */
export class Credentials {
  readonly #token: string;
  readonly #madeUp: string;

  constructor(token: string) {
    this.#token = token;
    // A token nobody was issued, in the form of this one: its prefix (up to `_`) and 40 random characters.
    const underscore = token.indexOf('_');
    const prefix = underscore > 0 && underscore <= 16 ? token.slice(0, underscore + 1) : 'plk_';
    this.#madeUp = `${prefix}${randomBase62(40)}`;
  }

  /** The Authorization header value for `kind`, or undefined for none. */
  header(kind: AuthKind): string | undefined {
    if (kind in TOKEN_ELSEWHERE) return undefined; // elsewhere(): never beside an Authorization header of its own
    switch (kind as Exclude<AuthKind, TokenElsewhere>) {
      case 'valid':
        return `Bearer ${this.#token}`;
      case 'valid-lowercase-scheme':
        return `bearer ${this.#token}`;
      case 'none':
        return undefined;
      case 'empty-bearer':
        return 'Bearer ';
      case 'basic':
        return `Basic ${btoa(`parity:${randomBase62(12)}`)}`;
      case 'made-up':
        return `Bearer ${this.#madeUp}`;
      case 'two-values':
        return `Bearer ${randomBase62(8)} ${randomBase62(8)}`;
    }
  }

  /**
   * Where a TOKEN_ELSEWHERE kind puts the token: a header (name, value), or a query parameter (`query`, encoded, and
   * `shown`, as the report names it: `access_token=<token>`). Undefined for the other kinds.
   */
  elsewhere(kind: AuthKind): { header?: [string, string]; query?: string; shown?: string } | undefined {
    if (!(kind in TOKEN_ELSEWHERE)) return undefined;
    const place: { query?: string; cookie?: string; header?: string; prefix?: string } =
      TOKEN_ELSEWHERE[kind as TokenElsewhere];
    if (place.query !== undefined)
      return { query: `${place.query}=${encodeURIComponent(this.#token)}`, shown: `${place.query}=<token>` };
    if (place.cookie !== undefined) return { header: ['cookie', `${place.cookie}=${this.#token}`] };
    return { header: [place.header!, `${place.prefix ?? ''}${this.#token}`] };
  }

  /** True when `text` holds the token: decided on what is sent, never on what a probe says it sends. */
  carriesToken(text: string | undefined): boolean {
    return text?.includes(this.#token) ?? false;
  }

  /** `text` with every occurrence of the token replaced (a last guard for anything written out). */
  redact(text: string): string {
    return text.split(this.#token).join('<token>').split(encodeURIComponent(this.#token)).join('<token>');
  }
}
