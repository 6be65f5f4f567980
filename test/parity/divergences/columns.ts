// Divergences that make each column of the coverage table true: where a rule is observed with the token alone and
// also with a scratch account (or a webhook subscription), a divergence caught by a probe of each column, so that a
// run without --scratch-account still catches what the table says it does.
import { type Case, inDocument, is, jsonOf, once, reply, withJson } from './kit';
import type { Exchange } from '../support';

const noRoute = (e: Exchange) => reply(404, { error: `No operation ${e.method} ${e.path}`, code: 'route_not_found' });

export const COLUMN_READ_CASES: Case[] = [
  {
    change: 'the list answers a tier `auto`, not the label it infers',
    mode: 'read',
    probe: 'accounts.list',
    where: 'liquidity_tier',
    breaks: ['§2 Account liquidity_tier', 22],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/accounts') && r.status === 200
          ? withJson(r, {
              accounts: (jsonOf(r).accounts as object[]).map((a, i) =>
                i === 0 ? { ...a, liquidity_tier: 'auto' } : a,
              ),
            })
          : r,
    },
  },
  {
    change: 'a malformed from is 422, not 400',
    mode: 'read',
    probe: 'snapshots.from-malformed',
    where: 'answer 1 status',
    breaks: ['§7 400', '§4 GET /snapshots malformed bound'],
    divergence: { response: (e, r) => (is(e, 'GET', '/snapshots') && r.status === 400 ? { ...r, status: 422 } : r) },
  },
  {
    change: 'query error paths without the query. prefix',
    mode: 'read',
    probe: 'snapshots.from-malformed',
    where: 'body.detail[0].path',
    breaks: [16],
    divergence: {
      response: (_e, r) => (r.status === 400 ? { ...r, body: r.body.replace(/"path":"query\./g, '"path":"') } : r),
    },
  },
  {
    change: 'the service document sets other limits: names to 255, bulk calls 0 to 10,000 rows, unknown fields allowed',
    mode: 'read',
    probe: 'document.schemas',
    where: 'answer 1 body',
    breaks: ['§8 rows per bulk call', '§8 name length', '§8 institution_name length', 7, 8, 13],
    divergence: inDocument((d) => {
      d.components.schemas.Name.maxLength = 255;
      Object.assign(d.components.schemas.BulkUpsertRequest.properties.snapshots, { minItems: 0, maxItems: 10000 });
      d.components.schemas.AccountUpdate.additionalProperties = true;
    }),
  },
  {
    change: 'the service document: DELETE answers 204, a bulk call has no 413, its 422 is a plain error',
    mode: 'read',
    probe: 'document.responses',
    where: 'answer 1 body',
    breaks: [1, 6, 7],
    divergence: inDocument((d) => {
      const del = d.paths['/api/public/v1/snapshots/{id}'].delete.responses;
      del['204'] = { description: 'Deleted' };
      delete del['200'];
      const bulk = d.paths['/api/public/v1/snapshots/bulk'].post.responses;
      delete bulk['413'];
      bulk['422'].content['application/json'].schema = { $ref: '#/components/schemas/Error' };
    }),
  },
];

export const COLUMN_WRITE_CASES: Case[] = [
  {
    change: 'PATCH /accounts/{id} is no operation',
    mode: 'scratch',
    probe: 'account.rename',
    where: 'answer 1 status',
    breaks: ['§4 table PATCH /accounts/{id}'],
    divergence: { request: (e) => (is(e, 'PATCH', /^\/accounts\//) ? noRoute(e) : e) },
  },
  {
    change:
      "PATCH /accounts/{id} answers the account without auto_carry_forward (the list form; the cleanup's answer whole)",
    mode: 'scratch',
    probe: 'account.rename',
    where: 'answer 1 body.auto_carry_forward',
    breaks: ['§4 PATCH /accounts/{id} rule 3', 4],
    divergence: (() => {
      let done = false;
      return {
        response: (e: Exchange, r: Parameters<typeof withJson>[0]) => {
          if (done || !is(e, 'PATCH', /^\/accounts\//) || r.status !== 200) return r;
          done = true;
          const { auto_carry_forward: _flag, ...rest } = jsonOf(r);
          return withJson(r, rest);
        },
      };
    })(),
  },
  {
    change: 'POST /snapshots is no operation',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'answer 1 status',
    breaks: ['§4 table POST /snapshots'],
    divergence: { request: (e) => (is(e, 'POST', '/snapshots') ? noRoute(e) : e) },
  },
  {
    change: 'PATCH /snapshots/{id} is no operation',
    mode: 'scratch',
    probe: 'snapshot.patch-balance',
    where: 'answer 2 status',
    breaks: ['§4 table PATCH /snapshots/{id}'],
    divergence: { request: (e) => (is(e, 'PATCH', /^\/snapshots\//) ? noRoute(e) : e) },
  },
  {
    change: 'DELETE /snapshots/{id} is no operation (for the probe; the cleanup still deletes)',
    mode: 'scratch',
    probe: 'snapshot.delete',
    where: 'answer 2 status',
    breaks: ['§4 table DELETE /snapshots/{id}'],
    divergence: once((e) => is(e, 'DELETE', /^\/snapshots\//), noRoute),
  },
  {
    change: 'POST /snapshots/bulk is no operation',
    mode: 'scratch',
    probe: 'bulk.insert-and-update',
    where: 'answer 2 status',
    breaks: ['§4 table POST /snapshots/bulk'],
    divergence: { request: (e) => (is(e, 'POST', '/snapshots/bulk') ? noRoute(e) : e) },
  },
  {
    change: 'a bulk call answers webhooks_attempted as a string',
    mode: 'scratch',
    probe: 'bulk.insert-and-update',
    where: 'body.webhooks_attempted',
    breaks: ['§4 POST /snapshots/bulk webhooks_attempted'],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots/bulk') && r.status === 200
          ? withJson(r, { ...jsonOf(r), webhooks_attempted: String(jsonOf(r).webhooks_attempted) })
          : r,
    },
  },
  {
    change: 'the token lacks snapshots:write: 403 insufficient_scope',
    mode: 'scratch',
    probe: 'upsert.bad-json',
    where: 'answer 1 status',
    breaks: ['§5.4'],
    divergence: {
      request: (e) =>
        is(e, 'POST', '/snapshots') ? reply(403, { error: 'Missing scope', code: 'insufficient_scope' }) : e,
    },
  },
  {
    change: 'the write answers carry no webhooks_attempted',
    mode: 'scratch',
    probe: 'webhooks.every-upsert',
    where: 'webhooks_attempted',
    breaks: ['§6 webhooks_attempted'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'POST', '/snapshots') || r.status >= 300) return r;
        const { webhooks_attempted: _count, ...rest } = jsonOf(r);
        return withJson(r, rest);
      },
    },
  },
  {
    change: 'another wording of a refused write',
    mode: 'scratch',
    probe: 'upsert.missing-balance',
    where: 'body.detail[0].message',
    breaks: [28],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && r.status === 422
          ? { ...r, body: r.body.replace('is required', 'must be sent') }
          : r,
    },
  },
];
