// This file was generated from openapi.json by scripts/generate-api-constants.mjs.
// Do not make direct changes to the file: edit openapi.json and run `npm run generate`.

/** Rows per POST /snapshots/bulk, at most (`BulkUpsertRequest.snapshots.maxItems`); more is refused with 413 `too_many_rows`. */
export const MAX_BULK_ROWS = 5000;

/** Rows per POST /snapshots/bulk, at least (`BulkUpsertRequest.snapshots.minItems`). */
export const MIN_BULK_ROWS = 1;

/** An id (`Uuid.pattern`): any UUID, upper or lower case hex. */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The form of a date (`Date.pattern`): `YYYY-MM-DD`. A real calendar date is also required (`format: date`). */
export const DATE_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** The shortest account or institution name (`Name.minLength`), in code points. */
export const NAME_MIN_LENGTH = 1;

/** The longest account or institution name (`Name.maxLength`), in code points. */
export const NAME_MAX_LENGTH = 120;

/** Who can see an account (`Visibility`). */
export const VISIBILITIES = ["private", "shared_read_only", "shared_full_access"] as const;

/** An account's lifecycle (`LifecycleStatus`). */
export const LIFECYCLE_STATUSES = ["active", "archived"] as const;

/** An account's liquidity label (`LiquidityTier`); `auto` asks the service to infer it. */
export const LIQUIDITY_TIERS = ["auto", "cash", "taxable_investment", "retirement", "property", "other_illiquid", "debt"] as const;

/** The category types seen so far (`CategoryType`): an open set, other values may come. */
export const KNOWN_CATEGORY_TYPES = ["asset", "liability"] as const;

/** What a snapshot write did (`UpsertAction`). */
export const UPSERT_ACTIONS = ["inserted", "updated"] as const;

/** The type of the webhook event every snapshot write fires (`SnapshotUpsertedEvent.type`). */
export const SNAPSHOT_UPSERTED_EVENT = "snapshot.upserted";

/** The operations that fire it (`SnapshotUpsertedEvent.data.operation`). */
export const SNAPSHOT_UPSERTED_OPERATIONS = ["upsertSnapshot", "updateSnapshot", "bulkUpsertSnapshots"] as const;

/** The `WWW-Authenticate` header of every 401 (`components.headers.WWW-Authenticate`). */
export const WWW_AUTHENTICATE = "Bearer realm=\"ledger\"";

/** Where every operation lives under the base URL (the prefix all `paths` share). */
export const API_PREFIX = "/api/public/v1";
