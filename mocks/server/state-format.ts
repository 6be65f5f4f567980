// The `ledger-mock --state` file: records framed as `<length> <crc32> <json>\n`, a header, an image of the
// whole store, then one record per group commit. Encoding, and reading with torn-tail and damage detection.
import { crc32 } from 'node:zlib';
import { dayNumber } from '../../src/shared/calendar-date';
import { formatDay } from '../store/dates';
import { ENTITY_TABLES, type EntityTableName, type SnapshotRowData, type StoreChange } from '../store/store-changes';

/** What the header record names the format. */
export const STATE_FORMAT = 'ledger-mock-state';
export const STATE_VERSION = 1;

/** `llllllll cccccccc `: eight hex digits of payload length, eight of its CRC-32, each followed by a space. */
const FRAME_HEAD = 18;
const FRAME = /^[0-9a-f]{8} [0-9a-f]{8} $/;
const NEWLINE = 0x0a;
/** Snapshot rows per record in an image. */
const ROWS_PER_RECORD = 5000;

/** A state file that cannot be used: where (`offset`, in bytes from the start) and why. */
export class StateFileError extends Error {
  override readonly name: string = 'StateFileError';

  /**
   * @param inLog the damage is after the image: the file cut at `offset` is a whole, older state
   */
  constructor(
    readonly file: string,
    readonly offset: number | undefined,
    reason: string,
    readonly inLog = false,
  ) {
    super(
      offset === undefined
        ? `state file ${file}: ${reason}`
        : `state file ${file} is damaged at byte ${offset}: ${reason}`,
    );
  }
}

/** The seeded random source's position, with the seed it belongs to. */
export interface RandomPosition {
  seed: string;
  state: number[];
}

type EncodedChange =
  | ['put', EntityTableName, Record<string, unknown>]
  | ['snapshot', number, string, string, number, boolean]
  | ['snapshot_deleted', number]
  | ['cleared'];

/** One record of the file, by its `t`. */
export type StatePayload =
  | { t: 'header'; format: typeof STATE_FORMAT; version: number; written_at: string }
  | { t: 'entities'; table: EntityTableName; records: Array<Record<string, unknown>> }
  | { t: 'snapshots'; account_id: string; rows: Array<[number, string, number, boolean]> }
  /** `random`: the position of every seed the file has been used with (so none of them repeats its ids). */
  | { t: 'image_end'; next_snapshot_seq: number; random: RandomPosition[] }
  | { t: 'batch'; changes: EncodedChange[]; random?: RandomPosition };

/** Frames one payload: `<length> <crc32> <json>\n`, length and CRC-32 (IEEE) of the JSON's UTF-8 bytes in hex. */
export function encodeRecord(payload: StatePayload): Buffer {
  const json = Buffer.from(JSON.stringify(payload), 'utf8');
  const frame = Buffer.allocUnsafe(FRAME_HEAD + json.length + 1);
  frame.write(`${hex8(json.length)} ${hex8(crc32(json))} `, 0, 'latin1');
  json.copy(frame, FRAME_HEAD);
  frame[frame.length - 1] = NEWLINE;
  return frame;
}

function hex8(value: number): string {
  return value.toString(16).padStart(8, '0');
}

/** What an image of the store is made of. */
export interface StoreImage {
  entities: Array<{ table: EntityTableName; records: object[] }>;
  rows: Iterable<SnapshotRowData>;
  nextSnapshotSeq: number;
  random: RandomPosition[];
}

/** The records of a whole file: header, the image, and its end marker. */
export function encodeImage(image: StoreImage, writtenAt: string): Buffer[] {
  const out = [encodeRecord({ t: 'header', format: STATE_FORMAT, version: STATE_VERSION, written_at: writtenAt })];
  for (const { table, records } of image.entities)
    out.push(encodeRecord({ t: 'entities', table, records: records as Array<Record<string, unknown>> }));
  let account: string | undefined;
  let rows: Array<[number, string, number, boolean]> = [];
  const flush = () => {
    if (account !== undefined && rows.length > 0) out.push(encodeRecord({ t: 'snapshots', account_id: account, rows }));
    rows = [];
  };
  for (const row of image.rows) {
    if (row.accountId !== account || rows.length === ROWS_PER_RECORD) {
      flush();
      account = row.accountId;
    }
    rows.push([row.seq, formatDay(row.day), row.balance, row.estimated]);
  }
  flush();
  out.push(encodeRecord({ t: 'image_end', next_snapshot_seq: image.nextSnapshotSeq, random: image.random }));
  return out;
}

/** One group commit: the changes of one or more sealed units, and the random position after them. */
export function encodeBatch(changes: readonly StoreChange[], random: RandomPosition | undefined): Buffer {
  const encoded = changes.map(encodeChange);
  return encodeRecord(random ? { t: 'batch', changes: encoded, random } : { t: 'batch', changes: encoded });
}

function encodeChange(change: StoreChange): EncodedChange {
  switch (change.kind) {
    case 'put':
      return ['put', change.table, change.record as unknown as Record<string, unknown>];
    case 'snapshot':
      return ['snapshot', change.seq, change.accountId, formatDay(change.day), change.balance, change.estimated];
    case 'snapshot_deleted':
      return ['snapshot_deleted', change.seq];
    case 'cleared':
      return ['cleared'];
  }
}

/** A state file as read: the image, the changes after it, and what was dropped from its end. */
export interface StateContents {
  entities: Array<{ table: EntityTableName; records: object[]; offset: number }>;
  rows: Array<{ accountId: string; rows: Array<[number, string, number, boolean]>; offset: number }>;
  nextSnapshotSeq: number;
  /** The last random position written for each seed. */
  random: Map<string, number[]>;
  batches: Array<{ changes: EncodedChange[]; offset: number }>;
  /** The bytes that make up whole records (where the next record goes). */
  validBytes: number;
  /** An unterminated last record (a write cut short), dropped. */
  torn?: { offset: number; bytes: number };
}

/**
 * Reads a whole file. A record is whole when its frame, its JSON and its newline are all there and the CRC
 * matches. The file may end with one unterminated record after the image (an append cut short): that is
 * `torn`. Anything else that is not a whole record in its place throws StateFileError with its offset.
 */
export function parseStateFile(file: string, bytes: Buffer): StateContents {
  const contents: StateContents = {
    entities: [],
    rows: [],
    nextSnapshotSeq: 1,
    random: new Map(),
    batches: [],
    validBytes: 0,
  };
  let stage: 'header' | 'image' | 'log' = 'header';
  let offset = 0;
  while (offset < bytes.length) {
    const damaged = (reason: string) => new StateFileError(file, offset, reason, stage === 'log');
    const record = readFrame(bytes, offset);
    if (typeof record === 'string') {
      // Unterminated and last: an append cut short. Only the log can end so: the image is written whole, then renamed.
      if (stage === 'log' && bytes.indexOf(NEWLINE, offset) < 0) {
        contents.torn = { offset, bytes: bytes.length - offset };
        break;
      }
      if (offset === 0)
        throw new StateFileError(
          file,
          undefined,
          'not a ledger-mock state file (it does not begin with a state record)',
        );
      throw damaged(record);
    }
    let payload: StatePayload;
    try {
      payload = JSON.parse(bytes.toString('utf8', record.start, record.end)) as StatePayload;
    } catch (error) {
      throw damaged(`the record's checksum matches but it is not JSON (${(error as Error).message})`);
    }
    if (typeof payload !== 'object' || payload === null) throw damaged('a record is not a JSON object');
    if (stage === 'header') {
      if (payload.t !== 'header' || payload.format !== STATE_FORMAT)
        throw new StateFileError(file, undefined, 'not a ledger-mock state file (no header record)');
      if (payload.version !== STATE_VERSION)
        throw new StateFileError(
          file,
          undefined,
          `format version ${payload.version} is not supported (this ledger-mock reads version ${STATE_VERSION})`,
        );
      stage = 'image';
    } else if (stage === 'image') {
      if (payload.t === 'entities' && ENTITY_TABLES.includes(payload.table) && Array.isArray(payload.records)) {
        contents.entities.push({ table: payload.table, records: payload.records, offset });
      } else if (payload.t === 'snapshots' && typeof payload.account_id === 'string' && Array.isArray(payload.rows)) {
        contents.rows.push({ accountId: payload.account_id, rows: payload.rows, offset });
      } else if (
        payload.t === 'image_end' &&
        Number.isInteger(payload.next_snapshot_seq) &&
        Array.isArray(payload.random)
      ) {
        contents.nextSnapshotSeq = payload.next_snapshot_seq;
        for (const position of payload.random) {
          const { seed, state } = checkedRandom(position, damaged);
          contents.random.set(seed, state);
        }
        stage = 'log';
      } else {
        throw damaged(`unexpected record "${String(payload.t)}" in the image`);
      }
    } else {
      if (payload.t !== 'batch' || !Array.isArray(payload.changes))
        throw damaged(`unexpected record "${String(payload.t)}" after the image`);
      contents.batches.push({ changes: payload.changes, offset });
      if (payload.random !== undefined) {
        const { seed, state } = checkedRandom(payload.random, damaged);
        contents.random.set(seed, state);
      }
    }
    offset = record.end + 1;
    contents.validBytes = offset;
  }
  if (stage === 'header') throw new StateFileError(file, undefined, 'not a ledger-mock state file (no header record)');
  if (stage === 'image')
    throw new StateFileError(
      file,
      contents.validBytes,
      'the file ends inside its image (it was not written by ledger-mock, or was cut short)',
    );
  return contents;
}

/** The payload's place, or why there is no whole record at `offset`. */
function readFrame(bytes: Buffer, offset: number): { start: number; end: number } | string {
  if (bytes.length - offset < FRAME_HEAD + 1) return 'a record is cut short';
  const head = bytes.toString('latin1', offset, offset + FRAME_HEAD);
  if (!FRAME.test(head)) return 'a record does not start with "<length> <crc32> "';
  const start = offset + FRAME_HEAD;
  const end = start + parseInt(head.slice(0, 8), 16);
  if (end >= bytes.length) return `a record of ${end - start} bytes is cut short`;
  if (bytes[end] !== NEWLINE) return 'a record does not end where its length says';
  const expected = parseInt(head.slice(9, 17), 16);
  const actual = crc32(bytes.subarray(start, end));
  if (actual !== expected) return `checksum mismatch (CRC-32 ${hex8(actual)}, the record says ${hex8(expected)})`;
  return { start, end };
}

function checkedRandom(value: unknown, damaged: (reason: string) => Error): RandomPosition {
  const position = value as RandomPosition;
  if (typeof position?.seed !== 'string' || !Array.isArray(position.state) || position.state.length !== 4)
    throw damaged('a malformed random position');
  return position;
}

/** A batch's changes as the store takes them; throws `damaged` for one that is not well formed. */
export function decodeChanges(changes: readonly unknown[], damaged: (reason: string) => Error): StoreChange[] {
  return changes.map((change) => {
    const c = change as unknown[];
    if (!Array.isArray(c)) throw damaged('a change is not an array');
    if (
      c[0] === 'put' &&
      ENTITY_TABLES.includes(c[1] as EntityTableName) &&
      typeof c[2] === 'object' &&
      c[2] !== null
    ) {
      return { kind: 'put', table: c[1] as EntityTableName, record: c[2] } as StoreChange;
    }
    if (c[0] === 'snapshot' && c.length === 6)
      return { kind: 'snapshot', ...decodeRow(c[1], c[2], c[3], c[4], c[5], damaged) };
    if (c[0] === 'snapshot_deleted' && Number.isInteger(c[1])) return { kind: 'snapshot_deleted', seq: c[1] as number };
    if (c[0] === 'cleared') return { kind: 'cleared' };
    throw damaged(`a malformed change ${JSON.stringify(c).slice(0, 80)}`);
  });
}

/** One snapshot row from its stored fields; throws `damaged` when one is off. */
export function decodeRow(
  seq: unknown,
  accountId: unknown,
  date: unknown,
  balance: unknown,
  estimated: unknown,
  damaged: (reason: string) => Error,
): SnapshotRowData {
  const day = typeof date === 'string' ? dayNumber(date) : undefined;
  if (
    !Number.isInteger(seq) ||
    typeof accountId !== 'string' ||
    day === undefined ||
    typeof balance !== 'number' ||
    typeof estimated !== 'boolean'
  ) {
    throw damaged(`a malformed snapshot row ${JSON.stringify([seq, accountId, date, balance, estimated])}`);
  }
  return { seq: seq as number, accountId, day, balance, estimated };
}
