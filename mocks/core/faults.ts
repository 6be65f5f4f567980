// Injected faults, kept per fake and matched per request by the pipeline.
import { MockControlError } from '../errors';
import { createRandomSource, type RandomSource } from '../store/random';
import { faultKindType, type AnyFaultKindType } from './fault-kinds';
import { checkFaultSpec, type ActiveFault, type FaultSpec } from './fault-spec';

/** An active fault with its entry of FAULT_KINDS and its description for the journal, both found when injected. */
export interface InjectedFault {
  readonly fault: ActiveFault;
  readonly type: AnyFaultKindType;
  readonly described: string;
}

/** Injected faults, matched per request in injection order; one fault at most per request. */
export class FaultInjector {
  #faults: InjectedFault[] = [];
  #random: RandomSource;
  #seed: string | number | undefined;
  #nextId = 1;

  constructor(seed?: string | number) {
    this.#seed = seed;
    this.#random = createRandomSource(seed === undefined ? undefined : `${seed}:faults`);
  }

  /** Checks a fault (checkFaultSpec) and adds it; returns its id. */
  inject(spec: FaultSpec): string {
    const checked = checkFaultSpec(spec);
    if (checked.id !== undefined && this.#faults.some(({ fault }) => fault.id === checked.id)) {
      throw new MockControlError(409, 'duplicate_id', `A fault with id ${checked.id} is active; remove it first`);
    }
    let id = checked.id;
    while (id === undefined || this.#faults.some(({ fault }) => fault.id === id)) id = `fault_${this.#nextId++}`;
    const times = checked.times ?? Infinity;
    const kind = structuredClone(checked.kind);
    const type = faultKindType(kind);
    this.#faults.push({
      fault: {
        id,
        operation: checked.operation ?? '*',
        times,
        remaining: checked.remaining ?? times,
        rate: checked.rate ?? 1,
        kind,
      },
      type,
      described: type.describe(kind),
    });
    return id;
  }

  /** Removes one fault. */
  remove(id: string): void {
    this.#faults = this.#faults.filter(({ fault }) => fault.id !== id);
  }

  /** Removes every fault and restarts the PRNG from the seed. */
  clear(): void {
    this.#faults = [];
    this.#random = createRandomSource(this.#seed === undefined ? undefined : `${this.#seed}:faults`);
  }

  /** The active faults, as copies. */
  list(): ActiveFault[] {
    return this.#faults.map(({ fault }) => structuredClone(fault));
  }

  /** The fault that hits this request, if any (and uses one of its hits). */
  take(operationId: string): InjectedFault | undefined {
    for (const injected of this.#faults) {
      const { fault } = injected;
      if (fault.remaining <= 0) continue;
      if (fault.operation !== '*' && fault.operation !== operationId) continue;
      if (fault.rate < 1 && this.#random.next() >= fault.rate) continue; // a certain hit draws nothing
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.remove(fault.id);
      return injected;
    }
    return undefined;
  }
}
