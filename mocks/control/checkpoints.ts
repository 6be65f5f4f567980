// Named checkpoints: the state and clock of a fake at one moment, to come back to (control.checkpoint and
// control.restore). A setup that is slow to build (100,000 snapshots, say) is built once and restored per test.
import { MockControlError } from '../errors';
import { didYouMean } from '../../src/shared/suggest';
import type { Clock } from '../store/clock';
import type { LedgerStore, StoreImage } from '../store/ledger-store';

/** A checkpoint as listed. */
export interface CheckpointInfo {
  name: string;
  /** The fake's clock when it was taken (ISO 8601); a restore brings it back. */
  now: string;
  /** Whether the clock was frozen then: a restore freezes it again, or lets it run as it ran. */
  frozen: boolean;
  /** How many snapshots it holds. */
  snapshots: number;
}

interface Checkpoint {
  info: CheckpointInfo;
  image: StoreImage;
  /** Frozen: the reading; running: the offset from the real clock, so time does not run backwards on restore. */
  clockMs: number;
}

const MAX_NAME = 200;

/** The checkpoints of one fake, by name. */
export class Checkpoints {
  #byName = new Map<string, Checkpoint>();

  /** Takes a checkpoint of `store` and `clock` under `name`, replacing one of that name. Run it between requests. */
  take(name: string, store: LedgerStore): CheckpointInfo {
    checkName(name);
    const clock = store.clock;
    const reading = clock.now().getTime();
    const info: CheckpointInfo = {
      name,
      now: new Date(reading).toISOString(),
      frozen: clock.frozen,
      snapshots: store.snapshots.size,
    };
    this.#byName.set(name, { info, image: store.image(), clockMs: clock.frozen ? reading : reading - Date.now() });
    return { ...info };
  }

  /** Puts the state and clock of checkpoint `name` back into `store` (the checkpoint stays, for the next restore). */
  restore(name: string, store: LedgerStore): CheckpointInfo {
    const checkpoint = this.#get(name);
    store.restoreImage(checkpoint.image);
    restoreClock(store.clock, checkpoint);
    return { ...checkpoint.info };
  }

  /** Every checkpoint, in the order taken. */
  list(): CheckpointInfo[] {
    return Array.from(this.#byName.values(), ({ info }) => ({ ...info }));
  }

  /** Forgets checkpoint `name` (and the memory it holds). */
  delete(name: string): void {
    this.#get(name);
    this.#byName.delete(name);
  }

  #get(name: string): Checkpoint {
    const checkpoint = typeof name === 'string' ? this.#byName.get(name) : undefined;
    if (checkpoint) return checkpoint;
    const names = [...this.#byName.keys()];
    const known =
      names.length === 0
        ? 'there is none (take one with checkpoint(name))'
        : `there are ${names.map((n) => JSON.stringify(n)).join(', ')}`;
    throw new MockControlError(
      404,
      'not_found',
      `No checkpoint ${JSON.stringify(name)}${didYouMean(String(name), names)}: ${known}`,
    );
  }
}

function restoreClock(clock: Clock, { info, clockMs }: Checkpoint): void {
  if (info.frozen) clock.set(clockMs, { frozen: true });
  else clock.set(Date.now() + clockMs, { frozen: false });
}

function checkName(name: unknown): void {
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME) {
    throw new MockControlError(
      400,
      'invalid_checkpoint',
      `A checkpoint's name is a non-empty string of at most ${MAX_NAME} characters (got ${JSON.stringify(name)})`,
    );
  }
}
