// What the inspector's routes answer, as types: the server builds these (exchange-wire.ts, state.ts, routes.ts) and
// the page (page/) reads them, so the two cannot drift apart. Types only: the page's bundle takes nothing else.
import type { CheckpointInfo } from '../control/checkpoints';
import type { DeliveryOutcome } from '../store/ledger-store';
import type { AccountRecord, HouseholdRecord, Scope, UserRecord, WebhookRecord } from '../store/records';
import type { SnapshotView } from '../store/snapshot-store';

/** A request in the page's list: the journal entry as GET /__mock/journal shows it, who sent it, what it names. */
export interface RequestSummary {
  /** The inspector's id (1, 2, 3... for the life of the server): GET /__mock/inspector/requests/<id> has its bodies. */
  id: number;
  seq: number;
  at: string;
  method: string;
  path: string;
  operation_id: string | null;
  status: number;
  token_id: string | null;
  duration_ms: number;
  fault: string | null;
  code?: string;
  reason?: string;
  applied_status?: number;
  internal_error?: { message: string; stack?: string };
  /** The user the token belongs to (never the token). */
  user: { id: string; name: string } | null;
  /** The accounts the request names (its path, query or bodies). */
  accounts: string[];
  request_bytes: number | null;
  response_bytes: number | null;
}

/** GET /__mock/inspector/events. */
export interface EventsAnswer {
  /** Changes when the journal is cleared or the server restarts: the page then starts its list over. */
  epoch: string;
  /** Changes when the state may have: the page then reads it again. */
  state_version: number;
  /** The id of the last request recorded: the page's next `after`. */
  last_id: number;
  /** Requests after `after` that this answer does not carry (more than one answer carries, or no longer kept). */
  missed: number;
  /** The newest requests after `after`, oldest first. */
  requests: RequestSummary[];
}

/** One body of a request or its answer, as kept. */
interface BodyJson {
  content_type: string | null;
  /** Its whole length; `null` when it was never read and no length was declared. */
  bytes: number | null;
  /** Only the first bytes are in `body`. */
  truncated: boolean;
  /** The text kept, or `null` when there was none. */
  body: string | null;
}

/** GET /__mock/inspector/requests/<id>. */
export interface RequestBodies {
  id: number;
  /** `unread`: the request was refused before its body was read, so there is none to show. */
  request: BodyJson & { method: string; path: string; unread: boolean };
  response: BodyJson & { status: number };
}

/** A token as the page lists it: never its value or hash. */
export interface TokenSummary {
  id: string;
  prefix: string;
  user_id: string;
  name: string;
  scopes: Scope[];
  status: 'active' | 'revoked' | 'expired';
}

/** An account with how many snapshots it has and its latest. */
export type AccountSummary = AccountRecord & { snapshots: number; latest: SnapshotView | null };

/** A webhook event as the page lists it: what it carried, counted, and how each delivery went. */
export interface EventSummary {
  id: string;
  created_at: string;
  operation: string;
  user_id: string;
  /** How many snapshots it carried. */
  snapshots: number;
  /** The accounts of those snapshots (the first few). */
  accounts: string[];
  deliveries: DeliveryOutcome[];
}

/** GET /__mock/inspector/state. */
export interface StateOverview {
  state_version: number;
  clock: { now: string; frozen: boolean };
  households: HouseholdRecord[];
  users: UserRecord[];
  tokens: TokenSummary[];
  accounts: AccountSummary[];
  webhooks: WebhookRecord[];
  events: { total: number; latest: EventSummary[] };
  /** As GET /__mock/faults lists them. */
  faults: Array<Record<string, unknown> & { id: string; operation: string | null }>;
  checkpoints: CheckpointInfo[];
}

/** A snapshot as GET /__mock/snapshots lists it. */
export type { SnapshotView };
