// Divergences the kit catches with a scratch account: writes to it, in the reserved year, each undone.
import { SCRATCH } from '../support';
import { type Case, body, ignored, is, jsonOf, once, reply, withBody, withJson } from './kit';

const ofScratch = (e: Parameters<typeof is>[0], method: string) => is(e, method, `/accounts/${SCRATCH}`);

export const WRITE_CASES: Case[] = [
  {
    change: 'a status: DELETE answers 204 without a body',
    mode: 'scratch',
    probe: 'snapshot.delete',
    where: 'answer 2 status',
    breaks: ['§4 DELETE /snapshots/{id} response', 1],
    divergence: {
      response: (e, r) => (e.method === 'DELETE' && r.status === 200 ? { status: 204, headers: {}, body: '' } : r),
    },
  },
  {
    change: 'an extra required field: POST /snapshots needs a currency',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'answer 1 status',
    breaks: ['§4 POST /snapshots upsert', '§4 POST /snapshots rule 1'],
    divergence: {
      request: (e) =>
        is(e, 'POST', '/snapshots') && e.body.startsWith('{') && !('currency' in body(e))
          ? reply(422, {
              error: 'Validation failed',
              code: 'validation_failed',
              detail: [{ path: 'body.currency', message: 'is required' }],
            })
          : e,
    },
  },
  {
    change: 'a rule relaxed: unknown fields of POST /snapshots are ignored',
    mode: 'scratch',
    probe: 'upsert.unknown-field',
    where: 'answer 1 status',
    breaks: [13],
    divergence: {
      request: (e) => {
        if (!is(e, 'POST', '/snapshots') || !e.body.startsWith('{')) return e;
        const { account_id, snapshot_date, balance } = body(e);
        return withBody(e, { account_id, snapshot_date, balance });
      },
    },
  },
  {
    change: 'a field missing: the upsert result has no action',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'body.action',
    breaks: ['§4 POST /snapshots response', 2],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'POST', '/snapshots') || r.status >= 300) return r;
        const { action: _action, ...rest } = jsonOf(r);
        return withJson(r, rest);
      },
    },
  },
  {
    change: 'a write answers its snapshot as estimated',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'is_estimated',
    breaks: ['§3 is_estimated none -> false', '§4 POST /snapshots rule 2'],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && r.status < 300
          ? withJson(r, { ...jsonOf(r), snapshot: { ...(jsonOf(r).snapshot as object), is_estimated: true } })
          : r,
    },
  },
  {
    change: 'over 5,000 bulk rows examined: 422 nothing written, not 413',
    mode: 'scratch',
    probe: 'bulk.too-many-rows',
    where: 'answer 1 status',
    breaks: ['§8 rows per bulk call', '§4 POST /snapshots/bulk body', 7],
    divergence: {
      response: (_e, r) =>
        r.status === 413 && r.body.includes('too_many_rows')
          ? { ...r, status: 422, body: r.body.replace('too_many_rows', 'nothing_written') }
          : r,
    },
  },
  {
    change: 'the bulk 422 without the result fields',
    mode: 'scratch',
    probe: 'bulk.nothing-written',
    where: 'body.skipped',
    breaks: [6],
    divergence: {
      response: (_e, r) => {
        if (r.status !== 422 || !r.body.includes('nothing_written')) return r;
        const { error, code, detail } = jsonOf(r);
        return withJson(r, { error, code, detail });
      },
    },
  },
  {
    change: 'a bulk call that wrote nothing answered 200',
    mode: 'scratch',
    probe: 'bulk.nothing-written',
    where: 'answer 1 status',
    breaks: ['§4 POST /snapshots/bulk rule 3', '§7 422'],
    divergence: {
      response: (_e, r) => {
        if (r.status !== 422 || !r.body.includes('nothing_written')) return r;
        const { received, inserted, updated, skipped, webhooks_attempted } = jsonOf(r);
        return withJson(r, { received, inserted, updated, skipped, webhooks_attempted }, 200);
      },
    },
  },
  {
    change: 'detail paths without the body. prefix',
    mode: 'scratch',
    probe: 'upsert.missing-balance',
    where: 'body.detail[0].path',
    breaks: [16],
    divergence: {
      response: (_e, r) => (r.status === 422 ? { ...r, body: r.body.replace(/"path":"body\./g, '"path":"') } : r),
    },
  },
  {
    change: 'moving a snapshot onto a taken date is 409',
    mode: 'scratch',
    probe: 'snapshot.patch-onto-taken-date',
    where: 'answer 3 status',
    breaks: [10, '§7 422'],
    divergence: { response: (_e, r) => (r.body.includes('snapshot_date_taken') ? { ...r, status: 409 } : r) },
  },
  {
    change: 'balances rounded to cents',
    mode: 'scratch',
    probe: 'upsert.decimal-balance',
    where: 'balance',
    breaks: ['§2 Snapshot balance', 14],
    divergence: {
      request: (e) => {
        if (!is(e, 'POST', '/snapshots') || !e.body.startsWith('{')) return e;
        const json = body(e);
        return typeof json.balance === 'number'
          ? withBody(e, { ...json, balance: Math.round(json.balance * 100) / 100 })
          : e;
      },
    },
  },
  {
    change: 'an empty bulk call accepted',
    mode: 'scratch',
    probe: 'bulk.empty',
    where: 'answer 1 status',
    breaks: [8],
    divergence: {
      request: (e) =>
        is(e, 'POST', '/snapshots/bulk') && e.body === '{"snapshots":[]}'
          ? reply(200, { received: 0, inserted: 0, updated: 0, skipped: [], webhooks_attempted: 0 })
          : e,
    },
  },
  {
    change: 'a write to an archived account refused',
    mode: 'scratch',
    probe: 'upsert.archived-account',
    where: 'answer 2 status',
    breaks: ['§3 lifecycle active -> archived', 24],
    divergence: {
      request: (e) =>
        is(e, 'POST', '/snapshots') && e.body.includes(SCRATCH) && e.body.includes('2000-01-12')
          ? reply(422, { error: 'Archived', code: 'account_archived' })
          : e,
    },
  },
  {
    change: 'webhooks_attempted sent as a string',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'body.webhooks_attempted',
    breaks: ['§6 webhooks_attempted'],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && r.status < 300
          ? withJson(r, { ...jsonOf(r), webhooks_attempted: String(jsonOf(r).webhooks_attempted) })
          : r,
    },
  },
  {
    change: 'two first writes of one pair at once both answered inserted',
    mode: 'scratch',
    probe: 'upsert.concurrent-first-writes',
    where: 'answer 1 status',
    breaks: ['§2 Snapshot', '§4 POST /snapshots rule 1', 2],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && e.body.includes('2000-03-10') && r.status === 200
          ? withJson(r, { ...jsonOf(r), action: 'inserted' }, 201)
          : r,
    },
  },
  {
    change: 'a balance no double can hold stored as the largest one',
    mode: 'scratch',
    probe: 'upsert.balance-beyond-double',
    where: 'answer 1 status',
    breaks: [14, '§2 Snapshot balance', '§4 POST /snapshots body'],
    divergence: {
      request: (e) =>
        is(e, 'POST', '/snapshots') && e.body.includes('"balance":1e400')
          ? { ...e, body: e.body.replace('1e400', '1.7976931348623157e308') }
          : e,
    },
  },
  {
    change: 'a missing snapshot_date answered as an account nobody can write',
    mode: 'scratch',
    probe: 'upsert.missing-date',
    where: 'body.code',
    breaks: ['§4 POST /snapshots body', 5],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && r.status === 422 && r.body.includes('body.snapshot_date')
          ? withJson(r, {
              error: 'Not writable',
              code: 'account_not_writable',
              detail: [{ path: 'body.account_id', message: 'not writable' }],
            })
          : r,
    },
  },
  {
    change: 'a write to an account that does not exist is 404',
    mode: 'scratch',
    probe: 'upsert.unknown-account',
    where: 'answer 1 status',
    breaks: ['§4 POST /snapshots rule 3', '§7 422'],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && r.body.includes('account_not_writable')
          ? { ...r, status: 404, body: JSON.stringify({ error: 'Not found', code: 'not_found' }) }
          : r,
    },
  },
  {
    change: 'bad JSON is 422',
    mode: 'scratch',
    probe: 'upsert.bad-json',
    where: 'answer 1 status',
    breaks: ['§7 400', 15],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && r.body.includes('invalid_json')
          ? { ...r, status: 422, body: r.body.replace('invalid_json', 'validation_failed') }
          : r,
    },
  },
  {
    change: 'an update attempts no webhook',
    mode: 'scratch',
    probe: 'webhooks.every-upsert',
    where: 'answer 2 body.webhooks_attempted',
    breaks: ['§4 POST /snapshots rule 4', '§6 emitted by POST /snapshots', 26],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots') && r.status === 200 && r.body.includes('"updated"')
          ? withJson(r, { ...jsonOf(r), webhooks_attempted: 0 })
          : r,
    },
  },
  {
    change: 'a bulk call attempts a webhook per row written',
    mode: 'scratch',
    probe: 'webhooks.bulk-one-event',
    where: 'answer 2 body.webhooks_attempted',
    breaks: [
      '§4 POST /snapshots/bulk rule 4',
      '§6 emitted by POST /snapshots/bulk',
      '§4 POST /snapshots/bulk webhooks_attempted',
      26,
    ],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'POST', '/snapshots/bulk') || r.status !== 200) return r;
        const result = jsonOf(r) as { inserted: number; updated: number; webhooks_attempted: number };
        return withJson(r, {
          ...result,
          webhooks_attempted: result.webhooks_attempted * (result.inserted + result.updated),
        });
      },
    },
  },
  {
    change: 'bulk counts wrong: inserted and updated swapped, one row more received',
    mode: 'scratch',
    probe: 'bulk.insert-and-update',
    where: 'body.inserted',
    breaks: ['§4 POST /snapshots/bulk received', '§4 POST /snapshots/bulk inserted', '§4 POST /snapshots/bulk updated'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'POST', '/snapshots/bulk') || r.status !== 200) return r;
        const result = jsonOf(r) as { received: number; inserted: number; updated: number };
        return withJson(r, {
          ...result,
          received: result.received + 1,
          inserted: result.updated,
          updated: result.inserted,
        });
      },
    },
  },
  {
    change: 'skipped rows counted from 1',
    mode: 'scratch',
    probe: 'bulk.skipped-rows',
    where: 'index',
    breaks: ['§4 POST /snapshots/bulk skipped'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'POST', '/snapshots/bulk') || r.status !== 200) return r;
        const result = jsonOf(r) as { skipped: Array<{ index: number }> };
        return withJson(r, { ...result, skipped: result.skipped.map((s) => ({ ...s, index: s.index + 1 })) });
      },
    },
  },
  {
    change: 'a skipped row left out of the answer',
    mode: 'scratch',
    probe: 'bulk.skipped-rows',
    where: 'body.skipped (length)',
    breaks: ['§4 POST /snapshots/bulk rule 1'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'POST', '/snapshots/bulk') || r.status !== 200) return r;
        const result = jsonOf(r) as { skipped: unknown[] };
        return withJson(r, { ...result, skipped: result.skipped.slice(1) });
      },
    },
  },
  {
    change: 'a bulk call that wrote some rows and skipped others is 207',
    mode: 'scratch',
    probe: 'bulk.skipped-rows',
    where: 'answer 1 status',
    breaks: ['§4 POST /snapshots/bulk rule 2'],
    divergence: {
      response: (e, r) =>
        is(e, 'POST', '/snapshots/bulk') && r.status === 200 && (jsonOf(r).skipped as unknown[]).length > 0
          ? { ...r, status: 207 }
          : r,
    },
  },
  {
    change: 'two rows for one pair in a bulk call: the first is kept',
    mode: 'scratch',
    probe: 'bulk.repeated-pair',
    where: 'balance',
    breaks: [9],
    divergence: {
      request: (e) => {
        if (!is(e, 'POST', '/snapshots/bulk')) return e;
        const rows = body(e).snapshots as Array<{ snapshot_date?: unknown }> | undefined;
        if (!Array.isArray(rows) || rows.length !== 2 || rows[0]!.snapshot_date !== rows[1]!.snapshot_date) return e;
        return withBody(e, { snapshots: [rows[0]] });
      },
    },
  },
  {
    change: 'PATCH /snapshots/{id} with {} accepted (nothing changes)',
    mode: 'scratch',
    probe: 'snapshot.patch-empty',
    where: 'answer 2 status',
    breaks: ['§4 PATCH /snapshots/{id} body'],
    divergence: { request: (e) => (is(e, 'PATCH', /^\/snapshots\/snp_/) && e.body === '{}' ? ignored(e) : e) },
  },
  {
    change: 'a PATCH of a snapshot applied in part: the valid balance kept, the bad date dropped',
    mode: 'scratch',
    probe: 'snapshot.patch-all-or-nothing',
    where: 'answer 2 status',
    breaks: ['§4 PATCH /snapshots/{id} body', '§7 422', 14],
    divergence: {
      request: (e) =>
        is(e, 'PATCH', /^\/snapshots\/snp_/) && body(e).snapshot_date === '2000-02-30'
          ? withBody(e, { balance: body(e).balance })
          : e,
    },
  },
  {
    change: 'PATCH /snapshots/{id} answers the snapshot wrapped in { snapshot }',
    mode: 'scratch',
    probe: 'snapshot.patch-balance',
    where: 'answer 2 body',
    breaks: ['§4 PATCH /snapshots/{id} response'],
    divergence: {
      response: (e, r) =>
        is(e, 'PATCH', /^\/snapshots\/snp_/) && r.status === 200 ? withJson(r, { snapshot: jsonOf(r) }) : r,
    },
  },
  {
    change: 'PATCH of a snapshot nobody has is 422',
    mode: 'scratch',
    probe: 'snapshot.patch-unknown',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /snapshots/{id} 404'],
    divergence: { response: (e, r) => (e.method === 'PATCH' && r.status === 404 ? { ...r, status: 422 } : r) },
  },
  {
    change: 'a second DELETE of a snapshot answered 200',
    mode: 'scratch',
    probe: 'snapshot.delete-twice',
    where: 'answer 3 status',
    breaks: ['§4 DELETE /snapshots/{id} 404', 11],
    divergence: {
      response: (e, r) =>
        is(e, 'DELETE', /^\/snapshots\/snp_/) && r.status === 404
          ? withJson(r, { deleted: true, id: decodeURIComponent(e.path.split('/').pop()!) }, 200)
          : r,
    },
  },
  {
    change: 'a visibility outside the enum (public) taken as private',
    mode: 'scratch',
    probe: 'account.bad-visibility',
    where: 'answer 1 status',
    breaks: ['§2 Account visibility', '§4 PATCH /accounts/{id} visibility'],
    divergence: {
      request: (e) =>
        ofScratch(e, 'PATCH') && body(e).visibility === 'public' ? withBody(e, { visibility: 'private' }) : e,
    },
  },
  {
    change: 'a read-only field (category_name) silently ignored',
    mode: 'scratch',
    probe: 'account.read-only-field',
    where: 'answer 1 status',
    breaks: ['§2 Account category_name', 13],
    divergence: { request: (e) => (ofScratch(e, 'PATCH') && 'category_name' in body(e) ? ignored(e) : e) },
  },
  {
    change: 'liquidity_tier auto answered as auto',
    mode: 'scratch',
    probe: 'account.tier-auto',
    where: 'liquidity_tier',
    breaks: ['§2 Account liquidity_tier', '§4 PATCH /accounts/{id} liquidity_tier', 22],
    divergence: {
      response: (e, r) =>
        ofScratch(e, 'PATCH') && body(e).liquidity_tier === 'auto' && r.status === 200
          ? withJson(r, { ...jsonOf(r), liquidity_tier: 'auto' })
          : r,
    },
  },
  {
    change: 'unarchiving ignored: the account stays archived',
    mode: 'scratch',
    probe: 'account.unarchive',
    where: 'answer 2 body.lifecycle_status',
    breaks: ['§3 lifecycle archived -> active', '§4 PATCH /accounts/{id} lifecycle_status', 4],
    divergence: once(
      (e) => ofScratch(e, 'PATCH') && JSON.stringify(body(e)) === '{"lifecycle_status":"active"}',
      ignored,
    ),
  },
  {
    change: 'archived accounts left out of GET /accounts',
    mode: 'scratch',
    probe: 'account.archive',
    where: 'answer 2 body.accounts (length)',
    breaks: ['§3 archived accounts listed'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/accounts') && r.status === 200
          ? withJson(r, {
              accounts: (jsonOf(r).accounts as Array<{ lifecycle_status: string }>).filter(
                (a) => a.lifecycle_status !== 'archived',
              ),
            })
          : r,
    },
  },
  {
    change: 'PATCH /accounts/{id} with {} accepted (nothing changes)',
    mode: 'scratch',
    probe: 'account.patch-empty',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} body'],
    divergence: { request: (e) => (ofScratch(e, 'PATCH') && e.body === '{}' ? ignored(e) : e) },
  },
  {
    change: 'a PATCH of an account applied in part: the valid name kept, the bad visibility dropped',
    mode: 'scratch',
    probe: 'account.patch-all-or-nothing',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} body', '§7 422', 13],
    divergence: {
      request: (e) =>
        ofScratch(e, 'PATCH') && body(e).visibility === 'public' && 'name' in body(e)
          ? withBody(e, { name: body(e).name })
          : e,
    },
  },
  {
    change: 'a 121-character name accepted (cut to 120)',
    mode: 'scratch',
    probe: 'account.name-too-long',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} name', '§8 name length', 14],
    divergence: {
      request: (e) =>
        ofScratch(e, 'PATCH') && String(body(e).name ?? '').length === 121
          ? withBody(e, { name: String(body(e).name).slice(0, 120) })
          : e,
    },
  },
  {
    change: 'a 121-character institution_name accepted (cut to 120)',
    mode: 'scratch',
    probe: 'account.institution-too-long',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} institution_name', '§8 institution_name length'],
    divergence: {
      request: (e) =>
        ofScratch(e, 'PATCH') && String(body(e).institution_name ?? '').length === 121
          ? withBody(e, { institution_name: String(body(e).institution_name).slice(0, 120) })
          : e,
    },
  },
  {
    change: 'an unknown category is 404',
    mode: 'scratch',
    probe: 'account.unknown-category',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} category_id', 17],
    divergence: {
      response: (e, r) =>
        ofScratch(e, 'PATCH') && r.body.includes('category_not_found')
          ? { ...r, status: 404, body: JSON.stringify({ error: 'Not found', code: 'not_found' }) }
          : r,
    },
  },
  {
    change: 'auto_carry_forward is no field of PATCH',
    mode: 'scratch',
    probe: 'account.carry-forward-flag',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} auto_carry_forward', '§2 Account auto_carry_forward'],
    divergence: {
      request: (e) =>
        ofScratch(e, 'PATCH') && 'auto_carry_forward' in body(e)
          ? reply(422, {
              error: 'Validation failed',
              code: 'validation_failed',
              detail: [{ path: 'body.auto_carry_forward', message: 'is not a known field' }],
            })
          : e,
    },
  },
  {
    change: 'PATCH of an account nobody has is 422',
    mode: 'scratch',
    probe: 'account.patch-unknown',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} rule 1', '§7 404'],
    divergence: {
      response: (e, r) => (is(e, 'PATCH', /^\/accounts\//) && r.status === 404 ? { ...r, status: 422 } : r),
    },
  },
  {
    change: 'a shared visibility refused with 403',
    mode: 'scratch',
    probe: 'account.shared-visibility',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} rule 2', '§7 402', '§8 sharing', 20],
    divergence: {
      request: (e) =>
        ofScratch(e, 'PATCH') && body(e).visibility === 'shared_read_only'
          ? reply(403, { error: 'Forbidden', code: 'forbidden' })
          : e,
    },
  },
  {
    change: 'visibility private (unchanged) refused 402 without a sharing plan',
    mode: 'scratch',
    probe: 'account.private-unchanged',
    where: 'answer 1 status',
    breaks: ['§4 PATCH /accounts/{id} rule 2', '§8 sharing', 30],
    divergence: {
      request: (e) =>
        ofScratch(e, 'PATCH') && JSON.stringify(body(e)) === '{"visibility":"private"}'
          ? reply(402, { error: 'Sharing is not in your plan', code: 'sharing_not_in_plan' })
          : e,
    },
  },
];
