import { WWW_AUTHENTICATE } from '../../src/generated/api-constants';
import { ApiError, MockControlError } from '../errors';
import { toMs } from '../store/clock';
import { sha256Hex } from '../store/sha256';
import type { LedgerStore } from '../store/ledger-store';
import type { HouseholdRecord, Scope, TokenRecord, UserRecord } from '../store/records';
import { SCOPES } from '../store/schemas';
import { tokenLabel } from './explain';
import { requireUser } from './households';
import { requirePlanForDeveloperSettings } from './plans';

/** The headers every 401 of the API carries: its `WWW-Authenticate` challenge, as openapi.json spells it. */
export const UNAUTHORIZED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'www-authenticate': WWW_AUTHENTICATE,
});

/** The `<TOKEN_PREFIX>` of token values (spec-gaps 19). */
export const TOKEN_PREFIX = 'plk';
/** `plk_` followed by 40 base62 characters. */
export const TOKEN_FORMAT = /^plk_[0-9A-Za-z]{40}$/;
const DISPLAY_PREFIX_LENGTH = 8;

/** Who a request acts as: the token, its owner, and the owner's household at request time. */
export interface Actor {
  token: Readonly<TokenRecord>;
  user: Readonly<UserRecord>;
  household: Readonly<HouseholdRecord>;
}

/** A token's state (spec 3): revoked wins over expired. */
export type TokenStatus = 'active' | 'revoked' | 'expired';

export function tokenStatus(token: TokenRecord, now: Date): TokenStatus {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && Date.parse(token.expires_at) <= now.getTime()) return 'expired';
  return 'active';
}

// Node's own SHA-256 is synchronous and cheap (about 1 µs with the one-shot crypto.hash() of Node 20.12+, 2.5 µs
// with a Hash object). Elsewhere a SHA-256 in plain JavaScript (about 6 µs for a token): WebCrypto's digest is
// missing on insecure origins (plain http on a name other than localhost) and, where it exists, is a round trip
// to another thread that costs more (about 60 µs in Node) than the rest of a GET /me.
type NodeCrypto = {
  createHash(algorithm: string): { update(data: string): { digest(encoding: 'hex'): string } };
  hash?: (algorithm: string, data: string, encoding: 'hex') => string;
};
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;

/** SHA-256 of a token value, lowercase hex. Only the hash is ever stored; the value is not kept. */
export async function hashToken(value: string): Promise<string> {
  if (nodeCrypto?.hash) return nodeCrypto.hash('sha256', value, 'hex');
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(value).digest('hex');
  return sha256Hex(value);
}

/** Compares two strings in time that depends only on their length, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function unauthorized(code: string, message: string, reason: string): ApiError {
  return new ApiError(401, code, message).because(reason);
}

/**
 * Spec 5.5 and spec-gaps 17-19: resolves the Authorization header to an actor, or refuses with
 * 401 `missing_token`, `invalid_token`, `token_revoked` or `token_expired`. Records last use.
 */
export async function authenticate(store: LedgerStore, authorization: string | null): Promise<Actor> {
  if (authorization === null || authorization.trim() === '') {
    throw unauthorized('missing_token', 'Missing bearer token', 'the request has no Authorization header');
  }
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match)
    throw unauthorized(
      'invalid_token',
      'Malformed Authorization header; expected "Bearer <token>"',
      'the Authorization header is not "Bearer <token>"',
    );
  const value = match[1]!;
  const hash = await hashToken(value);
  // Look up by the display prefix, then compare every candidate's hash in constant time.
  let token: Readonly<TokenRecord> | undefined;
  for (const candidate of store.tokens.filter((t) => t.prefix === value.slice(0, DISPLAY_PREFIX_LENGTH))) {
    if (constantTimeEqual(candidate.hash, hash)) token = candidate;
  }
  const user = token && store.users.peek(token.user_id);
  const household = user && store.households.peek(user.household_id);
  if (!token) throw unauthorized('invalid_token', 'Unknown token', 'no token of the fake has this value');
  if (!user || !household)
    throw unauthorized(
      'invalid_token',
      'Unknown token',
      `${tokenLabel(store, token)} belongs to a user or household that no longer exists`,
    );
  const now = store.clock.now();
  const status = tokenStatus(token, now);
  if (status === 'revoked')
    throw unauthorized(
      'token_revoked',
      'The token has been revoked',
      `${tokenLabel(store, token)} was revoked at ${token.revoked_at}`,
    );
  if (status === 'expired')
    throw unauthorized(
      'token_expired',
      'The token has expired',
      `${tokenLabel(store, token)} expired at ${token.expires_at}`,
    );
  const lastUsedAt = store.isoString(now);
  // With a frozen clock the time rarely moves: skip the write (a copy-on-write update) when it is the same.
  const used =
    token.last_used_at === lastUsedAt ? token : await store.tokens.update(token.id, { last_used_at: lastUsedAt });
  return { token: used, user, household };
}

/** What the application shows once when a token is created. */
export interface IssuedToken {
  id: string;
  /** The token value, shown only here. */
  value: string;
  /** The first 8 characters, as listed afterwards. */
  prefix: string;
}

export interface IssueTokenInput {
  userId: string;
  name?: string;
  scopes?: Scope[];
  expiresAt?: string | Date | null;
  /** A known value (scenarios); otherwise a new random one. */
  value?: string;
  id?: string;
  createdAt?: string;
  revokedAt?: string | null;
  /** Scenarios describe state, so they may hold tokens of a household whose plan later lapsed. */
  skipPlanCheck?: boolean;
}

/** Spec 2 (Token) and 5.2: creates a token; the store keeps only its hash and display prefix. */
export async function issueToken(store: LedgerStore, input: IssueTokenInput): Promise<IssuedToken> {
  const user = requireUser(store, input.userId);
  const household = store.households.get(user.household_id)!;
  if (!input.skipPlanCheck) requirePlanForDeveloperSettings(household, 'tokens');
  const value = input.value ?? `${TOKEN_PREFIX}_${store.random.base62(40)}`;
  if (!TOKEN_FORMAT.test(value))
    throw new MockControlError(400, 'invalid_token_value', 'A token value is plk_ and 40 base62 characters');
  const scopes = input.scopes ?? [...SCOPES];
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope))
      throw new MockControlError(400, 'invalid_scope', `Unknown scope ${scope}`);
  }
  const prefix = value.slice(0, DISPLAY_PREFIX_LENGTH);
  const hash = await hashToken(value);
  if (store.tokens.where((t) => constantTimeEqual(t.hash, hash)).length > 0)
    throw new MockControlError(409, 'duplicate_token', 'That token value is already issued');
  const record = await store.tokens.insert({
    id: input.id ?? store.newId(),
    user_id: user.id,
    name: input.name ?? 'API token',
    prefix,
    hash,
    scopes: [...new Set(scopes)],
    created_at: input.createdAt ?? store.nowIso(),
    expires_at: input.expiresAt == null ? null : new Date(toMs(input.expiresAt)).toISOString(),
    revoked_at: input.revokedAt ?? null,
    last_used_at: null,
  });
  return { id: record.id, value, prefix };
}

/** Spec 3 (Token): revoking disables a token at once; it stays listed. */
export async function revokeToken(store: LedgerStore, tokenId: string): Promise<TokenRecord> {
  const token = requireToken(store, tokenId);
  return token.revoked_at ? token : store.tokens.update(tokenId, { revoked_at: store.nowIso() });
}

/** Spec-gaps 18: gives a token an expiry of "now", so it is expired from this moment. */
export async function expireToken(store: LedgerStore, tokenId: string): Promise<TokenRecord> {
  requireToken(store, tokenId);
  return store.tokens.update(tokenId, { expires_at: store.nowIso() });
}

function requireToken(store: LedgerStore, tokenId: string): TokenRecord {
  const token = store.tokens.get(tokenId);
  if (!token) throw new MockControlError(404, 'not_found', `No token ${tokenId}`);
  return token;
}
