// Divergences in the states the scratch account can reach, as the list and the detail show them: a detail that
// disagrees with the list, a list that lags behind, an archived account that cannot be shared, a PATCH that applies
// one of two fields... Some services here remember what they were told (a flag set by a PATCH the proxy saw).
import { SCRATCH } from '../support';
import type { Divergence, Exchange } from '../support';
import { type Case, body, is, jsonOf, once, reply, withBody, withJson } from './kit';

const ofScratch = (e: Exchange, method: string) => is(e, method, `/accounts/${SCRATCH}`);
type Account = { id: string; lifecycle_status: string; visibility: string };
/** A GET /accounts answer with the scratch account changed by `change`. */
const scratchInList = (r: Parameters<typeof withJson>[0], change: (a: Account) => Account) =>
  withJson(r, { accounts: (jsonOf(r).accounts as Account[]).map((a) => (a.id === SCRATCH ? change(a) : a)) });

/** A service that remembers whether the scratch account was archived through it, and changes by `change` of that. */
function remembersArchive(change: (archived: boolean) => Divergence): Divergence {
  let archived = false;
  return {
    request: (e) => {
      if (ofScratch(e, 'PATCH') && typeof body(e).lifecycle_status === 'string')
        archived = body(e).lifecycle_status === 'archived';
      return change(archived).request?.(e) ?? e;
    },
    response: (e, r) => change(archived).response?.(e, r) ?? r,
  };
}

export const STATE_CASES: Case[] = [
  {
    change: 'the detail of an archived account says active',
    mode: 'scratch',
    probe: 'account.state-archived',
    where: 'answer 4 body.lifecycle_status',
    breaks: ['§4 GET /accounts/{id}', '§3 lifecycle active -> archived'],
    divergence: {
      response: (e, r) =>
        ofScratch(e, 'GET') && r.status === 200 && jsonOf(r).lifecycle_status === 'archived'
          ? withJson(r, { ...jsonOf(r), lifecycle_status: 'active' })
          : r,
    },
  },
  {
    change: "an archived account's snapshots left out of the list across every account",
    mode: 'scratch',
    probe: 'account.state-archived',
    where: 'answer 5 body.snapshots (length)',
    breaks: ['§4 GET /snapshots account_id', '§4 GET /accounts lists every visible account'],
    divergence: remembersArchive((archived) => ({
      response: (e, r) =>
        archived && is(e, 'GET', '/snapshots') && !e.query.includes('account_id') && r.status === 200
          ? withJson(r, {
              snapshots: (jsonOf(r).snapshots as Array<{ account_id: string }>).filter((s) => s.account_id !== SCRATCH),
            })
          : r,
    })),
  },
  {
    change: 'the list keeps showing an account archived after it was made active again',
    mode: 'scratch',
    probe: 'account.state-archived-then-active',
    where: 'answer 3 body.accounts',
    breaks: ['§3 lifecycle archived -> active', '§4 GET /accounts response'],
    divergence: (() => {
      let seen = false;
      return {
        request: (e: Exchange) => {
          if (ofScratch(e, 'PATCH') && body(e).lifecycle_status === 'archived') seen = true;
          return e;
        },
        response: (e: Exchange, r: Parameters<typeof withJson>[0]) =>
          seen && is(e, 'GET', '/accounts') && r.status === 200
            ? scratchInList(r, (a) => ({ ...a, lifecycle_status: 'archived' }))
            : r,
      };
    })(),
  },
  {
    change: 'a shared account listed private',
    mode: 'scratch',
    probe: 'account.state-shared',
    where: 'answer 2 body.accounts',
    breaks: ['§4 GET /accounts response', '§2 Account visibility'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/accounts') && r.status === 200
          ? scratchInList(r, (a) => (a.visibility.startsWith('shared_') ? { ...a, visibility: 'private' } : a))
          : r,
    },
  },
  {
    change: 'an archived account cannot be shared: 422',
    mode: 'scratch',
    probe: 'account.state-archived-shared',
    where: 'answer 2 status',
    breaks: ['§4 PATCH /accounts/{id} visibility', 30],
    divergence: remembersArchive((archived) => ({
      request: (e) =>
        archived && ofScratch(e, 'PATCH') && String(body(e).visibility ?? '').startsWith('shared_')
          ? reply(422, { error: 'Archived accounts cannot be shared', code: 'account_archived' })
          : e,
    })),
  },
  {
    change: 'a shared account cannot be made private again: 409',
    mode: 'scratch',
    probe: 'account.state-shared-then-private',
    where: 'answer 4 status',
    breaks: ['§4 PATCH /accounts/{id} visibility', '§2 Account visibility'],
    divergence: once(
      (e) => ofScratch(e, 'PATCH') && JSON.stringify(body(e)) === '{"visibility":"private"}',
      () => reply(409, { error: 'Conflict', code: 'conflict' }),
    ),
  },
  {
    change: 'a PATCH of lifecycle_status and visibility applies only the first',
    mode: 'scratch',
    probe: 'account.state-round-trip',
    where: 'answer 2 body.visibility',
    breaks: ['§4 PATCH /accounts/{id} body', '§4 PATCH /accounts/{id} visibility'],
    divergence: once(
      (e) => ofScratch(e, 'PATCH') && 'lifecycle_status' in body(e) && 'visibility' in body(e),
      (e) => withBody(e, { lifecycle_status: body(e).lifecycle_status }),
    ),
  },
];
