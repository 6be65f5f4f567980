// Undoing a probe's writes on one side: every snapshot on the scratch account that was not there before the run
// is deleted, and the scratch account's fields are set back to what they were. Runs after each scratch probe,
// once more at the end, and after a failure or Ctrl-C. Its requests go through the same gate as the probes'.
import type { Answer } from '../../reading/answer';
import type { RequestGate } from '../http/gate';
import type { ProbeRequest } from '../http/request';
import type { AccountDetail } from 'personal-ledger-sdk';
import type { Inventory } from '../../reading/inventory';

const API = '/api/public/v1';
const RESTORED_FIELDS = [
  'name',
  'institution_name',
  'category_id',
  'visibility',
  'lifecycle_status',
  'auto_carry_forward',
] as const;

/** What one side's cleanup needs and learns. */
export interface CleanupState {
  gate: RequestGate;
  inventory: Inventory;
  scratch: AccountDetail;
  /** The label `auto` infers for the scratch account's category, once a probe showed it. */
  autoTier?: string;
  /** Totals for the report. */
  deleted: number;
  restoredFields: Set<string>;
  /** What could not be undone, in sentences. */
  problems: string[];
}

/** Undoes what a probe may have written. `account`: also restore the scratch account's fields. */
export async function undo(
  state: CleanupState,
  sent: readonly ProbeRequest[],
  answers: readonly Answer[],
  account: boolean,
): Promise<void> {
  learnAutoTier(state, sent, answers);
  await deleteNewSnapshots(state);
  if (account) await restoreAccount(state, sent);
}

async function deleteNewSnapshots(state: CleanupState): Promise<void> {
  const { gate, scratch } = state;
  const listed = await gate.send(
    { method: 'GET', path: `${API}/snapshots`, query: `account_id=${encodeURIComponent(scratch.id)}` },
    'upkeep',
  );
  const snapshots = (
    listed.json as { snapshots?: Array<{ id?: unknown; snapshot_date?: unknown; balance?: unknown }> } | undefined
  )?.snapshots;
  if (listed.status !== 200 || !Array.isArray(snapshots)) {
    note(
      state,
      `could not list the scratch account's snapshots (${listed.failure ?? listed.status}) to delete the kit's`,
    );
    return;
  }
  const before = new Map(state.inventory.snapshots.filter((s) => s.account_id === scratch.id).map((s) => [s.id, s]));
  for (const snapshot of snapshots) {
    if (typeof snapshot.id !== 'string') continue;
    const was = before.get(snapshot.id);
    if (was) {
      if (was.balance !== snapshot.balance || was.snapshot_date !== snapshot.snapshot_date) {
        note(
          state,
          `snapshot ${snapshot.id} of the scratch account (${was.snapshot_date}) changed during the run; the kit writes only in the reserved year and cannot put it back`,
        );
      }
      continue;
    }
    const deleted = await gate.send(
      { method: 'DELETE', path: `${API}/snapshots/${encodeURIComponent(snapshot.id)}` },
      'upkeep',
    );
    if (deleted.status >= 200 && deleted.status < 300) state.deleted += 1;
    else
      note(
        state,
        `could not delete snapshot ${snapshot.id} (${String(snapshot.snapshot_date)}) of the scratch account: ${deleted.failure ?? deleted.status}`,
      );
  }
}

async function restoreAccount(state: CleanupState, sent: readonly ProbeRequest[]): Promise<void> {
  const { gate, scratch } = state;
  const path = `${API}/accounts/${encodeURIComponent(scratch.id)}`;
  const read = await gate.send({ method: 'GET', path }, 'upkeep');
  const now = read.json as Record<string, unknown> | undefined;
  if (read.status !== 200 || typeof now !== 'object' || now === null) {
    note(state, `could not read the scratch account (${read.failure ?? read.status}) to restore its fields`);
    return;
  }
  const patch: Record<string, unknown> = {};
  for (const field of RESTORED_FIELDS) if (now[field] !== scratch[field]) patch[field] = scratch[field];
  const touchedTier = sent.some((request) => hasKey(request, 'liquidity_tier') || hasKey(request, 'category_id'));
  if (touchedTier || now.liquidity_tier !== scratch.liquidity_tier) {
    // The stored setting is not visible, only its label: `auto` when `auto` gives the label it had.
    patch.liquidity_tier = state.autoTier === scratch.liquidity_tier ? 'auto' : scratch.liquidity_tier;
  }
  if (Object.keys(patch).length === 0) return;
  const restored = await gate.send({ method: 'PATCH', path, json: patch }, 'upkeep');
  const after = restored.json as Record<string, unknown> | undefined;
  const off = [...RESTORED_FIELDS, 'liquidity_tier' as const].filter((field) => after?.[field] !== scratch[field]);
  if (restored.status !== 200 || off.length > 0) {
    note(
      state,
      `could not restore the scratch account's ${off.join(', ') || 'fields'} (${restored.failure ?? restored.status})`,
    );
    return;
  }
  for (const field of Object.keys(patch)) state.restoredFields.add(field);
}

/** A PATCH of the scratch account to tier `auto` with its own category shows the label `auto` infers for it. */
function learnAutoTier(state: CleanupState, sent: readonly ProbeRequest[], answers: readonly Answer[]): void {
  if (state.autoTier !== undefined) return;
  sent.forEach((request, i) => {
    const json = request.json as Record<string, unknown> | undefined;
    const answer = answers[i]?.json as Record<string, unknown> | undefined;
    if (
      request.method === 'PATCH' &&
      request.path.endsWith(`/accounts/${state.scratch.id}`) &&
      json !== undefined &&
      Object.keys(json).join() === 'liquidity_tier' &&
      json.liquidity_tier === 'auto' &&
      answers[i]?.status === 200 &&
      answer?.category_id === state.scratch.category_id &&
      typeof answer?.liquidity_tier === 'string'
    ) {
      state.autoTier = answer.liquidity_tier;
    }
  });
}

function hasKey(request: ProbeRequest, key: string): boolean {
  return typeof request.json === 'object' && request.json !== null && key in request.json;
}

function note(state: CleanupState, problem: string): void {
  if (!state.problems.includes(problem)) state.problems.push(problem);
}
