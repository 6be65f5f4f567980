// The results of a run: the report (markdown and JSON are two renderings of it) and its parts.
import type { Difference } from '../compare/diff';
import type { View } from '../compare/view';
import type { Oddity } from '../../reading/oddities';
import type { ProbeMode } from '../probes/types';

/** How a probe came out. */
export type Outcome = 'same' | 'differs' | 'skipped';

/** One probe's result. */
export interface ProbeResult {
  id: string;
  title: string;
  /** Its citation: specification sections and spec-gaps entries. */
  spec: string;
  gaps: readonly number[];
  mode: ProbeMode;
  outcome: Outcome;
  /** Why it was skipped. */
  reason?: string;
  /** Where the two sides disagree (outcome `differs`). */
  differences?: Difference[];
  /** Remarks that are not differences (additive fields, a step that could not be built). */
  notes?: string[];
  /** Both sides' answers, normalized (outcome `differs`). */
  target?: View[];
  fake?: View[];
}

/**
 * An odd answer met while reading what the token sees (a difference the probes cannot show: the fake is built from
 * that reading), with its evidence masked as every answer is, and which reading met it.
 */
export interface OddAnswer extends Oddity {
  /** `before` or `after` the probes (the target), `fake` (the mirror, read as the target was), or `recorded` (in a recording). */
  read: 'before' | 'after' | 'fake' | 'recorded';
}

/** What the kit sent to the target and what it undid (runs against a service only). */
export interface SafetyRecord {
  /** Requests sent to the target, all purposes. */
  requests: number;
  budget: number;
  /** At most this many requests a second. */
  rate: number;
  /** Requests that carried the token, by method. */
  with_token: Record<string, number>;
  /** Requests that carried no valid token (missing, malformed, another scheme, made up). */
  without_token: number;
  /** Writes undone: snapshots the kit created and deleted, fields of the scratch account it set back. */
  undone: { snapshots_deleted: number; account_fields_restored: string[] };
  /** What could not be undone (empty when everything was). */
  not_undone: string[];
  /** Everything the token sees, read before and after the run. */
  before_after:
    | { identical: boolean; changes: string[]; seen: { categories: number; accounts: number; snapshots: number } }
    | { identical: null; error: string };
}

/** The report of a run. */
export interface ParityReport {
  kit: { name: 'ledger-parity'; version: string; openapi_version: string };
  target:
    | { kind: 'service'; base_url: string; openapi_version: string | null }
    | { kind: 'recording'; recorded_at: string; openapi_version: string | null; kit_version: string };
  mode: 'read' | 'scratch';
  started_at: string;
  probes: ProbeResult[];
  summary: { same: number; differs: number; skipped: number };
  /**
   * The rules of the specification and the spec-gaps entries: how many this run observed (a probe of theirs ran),
   * skipped (their probes did not run: no scratch account, no webhook subscription...), and how many no probe can
   * observe (docs/parity.md says why, rule by rule).
   */
  coverage: { observed: number; skipped: number; not_observable: number };
  /** Odd answers met reading what the token sees: each is a difference (exit 1), with its evidence. */
  oddities: OddAnswer[];
  /** How the fake was made to mirror the target, and what it assumed. */
  mirror: { plan: string; plan_reason: string; notes: string[] };
  /** Values compared by type and range only, because they depend on state the token cannot see. */
  compared_by_range: Array<{ field: string; why: string }>;
  /** Runs against a service: what was sent and undone. */
  safety?: SafetyRecord;
  /** True when Ctrl-C stopped the run before every probe ran. */
  interrupted: boolean;
}
