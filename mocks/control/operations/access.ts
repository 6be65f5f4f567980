// Tokens, webhook subscriptions and the events sent to them: the control API's entries (see ../operation.ts).
import {
  expireToken,
  type IssuedToken,
  issueToken,
  revokeToken,
  type TokenStatus,
  tokenStatus,
} from '../../rules/auth';
import { createWebhook, deactivateWebhook } from '../../rules/webhooks';
import type { EventLogEntry, LedgerStore } from '../../store/ledger-store';
import type { Scope, TokenRecord, WebhookRecord } from '../../store/records';
import { SCOPES } from '../../store/schemas';
import * as z from '../../zod';
import { group, isoOrUndefined, operation, scenarioRecords } from '../operation';
import { createdAt, flag, scenarioId, scenarioTime, text } from './wire';

/** A token as listed: everything but the hash (the value is never kept). */
export type TokenInfo = Omit<TokenRecord, 'hash'> & { status: TokenStatus };

/** A token as listed, with its status now. */
export function tokenInfo(store: LedgerStore, token: TokenRecord): TokenInfo {
  const { hash: _hash, ...rest } = token;
  return { ...rest, status: tokenStatus(token, store.clock.now()) };
}

// The wire (a /__mock body, a record of a scenario file) to the call: one mapping each, for both.
const tokenFromWire = (b: { user_id: string; name?: string; scopes?: Scope[]; expires_at?: string | null }) => ({
  userId: b.user_id,
  name: b.name,
  scopes: b.scopes,
  expiresAt: b.expires_at,
});
const webhookFromWire = (b: { id?: string; user_id: string; url?: string; active?: boolean; created_at?: string }) => ({
  id: b.id,
  userId: b.user_id,
  url: b.url,
  active: b.active,
  createdAt: b.created_at,
});

/** Tokens, in the order GET /__mock lists their routes. */
export const tokenOperations = {
  /** Every token, with prefix, status and last-used time (never the value or hash). */
  listTokens: operation({
    area: 'Tokens',
    call:
      ({ act, store }) =>
      (): Promise<TokenInfo[]> =>
        act(() => store.tokens.all().map((t) => tokenInfo(store, t))),
    http: {
      method: 'GET',
      path: '/tokens',
      summary: 'Every token (prefix, status, last use; never the value)',
      run: (list) => list(),
    },
  }),
  /** Creates a token; its value is returned only here. 402 MockControlError without API access. */
  createToken: operation({
    area: 'Tokens',
    call:
      ({ act, store }) =>
      (input: {
        userId: string;
        name?: string;
        scopes?: Scope[];
        expiresAt?: string | Date | null;
      }): Promise<IssuedToken> =>
        act(() => issueToken(store, input)),
    http: {
      method: 'POST',
      path: '/tokens',
      summary: 'Create a token {user_id, name?, scopes?, expires_at?}; the value is returned only here',
      status: 201,
      body: z.strictObject({
        user_id: z.string(),
        name: text,
        scopes: z.optional(z.array(z.enum(SCOPES))),
        expires_at: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
      }),
      run: (create, { body }) => create(tokenFromWire(body)),
    },
    scenario: scenarioRecords(
      'tokens',
      z.strictObject({
        id: scenarioId,
        user_id: scenarioId,
        value: z.string(),
        name: text,
        scopes: z.optional(z.array(z.enum(SCOPES))),
        created_at: z.optional(scenarioTime),
        expires_at: z.optional(z.nullable(scenarioTime)),
        revoked_at: z.optional(z.nullable(scenarioTime)),
      }),
      (store, token, at) =>
        issueToken(store, {
          ...tokenFromWire(token),
          id: token.id,
          value: token.value,
          revokedAt: token.revoked_at == null ? null : new Date(token.revoked_at).toISOString(),
          createdAt: token.created_at === undefined ? at : new Date(token.created_at).toISOString(),
          skipPlanCheck: true, // a scenario describes state: a token may predate a lapsed plan
        }),
    ),
  }),
  /** Revokes a token at once; it stays listed. */
  revokeToken: operation({
    area: 'Tokens',
    call:
      ({ act, store }) =>
      (tokenId: string): Promise<TokenInfo> =>
        act(async () => tokenInfo(store, await revokeToken(store, tokenId))),
    http: {
      method: 'POST',
      path: '/tokens/:id/revoke',
      summary: 'Revoke a token',
      run: (revoke, { params }) => revoke(params.id!),
    },
  }),
  /** Expires a token now. */
  expireToken: operation({
    area: 'Tokens',
    call:
      ({ act, store }) =>
      (tokenId: string): Promise<TokenInfo> =>
        act(async () => tokenInfo(store, await expireToken(store, tokenId))),
    http: {
      method: 'POST',
      path: '/tokens/:id/expire',
      summary: 'Expire a token now',
      run: (expire, { params }) => expire(params.id!),
    },
  }),
};

/** Webhook subscriptions and their events, in the order GET /__mock lists their routes. */
export const webhookOperations = {
  /** Every webhook subscription. */
  listWebhooks: operation({
    area: 'Webhooks',
    call:
      ({ act, store }) =>
      (): Promise<WebhookRecord[]> =>
        act(() => store.webhooks.all()),
    http: { method: 'GET', path: '/webhooks', summary: 'Every webhook subscription', run: (list) => list() },
  }),
  /** Creates a webhook subscription for a user (`active` unless told otherwise). 402 MockControlError without API access. */
  createWebhook: operation({
    area: 'Webhooks',
    call:
      ({ act, store }) =>
      (input: {
        userId: string;
        url?: string;
        id?: string;
        active?: boolean;
        createdAt?: string | Date;
      }): Promise<WebhookRecord> =>
        act(() => createWebhook(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    http: {
      method: 'POST',
      path: '/webhooks',
      summary: 'Create a webhook subscription {user_id, url?, id?, active?, created_at?}',
      status: 201,
      body: z.strictObject({
        id: text,
        user_id: z.string(),
        url: text,
        active: z.optional(z.boolean()),
        created_at: createdAt,
      }),
      run: (create, { body }) => create(webhookFromWire(body)),
    },
    scenario: scenarioRecords(
      'webhooks',
      z.strictObject({ id: scenarioId, user_id: scenarioId, url: z.string(), active: flag }),
      (store, webhook, at) => createWebhook(store, { ...webhookFromWire(webhook), createdAt: at, skipPlanCheck: true }),
    ),
  }),
  /** Stops a subscription from receiving events; it stays listed. */
  deactivateWebhook: operation({
    area: 'Webhooks',
    call:
      ({ act, store }) =>
      (webhookId: string): Promise<WebhookRecord> =>
        act(() => deactivateWebhook(store, webhookId)),
    http: {
      method: 'POST',
      path: '/webhooks/:id/deactivate',
      summary: 'Stop a subscription',
      run: (deactivate, { params }) => deactivate(params.id!),
    },
  }),
  /** The snapshot.upserted events emitted, with payloads and per-subscription outcomes. */
  events: group({
    /** Every event kept (the most recent 10,000 at least), oldest first, as copies. */
    list: operation({
      area: 'Webhooks',
      call:
        ({ store }) =>
        (): EventLogEntry[] =>
          structuredClone(store.events),
      http: {
        method: 'GET',
        path: '/events',
        summary: 'The event journal: events with per-subscription outcomes',
        run: (list) => list(),
      },
    }),
    /** Forgets every event. */
    clear: operation({
      area: 'Webhooks',
      call:
        ({ store }) =>
        (): void => {
          store.events.length = 0;
        },
      http: {
        method: 'DELETE',
        path: '/events',
        summary: 'Forget the events',
        run: (clear) => {
          clear();
          return { ok: true };
        },
      },
    }),
  }),
};
