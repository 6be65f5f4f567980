// docs/testing.md's table of the control API follows the table of control operations (mocks/control/operations/):
// a row per area, in order, and each operation named in its own area's row and nowhere else in the table. An
// operation added without its docs, or filed under another area, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLedgerMock } from 'personal-ledger-sdk/mocks';
import { CONTROL_OPERATIONS } from '../../mocks/control/control';
import { CONTROL_AREAS, type ControlEntry } from '../../mocks/control/operation';

const text = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');

/** The rows of the table under "The control API (`mock.control`...", as area -> the methods cell. */
function controlTableRows(): Map<string, string> {
  const start = text.indexOf('| Area | Methods |');
  const rows = text.slice(start).split('\n').slice(2);
  const table = new Map<string, string>();
  for (const row of rows) {
    if (!row.startsWith('| ')) break;
    const [, area, methods] = /^\| ([^|]+?) \| (.*) \|$/.exec(row)!;
    table.set(area!, methods!);
  }
  return table;
}

/** Every entry of the table, named as a user writes it (`journal.find`, `clock`), with its area. */
function entries(
  table: Readonly<Record<string, ControlEntry>>,
  prefix = '',
): Array<{ name: string; area: string; value: boolean }> {
  return Object.entries(table).flatMap(([name, entry]) => {
    if (entry.kind === 'group') return entries(entry.members, `${prefix}${name}.`);
    return [{ name: `${prefix}${name}`, area: entry.area, value: entry.kind === 'value' }];
  });
}

const rows = controlTableRows();
const all = entries(CONTROL_OPERATIONS);

describe("docs/testing.md's table of the control API", () => {
  it('has a row per area of the table of operations, in its order', () => {
    expect([...rows.keys()]).toEqual([...CONTROL_AREAS]);
  });

  it.each(all)("names $name in its area's row ($area)", ({ name, area, value }) => {
    const cell = rows.get(area) ?? '';
    const escaped = name.replace('.', '\\.');
    expect(cell).toMatch(new RegExp(value ? `\`${escaped}\\.` : `\`${escaped}[(\`]`));
  });

  it('calls no method in a row that is not an operation of that area', () => {
    const misfiled = [...rows].flatMap(([area, cell]) =>
      [...cell.matchAll(/`([A-Za-z]+(?:\.[A-Za-z]+)?)\(/g)]
        .map((m) => m[1]!)
        .filter(
          (called) =>
            !all.some((e) => e.area === area && (e.value ? called.startsWith(`${e.name}.`) : called === e.name)),
        )
        .map((called) => `${area}: ${called}`),
    );
    expect(misfiled).toEqual([]);
  });

  it('the table makes mock.control: one member per entry, nothing else', () => {
    const control = createLedgerMock().control as unknown as Record<string, unknown>;
    const names = (table: Readonly<Record<string, ControlEntry>>, of: Record<string, unknown>): string[] =>
      Object.entries(table).flatMap(([name, entry]) =>
        entry.kind === 'group'
          ? names(entry.members, of[name] as Record<string, unknown>).map((n) => `${name}.${n}`)
          : [name],
      );
    expect(Object.keys(control)).toEqual(Object.keys(CONTROL_OPERATIONS));
    expect(names(CONTROL_OPERATIONS, control).length).toBe(all.length);
    for (const { name, value } of all) {
      const member = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], control);
      expect(typeof member, name).toBe(value ? 'object' : 'function');
    }
  });
});
