// PATCH and DELETE /snapshots/{id} (spec 4; spec-gaps 1, 10, 11, 13, 17, 28). Only snapshots the kit wrote in the
// same probe are changed, or ids the kit made up.
import { day, scratchId, scratchSnapshots, snapshotIdFrom, snapshotPath, upsert } from './helpers';
import type { Probe, ProbeState } from './types';
import type { ProbeRequest } from '../http/request';

const patch = (id: string, json: unknown): ProbeRequest => ({ method: 'PATCH', path: snapshotPath(id), json });
const remove = (id: string): ProbeRequest => ({ method: 'DELETE', path: snapshotPath(id) });
/** The snapshot the probe's first answer created. */
const created = (s: ProbeState) => snapshotIdFrom(s, 0);

export const snapshotEditProbes: readonly Probe[] = [
  {
    id: 'snapshot.patch-balance',
    title: 'PATCH /snapshots/{id} with a balance answers 200 and the updated Snapshot',
    spec: '§4 PATCH /snapshots/{id}',
    gaps: [1],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateSnapshot', 'getSnapshot'],
    steps: [(s) => upsert(s, 20, 1), (s) => patch(created(s), { balance: 7.5 }), (s) => ({ method: 'GET', path: snapshotPath(created(s)) })],
    compares: 'status and the Snapshot after the change, and read back',
  },
  {
    id: 'snapshot.patch-date',
    title: 'PATCH /snapshots/{id} with a new snapshot_date moves it',
    spec: '§4 PATCH /snapshots/{id}',
    gaps: [1],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateSnapshot', 'listSnapshots'],
    steps: [(s) => upsert(s, 21, 1), (s) => patch(created(s), { snapshot_date: day(22) }), (s) => scratchSnapshots(s, 21, 22)],
    compares: 'status, the moved Snapshot, and the list of both dates after',
  },
  {
    id: 'snapshot.patch-onto-taken-date',
    title: 'Moving a snapshot onto a date that has one is 422 snapshot_date_taken; nothing changes',
    gaps: [10],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateSnapshot', 'listSnapshots'],
    steps: [(s) => upsert(s, 23, 1), (s) => upsert(s, 24, 2), (s) => patch(created(s), { snapshot_date: day(24) }), (s) => scratchSnapshots(s, 23, 24)],
    compares: 'status and error body of the refused move, and the list after',
  },
  {
    id: 'snapshot.patch-own-date',
    title: 'Moving a snapshot onto its own date is a no-op change and succeeds',
    gaps: [10],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateSnapshot'],
    steps: [(s) => upsert(s, 25, 1), (s) => patch(created(s), { snapshot_date: day(25), balance: 3 })],
    compares: 'status and the Snapshot',
  },
  {
    id: 'snapshot.patch-empty',
    title: 'PATCH /snapshots/{id} with {} is 422 ("send at least one field")',
    spec: '§4 PATCH /snapshots/{id}',
    gaps: [28],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateSnapshot'],
    steps: [(s) => upsert(s, 26, 1), (s) => patch(created(s), {})],
    compares: 'status and the error body with its wording',
    view: { messages: true },
  },
  {
    id: 'snapshot.patch-account-id',
    title: 'account_id is no field of PATCH /snapshots/{id}: 422, the snapshot stays',
    gaps: [13],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateSnapshot'],
    steps: [(s) => upsert(s, 27, 1), (s) => patch(created(s), { account_id: scratchId(s) })],
    compares: 'status and the error body',
  },
  {
    id: 'snapshot.patch-unknown',
    title: 'PATCH /snapshots/{id} of an id nobody has is 404 not_found',
    spec: '§4 PATCH /snapshots/{id}',
    gaps: [11],
    mode: 'scratch',
    operations: ['updateSnapshot'],
    steps: [(s) => patch(s.absent('snapshot'), { balance: 1 })],
    compares: 'status and the error body',
  },
  {
    id: 'snapshot.patch-check-order',
    title: 'The body is judged before the id: PATCH {} of an unknown snapshot is 422, not 404',
    gaps: [17],
    mode: 'scratch',
    operations: ['updateSnapshot'],
    steps: [(s) => patch(s.absent('snapshot'), {})],
    compares: 'status and the error body',
  },
  {
    id: 'snapshot.delete',
    title: 'DELETE /snapshots/{id} answers 200 { deleted: true, id }; the snapshot is gone',
    spec: '§4 DELETE /snapshots/{id}',
    gaps: [1],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'deleteSnapshot', 'getSnapshot'],
    steps: [(s) => upsert(s, 28, 1), (s) => remove(created(s)), (s) => ({ method: 'GET', path: snapshotPath(created(s)) })],
    compares: 'status and body of the delete, and the 404 after',
  },
  {
    id: 'snapshot.delete-twice',
    title: 'A second DELETE of the same snapshot is 404 not_found',
    spec: '§4 DELETE /snapshots/{id}',
    gaps: [11],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'deleteSnapshot'],
    steps: [(s) => upsert(s, 29, 1), (s) => remove(created(s)), (s) => remove(created(s))],
    compares: 'status and bodies',
  },
  {
    id: 'snapshot.delete-unknown',
    title: 'DELETE /snapshots/{id} of an id nobody has is 404 not_found',
    spec: '§4 DELETE /snapshots/{id}',
    gaps: [11],
    mode: 'scratch',
    operations: ['deleteSnapshot'],
    steps: [(s) => remove(s.absent('snapshot'))],
    compares: 'status and the error body',
  },
];
