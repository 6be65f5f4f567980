import { bulkUpsertSnapshots } from '../../rules/bulk';
import { deleteSnapshot, getSnapshot, listSnapshots, updateSnapshot, upsertSnapshot } from '../../rules/snapshots';
import { parseSnapshotQuery } from '../../rules/validation';
import type { Operation } from '../pipeline';

/** The snapshot operations, bulk included. */
export const snapshotOperations: Operation[] = [
  {
    operationId: 'listSnapshots',
    method: 'get',
    path: '/snapshots',
    run: ({ store, reach, query }) => ({
      status: 200,
      body: { snapshots: listSnapshots(store, reach, parseSnapshotQuery(query)) },
    }),
  },
  {
    operationId: 'upsertSnapshot',
    method: 'post',
    path: '/snapshots',
    readsBody: true,
    run: ({ store, actor, reach, body }) => upsertSnapshot(store, actor, reach, body),
  },
  {
    operationId: 'bulkUpsertSnapshots',
    method: 'post',
    path: '/snapshots/bulk',
    readsBody: true,
    run: ({ store, actor, reach, body }) => bulkUpsertSnapshots(store, actor, reach, body),
  },
  {
    operationId: 'getSnapshot',
    method: 'get',
    path: '/snapshots/:id',
    run: ({ store, reach, params }) => ({ status: 200, body: getSnapshot(store, reach, params.id!) }),
  },
  {
    operationId: 'updateSnapshot',
    method: 'patch',
    path: '/snapshots/:id',
    readsBody: true,
    run: ({ store, actor, reach, params, body }) => updateSnapshot(store, actor, reach, params.id!, body),
  },
  {
    operationId: 'deleteSnapshot',
    method: 'delete',
    path: '/snapshots/:id',
    run: ({ store, reach, params }) => ({ status: 200, body: deleteSnapshot(store, reach, params.id!) }),
  },
];
