// Who may use the control surface (/__mock) of `ledger-mock`: it can reset, rewrite and read everything,
// so off loopback it takes a control token (given, or generated at start); on loopback it is open.
import { randomBytes } from 'node:crypto';

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
  return `lmc_${randomBytes(24).toString('base64url')}`;
}

/** Checks a control token's shape (printable ASCII without spaces, 16 to 256 characters), or says what is wrong. */
export function controlTokenProblem(token: string): string | undefined {
  if (token.length < 16) return 'must be at least 16 characters';
  if (token.length > 256) return 'must be at most 256 characters';
  if (!/^[\x21-\x7e]+$/.test(token)) return 'must be printable ASCII without spaces';
  return undefined;
}
