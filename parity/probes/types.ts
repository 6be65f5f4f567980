// The probe table's types: one probe is one entry, carrying its id, its spec citation, the mode it needs, its
// requests and what it compares (style rule 12). A new probe is one entry in one area file and nothing else.
import type { Answer } from '../../reading/answer';
import type { ProbeRequest } from '../http/request';
import type { AccountDetail } from 'personal-ledger-sdk';
import type { Inventory } from '../../reading/inventory';
import type { View, ViewOptions } from '../compare/view';
import type { RuleId } from './rules';

/**
 * What a probe needs from the target:
 * - `read`: GET requests with the token, and requests of any method with no valid token (always safe);
 * - `scratch`: also writes with the token, to the scratch account and the reserved dates only (`--scratch-account`);
 * - `never`: a request the kit never sends to a target (POST /accounts: accounts cannot be deleted).
 */
export type ProbeMode = 'read' | 'scratch' | 'never';

/** What a probe's step may read: one side's ledger as the kit saw it, and that side's earlier answers. */
export interface ProbeState {
  /** Everything the token saw at the start, on this side. */
  readonly inventory: Inventory;
  /** The scratch account as it was at the start (scratch mode only). */
  readonly scratch: AccountDetail | undefined;
  /** A made-up id, the same on both sides, that names nothing the token can see (minted once per run per name). */
  absent(name: string): string;
  /** A made-up literal id (`not-a-uuid`): registered as naming nothing, after checking the token sees no such id. */
  literal(value: string): string;
  /** The answers of this probe's earlier requests on this side, in order. */
  readonly answers: readonly Answer[];
}

/** Requests sent at the same moment (one pacing slot for all), not one after another: `{ together: [a, b] }`. */
export interface Together {
  readonly together: readonly ProbeRequest[];
}

/**
 * Builds one step's request(s) from the side's state: one, several in turn, or several at once. Throws StepUnavailable
 * when an earlier answer lacks what it needs, ProbeSkipped when an earlier answer shows the probe cannot tell anything.
 */
export type Step = (state: ProbeState) => ProbeRequest | readonly ProbeRequest[] | Together;

/** A probe: one entry of the catalogue. */
export interface Probe {
  /** Stable id, `area.what` (reports, recordings and docs name probes by it). */
  readonly id: string;
  /** What it checks, in a sentence. */
  readonly title: string;
  /** The rules of the specification it observes (the keys of RULES: `§4 GET /me`); the coverage table is made of these. */
  readonly rules: readonly RuleId[];
  /** The docs/spec-gaps.md entries (our choices where the specification says "not shown") this probe observes. */
  readonly gaps: readonly number[];
  readonly mode: ProbeMode;
  /** The operationIds of openapi.json it exercises. */
  readonly operations: readonly string[];
  /** Why it cannot run on this ledger (no snapshot to read, no liability category...), or undefined. */
  needs?(state: ProbeState): string | undefined;
  /** Its requests, in order; later steps may read earlier answers. */
  readonly steps: readonly Step[];
  /** What is compared, in words (the docs table); `view` says how. */
  readonly compares: string;
  readonly view?: ViewOptions;
  /** It may change the scratch account's fields: they are restored after it. */
  readonly changesAccount?: boolean;
  /**
   * It tells how many webhooks writes attempt, so it needs a webhook subscription in the household: without one its
   * first write attempts none, and it is skipped.
   */
  readonly webhooks?: boolean;
  /** Replaces the views of all its answers at once (after each was viewed), for what only several answers together show. */
  viewAll?(views: readonly View[], answers: readonly Answer[]): View[];
}

/** Thrown by a step when an earlier answer shows the probe cannot tell anything on this ledger: the probe is skipped, saying why. */
export class ProbeSkipped extends Error {
  override readonly name = 'ProbeSkipped';
}

/** Thrown by a step whose input an earlier answer did not give (that answer already differs, or failed). */
export class StepUnavailable extends Error {
  override readonly name = 'StepUnavailable';
}
