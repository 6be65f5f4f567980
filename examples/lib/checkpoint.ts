// The checkpoint of an interrupted bulk run: the rows not confirmed, so a rerun sends exactly those.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { BulkRow } from 'personal-ledger-sdk';
import { SetupError } from './report-error.js';

const FORMAT = 'personal-ledger-backfill-checkpoint/1';

export interface Checkpoint {
  format: typeof FORMAT;
  /** Where the rows were going (a base URL, never a token): a resume elsewhere is refused. */
  target: string;
  saved_at: string;
  /** Why the run stopped: `aborted`, `request_failed`... */
  reason: string;
  /** Rows of the run confirmed before it stopped (written or skipped). */
  confirmed: number;
  /** The rows to send again, in input order. */
  pending: BulkRow[];
  /**
   * How many "Backfill account N" the run used. The built-in demo ledger starts afresh in every process, so a resumed
   * run against it creates them again first (its ids are seeded: the same accounts get the same ids).
   */
  accounts?: number;
}

/** Writes the checkpoint atomically (a temporary file, then a rename), so a crash never leaves half a file. */
export async function saveCheckpoint(path: string, checkpoint: Omit<Checkpoint, 'format' | 'saved_at'>): Promise<void> {
  const full: Checkpoint = { format: FORMAT, saved_at: new Date().toISOString(), ...checkpoint };
  await writeFile(`${path}.tmp`, `${JSON.stringify(full)}\n`, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

/** Reads a checkpoint, or undefined if there is none. Throws SetupError if the file is not one. */
export async function loadCheckpoint(path: string): Promise<Checkpoint | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SetupError(`cannot read checkpoint ${path}: ${(error as Error).message}`);
  }
  let data: Partial<Checkpoint>;
  try {
    data = JSON.parse(text) as Partial<Checkpoint>;
  } catch {
    data = {};
  }
  const rowsOk = Array.isArray(data.pending) && data.pending.every(isRow);
  if (data.format !== FORMAT || typeof data.target !== 'string' || !rowsOk) {
    throw new SetupError(`${path} is not a backfill checkpoint (${FORMAT}); delete it to start over`);
  }
  return data as Checkpoint;
}

export async function removeCheckpoint(path: string): Promise<void> {
  await rm(path, { force: true });
}

function isRow(row: unknown): row is BulkRow {
  const r = row as Partial<BulkRow> | null;
  return typeof r === 'object' && r !== null && typeof r.account_id === 'string' && typeof r.snapshot_date === 'string' && typeof r.balance === 'number';
}
