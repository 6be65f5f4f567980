// Who may use the control surface (/__mock) of `ledger-mock`: it can reset, rewrite and read everything,
// so off loopback it takes a control token (given, or generated at start); on loopback it is open. In process
// (mock.fetch, MSW) there is no token: only code that holds the fake can reach it.
// No node: here (WebCrypto, and the fake's own SHA-256), so every adapter can run the check.
import { jsonReply, type MockRequest, type MockResponse } from '../core/messages';
import { constantTimeEqual } from '../rules/auth';
import { sha256Hex } from '../store/sha256';

/** Options that decide the control surface's access (the server's and the command's). */
export interface ControlAccessOptions {
  /** Require this token on /__mock, on any address. */
  controlToken?: string;
  /** No token on /__mock, on any address. */
  openControl?: boolean;
  /** Apply the policy of a non-loopback address although the bound one is loopback (tests). */
  assumeNonLoopback?: boolean;
}

/** The access decided for a bound address: the token /__mock requires (none: open), and whether it was generated. */
export interface ControlAccess {
  token?: string;
  generated: boolean;
}

/**
 * `openControl` turns the check off; a given `controlToken` turns it on anywhere; otherwise a bound address that is
 * not loopback gets a generated token, and loopback stays open.
 */
export function decideControlAccess(options: ControlAccessOptions, boundAddress: string): ControlAccess {
  if (options.openControl) return { generated: false };
  if (options.controlToken !== undefined) return { token: options.controlToken, generated: false };
  if (isLoopbackAddress(boundAddress) && !options.assumeNonLoopback) return { generated: false };
  return { token: newControlToken(), generated: true };
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x addresses, as a server reports the address it bound. */
export function isLoopbackAddress(address: string): boolean {
  const text = address.toLowerCase();
  if (text === '::1' || text === '0:0:0:0:0:0:0:1') return true;
  return /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(text);
}

/** A new control token: `lmc_` and 32 random base64url characters (192 bits). */
export function newControlToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  return `lmc_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}`; // 24 bytes: no `=` padding
}

/** Checks a control token's shape (printable ASCII without spaces, 16 to 256 characters), or says what is wrong. */
export function controlTokenProblem(token: string): string | undefined {
  if (token.length < 16) return 'must be at least 16 characters';
  if (token.length > 256) return 'must be at most 256 characters';
  if (!/^[\x21-\x7e]+$/.test(token)) return 'must be printable ASCII without spaces';
  return undefined;
}

const CONTROL_CHALLENGE = { 'www-authenticate': 'Bearer realm="ledger-mock-control"' };

/**
 * The access check of a control token: a /__mock request without it is 401 `control_token_required`, with another
 * one 401 `invalid_control_token`. The token is read from `X-Ledger-Mock-Control: <token>` and from
 * `Authorization: Bearer <token>` (the API's tokens are only read under /api/public/v1, so the two never meet); either
 * one carrying it lets the request through. Compared in constant time (as digests).
 */
export function controlTokenCheck(token: string): (request: MockRequest) => MockResponse | undefined {
  const expected = sha256Hex(token);
  return ({ headers }) => {
    // Both places are read: an empty (or wrong) value in one never hides the token in the other.
    const header = headers['x-ledger-mock-control']?.trim() || undefined;
    const bearer = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '')?.[1];
    if (header === undefined && bearer === undefined) {
      return jsonReply(
        401,
        {
          error:
            'The control surface needs the control token that ledger-mock printed at start: send X-Ledger-Mock-Control: <token> or Authorization: Bearer <token>',
          code: 'control_token_required',
        },
        CONTROL_CHALLENGE,
      );
    }
    const matches = (given: string | undefined) => given !== undefined && constantTimeEqual(sha256Hex(given), expected);
    if (!matches(header) && !matches(bearer)) {
      return jsonReply(
        401,
        { error: 'That is not the control token of this ledger-mock', code: 'invalid_control_token' },
        CONTROL_CHALLENGE,
      );
    }
    return undefined;
  };
}
