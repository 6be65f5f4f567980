// How many webhooks each kind of write attempts (spec 6; spec 4 POST /snapshots rule 4, bulk rule 4; spec-gaps 26):
// every snapshot write fires one event, a bulk call one for all its rows, and each is attempted to the same
// subscriptions, so every write attempts as many webhooks as the first. (PATCH /snapshots/{id} answers the Snapshot
// alone, with no count, and DELETE answers none: what they fire cannot be seen.) The count itself depends on
// subscriptions no API lists: each answer is compared by its relation to the probe's first write, on each side. A
// household without a subscription attempts none: the first write tells, and the probe is skipped.
import type { View } from '../compare/view';
import type { Answer } from '../../reading/answer';
import { API, day, scratchId, upsert } from './helpers';
import { ProbeSkipped, type Probe, type ProbeState } from './types';

const NO_SUBSCRIPTION =
  'the first write attempted no webhook: the household has no webhook subscription, so how many webhooks a write attempts cannot be told (add one in the application to run this probe)';

/** Throws ProbeSkipped when the probe's first write attempted no webhook. */
function needsSubscription(state: ProbeState): void {
  if ((state.answers[0]?.json as { webhooks_attempted?: unknown } | undefined)?.webhooks_attempted === 0)
    throw new ProbeSkipped(NO_SUBSCRIPTION);
}

/** Each answer's webhooks_attempted as its relation to the first write's: `as many as the first write`, `none`, `3 times...`. */
function relativeToFirstWrite(views: readonly View[], answers: readonly Answer[]): View[] {
  const count = (answer: Answer | undefined) =>
    (answer?.json as { webhooks_attempted?: unknown } | undefined)?.webhooks_attempted;
  const first = count(answers[0]);
  return views.map((view, i) => {
    const value = count(answers[i]);
    if (
      typeof value !== 'number' ||
      typeof first !== 'number' ||
      first <= 0 ||
      typeof view.body !== 'object' ||
      view.body === null
    )
      return view;
    const relation =
      i === 0
        ? 'the first write: one or more'
        : value === first
          ? 'as many as the first write'
          : value === 0
            ? 'none'
            : Number.isInteger(value / first)
              ? `${value / first} times as many as the first write`
              : `${value}, where the first write attempted ${first}`;
    return { ...view, body: { ...(view.body as Record<string, unknown>), webhooks_attempted: relation } };
  });
}

const bulk = (s: ProbeState, rows: Array<[number, number]>) => ({
  method: 'POST' as const,
  path: `${API}/snapshots/bulk`,
  json: { snapshots: rows.map(([n, balance]) => ({ account_id: scratchId(s), snapshot_date: day(n), balance })) },
});
const COMPARES =
  "status, and webhooks_attempted of each write as a relation to the first write's (as many, none, n times as many)";

export const webhookProbes: readonly Probe[] = [
  {
    id: 'webhooks.every-upsert',
    title:
      'Every POST /snapshots attempts as many webhooks as the first, an insert, an update, and a write that changes nothing alike',
    rules: ['§6 emitted by POST /snapshots', '§4 POST /snapshots rule 4', '§6 webhooks_attempted'],
    gaps: [26],
    mode: 'scratch',
    webhooks: true,
    operations: ['upsertSnapshot'],
    steps: [
      (s) => upsert(s, 80, 1),
      (s) => {
        needsSubscription(s);
        return upsert(s, 80, 2);
      },
      (s) => upsert(s, 80, 2),
      (s) => upsert(s, 81, 3),
    ],
    compares: COMPARES,
    viewAll: relativeToFirstWrite,
  },
  {
    id: 'webhooks.bulk-one-event',
    title:
      'A bulk call attempts as many webhooks as one POST /snapshots, whatever its number of rows: one event for the call',
    rules: [
      '§6 emitted by POST /snapshots/bulk',
      '§4 POST /snapshots/bulk rule 4',
      '§4 POST /snapshots/bulk webhooks_attempted',
    ],
    gaps: [26],
    mode: 'scratch',
    webhooks: true,
    operations: ['upsertSnapshot', 'bulkUpsertSnapshots'],
    steps: [
      (s) => upsert(s, 83, 1),
      (s) => {
        needsSubscription(s);
        return bulk(s, [
          [84, 1],
          [85, 2],
          [86, 3],
        ]);
      },
      (s) =>
        bulk(s, [
          [83, 9],
          [87, 4],
        ]),
    ],
    compares: COMPARES,
    viewAll: relativeToFirstWrite,
  },
];
