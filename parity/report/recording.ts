// A recording: the target's normalized answers to every probe, with the date and the service's openapi.json
// version, so that `--against FILE` can compare the fake with it later without any network.
import type { View } from '../compare/view';
import type { Inventory } from '../../reading/inventory';
import type { Oddity } from '../../reading/oddities';

/** The format marker of a recording file. */
export const RECORDING_FORMAT = 'ledger-parity-recording/1';

/** A recording, as saved by `--record` and read by `--against`. */
export interface ParityRecording {
  format: typeof RECORDING_FORMAT;
  /** The day it was recorded (YYYY-MM-DD). */
  recorded_at: string;
  /** `info.version` of the service's own GET /openapi.json; null when it gave none. */
  openapi_version: string | null;
  /** The kit version that recorded it. */
  kit_version: string;
  mode: 'read' | 'scratch';
  scratch_account_id: string | null;
  /** What the token saw, masked (names, balances and ids as in every answer): the fake mirrors it. */
  inventory: Inventory;
  /** The odd answers met reading it (masked): a --against run reports them again. Absent in recordings of kit 0.1.0. */
  oddities?: Oddity[];
  /** Per probe: the target's views, or why it was skipped. */
  probes: Record<string, { views: View[] } | { skipped: string }>;
}

/** A recording file that cannot be used. */
export class RecordingError extends Error {
  override readonly name = 'RecordingError';
}

/** Checks a parsed recording's shape; throws RecordingError saying what is wrong. */
export function checkRecording(value: unknown): ParityRecording {
  const r = value as Partial<ParityRecording> | null;
  if (typeof r !== 'object' || r === null) throw new RecordingError('a recording is a JSON object');
  if (r.format !== RECORDING_FORMAT)
    throw new RecordingError(
      `not a recording of this kit: format is ${JSON.stringify(r.format)}, expected ${RECORDING_FORMAT}`,
    );
  if (r.mode !== 'read' && r.mode !== 'scratch') throw new RecordingError('mode must be read or scratch');
  const inventory = r.inventory as Partial<Inventory> | undefined;
  if (
    !inventory ||
    typeof inventory.me !== 'object' ||
    !Array.isArray(inventory.categories) ||
    !Array.isArray(inventory.accounts) ||
    !Array.isArray(inventory.snapshots) ||
    typeof inventory.details !== 'object'
  ) {
    throw new RecordingError('inventory must hold me, categories, accounts, details and snapshots');
  }
  if (r.mode === 'scratch' && (typeof r.scratch_account_id !== 'string' || !inventory.details[r.scratch_account_id])) {
    throw new RecordingError("a scratch recording names its scratch account, one of the inventory's accounts");
  }
  if (r.oddities !== undefined && !Array.isArray(r.oddities)) throw new RecordingError('oddities must be an array');
  if (typeof r.probes !== 'object' || r.probes === null) throw new RecordingError('probes must be an object');
  return r as ParityRecording;
}
