// Ids the kit makes up for "unknown id" probes: the same on both sides, checked to name nothing the token sees,
// and registered with the gates, which let writes name them (nothing can be written to what does not exist).
import type { RequestGate } from '../http/gate';
import type { Inventory } from '../../reading/inventory';

/** The made-up ids of one run. */
export class MadeUpIds {
  /** Minted id -> the name probes asked for it by (for masking). */
  readonly names = new Map<string, string>();
  readonly #byName = new Map<string, string>();
  readonly #visible: Set<string>;

  constructor(
    inventories: readonly Inventory[],
    private readonly gates: readonly RequestGate[],
  ) {
    this.#visible = new Set(inventories.flatMap(visibleIds).map((id) => id.toLowerCase()));
  }

  /** A random UUID under `name`, minted once per run. */
  absent(name: string): string {
    let id = this.#byName.get(name);
    if (id === undefined) {
      do id = crypto.randomUUID();
      while (this.#visible.has(id));
      this.#byName.set(name, id);
      this.names.set(id, name);
      for (const gate of this.gates) gate.registerAbsent(id);
    }
    return id;
  }

  /** `value` itself; registered as naming nothing only when no id the token sees equals it (in any letter case). */
  literal(value: string): string {
    if (!this.#visible.has(value.toLowerCase())) for (const gate of this.gates) gate.registerAbsent(value);
    return value;
  }
}

function visibleIds(inventory: Inventory): string[] {
  return [
    inventory.me.user_id,
    inventory.me.household_id,
    inventory.me.token_id,
    ...inventory.categories.map((c) => c.id),
    ...inventory.accounts.map((a) => a.id),
    ...inventory.snapshots.map((s) => s.id),
  ].filter((id): id is string => typeof id === 'string');
}
