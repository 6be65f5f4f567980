// The states the scratch account can reach (spec 2 Account, 3 lifecycle, 4 PATCH /accounts/{id}: omitted fields are
// left unchanged): archived, shared, archived and shared, shared and then private again, archived and then active
// again, each as the list and the detail show it. A shared visibility needs a plan with sharing: where the target
// refuses it (402), the probes that need it are skipped (the state cannot be reached); where it sets it, the fake it
// is compared with learns the plan (no API shows it). The account's fields are restored after each probe.
import { API, day, get, scratchId, upsert } from './helpers';
import { ProbeSkipped, type Probe, type ProbeState, type Step } from './types';
import type { ProbeRequest } from '../http/request';
import type { RuleId } from './rules';

const patch = (s: ProbeState, json: Record<string, unknown>): ProbeRequest => ({
  method: 'PATCH',
  path: `${API}/accounts/${scratchId(s)}`,
  json,
});
const list = () => get('/accounts');
const detail = (s: ProbeState) => get(`/accounts/${scratchId(s)}`);
/** Both views of the account: the list, then the detail. */
const views = (s: ProbeState) => [list(), detail(s)];

/** The next steps, unless answer `i` refused a shared visibility: then the state cannot be reached on this plan. */
function ifShared(i: number, next: Step): Step {
  return (s) => {
    const answer = s.answers[i];
    if (answer?.status === 402)
      throw new ProbeSkipped(
        'the plan does not include sharing (402 to a shared visibility): the state cannot be reached',
      );
    return next(s);
  };
}

const COMPARES = 'status and body of each PATCH, then the whole list and the detail';
const LISTED: RuleId[] = ['§4 GET /accounts response', '§4 GET /accounts/{id}', '§4 PATCH /accounts/{id} body'];

export const accountStateProbes: readonly Probe[] = [
  {
    id: 'account.state-archived',
    title:
      'An archived account is listed archived, its detail says archived, and its snapshots are kept and listed with every account',
    rules: [
      '§3 lifecycle active -> archived',
      '§3 archived accounts listed',
      '§4 GET /accounts lists every visible account',
      '§4 GET /snapshots account_id',
      ...LISTED,
    ],
    gaps: [4],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateAccount', 'listAccounts', 'getAccount', 'listSnapshots'],
    changesAccount: true,
    steps: [
      (s) => upsert(s, 91, 5),
      (s) => patch(s, { lifecycle_status: 'archived' }),
      views,
      () => get('/snapshots', `from=${day(91)}&to=${day(91)}`),
    ],
    compares: `${COMPARES}, and the snapshots of that day across every account`,
  },
  {
    id: 'account.state-archived-then-active',
    title: 'An account archived and then made active again is listed and read active, its other fields as they were',
    rules: ['§3 lifecycle active -> archived', '§3 lifecycle archived -> active', ...LISTED],
    gaps: [4],
    mode: 'scratch',
    operations: ['updateAccount', 'listAccounts', 'getAccount'],
    changesAccount: true,
    steps: [(s) => patch(s, { lifecycle_status: 'archived' }), (s) => patch(s, { lifecycle_status: 'active' }), views],
    compares: COMPARES,
  },
  {
    id: 'account.state-shared',
    title: 'A shared account (shared_full_access) is listed and read shared, on a plan with sharing',
    rules: ['§2 Account visibility', '§4 PATCH /accounts/{id} visibility', '§4 PATCH /accounts/{id} rule 2', ...LISTED],
    gaps: [20, 30],
    mode: 'scratch',
    operations: ['updateAccount', 'listAccounts', 'getAccount'],
    changesAccount: true,
    steps: [(s) => patch(s, { visibility: 'shared_full_access' }), ifShared(0, views)],
    compares: COMPARES,
  },
  {
    id: 'account.state-archived-shared',
    title: 'An archived account can be shared (on a plan with sharing): listed and read archived and shared_read_only',
    rules: [
      '§3 archived accounts listed',
      '§2 Account visibility',
      '§4 PATCH /accounts/{id} visibility',
      '§4 PATCH /accounts/{id} lifecycle_status',
      ...LISTED,
    ],
    gaps: [20, 30],
    mode: 'scratch',
    operations: ['updateAccount', 'listAccounts', 'getAccount'],
    changesAccount: true,
    steps: [
      (s) => patch(s, { lifecycle_status: 'archived' }),
      (s) => patch(s, { visibility: 'shared_read_only' }),
      ifShared(1, views),
    ],
    compares: COMPARES,
  },
  {
    id: 'account.state-shared-then-private',
    title: 'An account shared and then made private again is listed and read private (on a plan with sharing)',
    rules: ['§2 Account visibility', '§4 PATCH /accounts/{id} visibility', ...LISTED],
    gaps: [20, 30],
    mode: 'scratch',
    operations: ['updateAccount', 'listAccounts', 'getAccount'],
    changesAccount: true,
    steps: [
      (s) => patch(s, { visibility: 'shared_read_only' }),
      ifShared(0, views),
      (s) => patch(s, { visibility: 'private' }),
      views,
    ],
    compares: `${COMPARES}, shared and then private`,
  },
  {
    id: 'account.state-round-trip',
    title:
      'Archived and shared in one PATCH, then active and private in another: back where it started, in the list and the detail',
    rules: [
      '§3 lifecycle active -> archived',
      '§3 lifecycle archived -> active',
      '§4 PATCH /accounts/{id} lifecycle_status',
      '§4 PATCH /accounts/{id} visibility',
      ...LISTED,
    ],
    gaps: [20, 30],
    mode: 'scratch',
    operations: ['updateAccount', 'listAccounts', 'getAccount'],
    changesAccount: true,
    steps: [
      (s) => patch(s, { lifecycle_status: 'archived', visibility: 'shared_full_access' }),
      ifShared(0, detail),
      (s) => patch(s, { lifecycle_status: 'active', visibility: 'private' }),
      views,
    ],
    compares: COMPARES,
  },
];
