// Small helpers the probe tables share: paths, the ledger's notable records, earlier answers.
import type { Account, Snapshot } from 'personal-ledger-sdk';
import { reservedDay } from '../state/reserved';
import { StepUnavailable, type ProbeState } from './types';
import type { ProbeRequest } from '../http/request';

/** Where the API lives. */
export const API = '/api/public/v1';

/** A GET of `path` under the API with the token. */
export function get(path: string, query?: string, auth: ProbeRequest['auth'] = 'valid'): ProbeRequest {
  return { method: 'GET', path: `${API}${path}`, ...(query !== undefined ? { query } : {}), auth };
}

/** The `n`th reserved day (2000-01-0n...). */
export const day = reservedDay;

/** The scratch account's id (scratch probes only run with one). */
export function scratchId(state: ProbeState): string {
  return state.scratch!.id;
}

/** A POST /snapshots of `balance` on the scratch account at reserved day `n`. */
export function upsert(state: ProbeState, n: number, balance: number): ProbeRequest {
  return {
    method: 'POST',
    path: `${API}/snapshots`,
    json: { account_id: scratchId(state), snapshot_date: day(n), balance },
  };
}

/** A PATCH of the scratch account. */
export function patchScratch(state: ProbeState, json: unknown): ProbeRequest {
  return { method: 'PATCH', path: `${API}/accounts/${scratchId(state)}`, json };
}

/** GET /snapshots of the scratch account between reserved days `from` and `to`. */
export function scratchSnapshots(state: ProbeState, from: number, to: number): ProbeRequest {
  return get('/snapshots', `account_id=${scratchId(state)}&from=${day(from)}&to=${day(to)}`);
}

/** The first account the token sees, if any. */
export function firstAccount(state: ProbeState): Account | undefined {
  return state.inventory.accounts[0];
}

/** The first snapshot the token sees, if any. */
export function firstSnapshot(state: ProbeState): Snapshot | undefined {
  return state.inventory.snapshots[0];
}

/** The account with the most snapshots, and its snapshot dates in order. */
export function busiestAccount(state: ProbeState): { id: string; dates: string[] } | undefined {
  const dates = new Map<string, string[]>();
  for (const s of state.inventory.snapshots) {
    if (!dates.has(s.account_id)) dates.set(s.account_id, []);
    dates.get(s.account_id)!.push(s.snapshot_date);
  }
  let best: { id: string; dates: string[] } | undefined;
  for (const [id, list] of dates) if (!best || list.length > best.dates.length) best = { id, dates: [...list].sort() };
  return best;
}

/** Skip reasons probes share. */
export const needsSnapshot = (state: ProbeState) =>
  firstSnapshot(state) ? undefined : 'the token sees no snapshot to read';
export const needsAccount = (state: ProbeState) =>
  firstAccount(state) ? undefined : 'the token sees no account to read';

/** The id of the snapshot an earlier answer returned (`{ snapshot: { id } }` of POST, or `{ id }` of PATCH/GET). */
export function snapshotIdFrom(state: ProbeState, answer: number): string {
  const json = state.answers[answer]?.json as { id?: unknown; snapshot?: { id?: unknown } } | undefined;
  const id = json?.snapshot?.id ?? json?.id;
  if (typeof id !== 'string') throw new StepUnavailable(`answer ${answer + 1} returned no snapshot id`);
  return id;
}

/** Path of one snapshot. */
export function snapshotPath(id: string): string {
  return `${API}/snapshots/${encodeURIComponent(id)}`;
}

/** A PATCH of one snapshot. */
export function patchSnapshot(id: string, json: unknown): ProbeRequest {
  return { method: 'PATCH', path: snapshotPath(id), json };
}

/** A DELETE of one snapshot. */
export function deleteSnapshot(id: string): ProbeRequest {
  return { method: 'DELETE', path: snapshotPath(id) };
}

/** The snapshot the probe's first answer created. */
export function created(state: ProbeState): string {
  return snapshotIdFrom(state, 0);
}
