// A side the probes run on: the target or the fake, each with its gate, what its token sees, its masker and its
// cleanup. Both sides run the same code; only the gate's transport (network or mock.fetch) differs.
import { Masker } from './compare/mask';
import type { Answer } from '../reading/answer';
import type { RequestGate } from './http/gate';
import { ProbeSkipped, StepUnavailable, type Probe, type ProbeState, type Step } from './probes/types';
import type { ProbeRequest } from './http/request';
import { undo, type CleanupState } from './state/cleanup';
import type { AccountDetail } from 'personal-ledger-sdk';
import type { Inventory } from '../reading/inventory';
import type { MadeUpIds } from './state/made-up-ids';
import { RESERVED_RANGE } from './state/reserved';

/** One side of the comparison. */
export interface Side {
  readonly name: 'target' | 'fake';
  readonly gate: RequestGate;
  readonly inventory: Inventory;
  readonly scratch: AccountDetail | undefined;
  readonly masker: Masker;
  /** Present in scratch mode. */
  readonly cleanup: CleanupState | undefined;
}

/** Opens a side over a gate and the inventory read through it. */
export function openSide(
  name: Side['name'],
  gate: RequestGate,
  inventory: Inventory,
  scratchAccountId: string | undefined,
  ids: MadeUpIds,
): Side {
  const scratch = scratchAccountId === undefined ? undefined : inventory.details[scratchAccountId];
  if (scratch)
    gate.setScratchBaseline(new Set(inventory.snapshots.filter((s) => s.account_id === scratch.id).map((s) => s.id)));
  const masker = new Masker(inventory, {
    ...(scratch ? { scratchAccountId: scratch.id } : {}),
    reservedYear: RESERVED_RANGE.year,
    absent: ids.names,
  });
  const cleanup: CleanupState | undefined = scratch
    ? { gate, inventory, scratch, deleted: 0, restoredFields: new Set(), problems: [] }
    : undefined;
  return { name, gate, inventory, scratch, masker, cleanup };
}

/** What one probe got on one side. */
export interface ProbeRun {
  answers: Answer[];
  /** Why a later step could not be built (an earlier answer lacked what it needed). */
  unavailable?: string;
  /** Why an earlier answer showed the probe can tell nothing on this ledger (its later steps were not sent). */
  skipped?: string;
}

/** The state a probe's steps read on `side`. */
export function probeState(side: Side, ids: MadeUpIds, answers: readonly Answer[] = []): ProbeState {
  return {
    inventory: side.inventory,
    scratch: side.scratch,
    absent: (name) => ids.absent(name),
    literal: (value) => ids.literal(value),
    answers,
  };
}

/** Runs one probe's steps on one side, then undoes its writes there (also when a step fails). */
export async function runProbe(side: Side, probe: Probe, ids: MadeUpIds): Promise<ProbeRun> {
  const answers: Answer[] = [];
  const sent: ProbeRequest[] = [];
  const state = probeState(side, ids, answers);
  try {
    for (const step of probe.steps) {
      let built: ReturnType<Step>;
      try {
        built = step(state);
      } catch (error) {
        if (error instanceof StepUnavailable) return { answers, unavailable: error.message };
        if (error instanceof ProbeSkipped) return { answers, skipped: error.message };
        throw error;
      }
      if ('together' in built) {
        answers.push(...(await side.gate.sendTogether(built.together)));
        sent.push(...built.together);
        continue;
      }
      for (const request of [built].flat()) {
        const answer = await side.gate.send(request);
        sent.push(request);
        answers.push(answer);
      }
    }
    return { answers };
  } finally {
    if (probe.mode === 'scratch' && side.cleanup)
      await undo(side.cleanup, sent, answers, probe.changesAccount === true);
  }
}
