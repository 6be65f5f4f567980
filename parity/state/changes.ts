// What changed between two readings of everything the token sees (before and after the probes), as sentences.
import type { Inventory } from '../../reading/inventory';

/** What changed between two inventories, as sentences (ids only: no names or balances). */
export function inventoryChanges(before: Inventory, after: Inventory): string[] {
  const changes: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.me, after.me)) changes.push('GET /me changed');
  compareById(before.categories, after.categories, 'category', changes);
  compareById(before.accounts, after.accounts, 'account', changes);
  for (const id of Object.keys(before.details)) {
    if (after.details[id] && !same(before.details[id], after.details[id])) {
      const fields = Object.keys({ ...before.details[id], ...after.details[id] }).filter(
        (key) =>
          !same(
            (before.details[id] as unknown as Record<string, unknown>)[key],
            (after.details[id] as unknown as Record<string, unknown>)[key],
          ),
      );
      changes.push(`account ${id}: ${fields.join(', ')} changed`);
    }
  }
  compareById(before.snapshots, after.snapshots, 'snapshot', changes);
  if (
    !same(
      before.categories.map((c) => c.id),
      after.categories.map((c) => c.id),
    ) &&
    changes.length === 0
  )
    changes.push('categories are listed in another order');
  return changes;
}

function compareById(
  before: ReadonlyArray<{ id: string }>,
  after: ReadonlyArray<{ id: string }>,
  what: string,
  changes: string[],
): void {
  const was = new Map(before.map((item) => [item.id, JSON.stringify(item)]));
  const now = new Map(after.map((item) => [item.id, JSON.stringify(item)]));
  for (const [id, text] of was) {
    if (!now.has(id)) changes.push(`${what} ${id} is gone`);
    else if (now.get(id) !== text && what !== 'account') changes.push(`${what} ${id} changed`);
  }
  for (const id of now.keys()) if (!was.has(id)) changes.push(`${what} ${id} is new`);
}
