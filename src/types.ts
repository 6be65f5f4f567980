// Friendly names for the schemas of openapi.json (generated into ./generated/openapi.ts).
import type { components, operations } from './generated/openapi';

type Schemas = components['schemas'];

/** The caller's identity (GET /me): `user_id`, `household_id` (resolved at request time), `token_id`. */
export type Identity = Schemas['Identity'];
/** A category (`id` is used as `category_id` on accounts). */
export type Category = Schemas['Category'];
/** A category's type: `asset`, `liability`, or a value added later (the set is open). */
export type CategoryType = Schemas['CategoryType'];
/** A standard account in list form (GET /accounts); it has no `auto_carry_forward`. */
export type Account = Schemas['Account'];
/** A standard account in detail form: the list form plus `auto_carry_forward`. */
export type AccountDetail = Schemas['AccountDetail'];
/** Who can see an account. @default 'private' (on create) */
export type Visibility = Schemas['Visibility'];
/** An account's lifecycle: `active` or `archived`. */
export type LifecycleStatus = Schemas['LifecycleStatus'];
/** An account's liquidity label; `auto` asks the service to infer it. @default 'auto' (on create) */
export type LiquidityTier = Schemas['LiquidityTier'];

/** The body of POST /accounts: `name` and `category_id` are required; the others have service defaults. */
export type AccountCreate = Schemas['AccountCreate'];
/** The body of PATCH /accounts/{id}: the fields to change (send at least one). */
export type AccountUpdate = Schemas['AccountUpdate'];

/** One dated balance of one account; (`account_id`, `snapshot_date`) is unique. */
export type Snapshot = Schemas['Snapshot'];
/** The body of POST /snapshots and one bulk row: `account_id`, `snapshot_date` (YYYY-MM-DD), `balance`. */
export type SnapshotWrite = Schemas['SnapshotWrite'];
/** The body of PATCH /snapshots/{id}: `balance`, `snapshot_date`, or both. */
export type SnapshotUpdate = Schemas['SnapshotUpdate'];
/** The query of GET /snapshots: `account_id`, `from` and `to` (inclusive, YYYY-MM-DD), all optional. */
export type SnapshotListQuery = NonNullable<operations['listSnapshots']['parameters']['query']>;
/** What a snapshot write did: `inserted` or `updated`. */
export type UpsertAction = Schemas['UpsertAction'];
/** The result of POST /snapshots: `{ snapshot, action, webhooks_attempted }`. */
export type SnapshotUpsertResult = Schemas['SnapshotUpsertResult'];
/** The result of DELETE /snapshots/{id}: `{ deleted: true, id }`. */
export type DeleteResult = Schemas['DeleteResult'];

/** The body of POST /snapshots/bulk: 1 to 5,000 rows. */
export type BulkUpsertRequest = Schemas['BulkUpsertRequest'];
/** The result of POST /snapshots/bulk: counts, and the rows `skipped` (callers must inspect it). */
export type BulkUpsertResult = Schemas['BulkUpsertResult'];
/** A bulk row that was not written: its zero-based `index` and the `reason`. */
export type SkippedRow = Schemas['SkippedRow'];
/** The 422 body of a bulk call that wrote nothing (`code: 'nothing_written'`), with the bulk result fields. */
export type BulkNothingWritten = Schemas['BulkNothingWritten'];

/** An error body: `error` (message), optional `code`, optional `detail`. */
export type ErrorBody = Schemas['Error'];
/** One `detail` entry of an error body: `path` and `message`. */
export type ErrorDetail = Schemas['ErrorDetail'];
/** The payload of the `snapshot.upserted` webhook. */
export type SnapshotUpsertedEvent = Schemas['SnapshotUpsertedEvent'];
