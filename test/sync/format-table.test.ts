// The human tables of ledger-sync: a long cell is cut in the middle, so a file's name (the end of its path) and the
// statement a source names stay readable; the last column is never cut; text from files cannot drive the terminal.
import { describe, expect, it } from 'vitest';
import { formatTable } from '../../sync/format';

describe('formatTable', () => {
  it('cuts a cell longer than 48 characters in the middle, keeping its start and its end', () => {
    const path = '/home/someone/Downloads/bank-exports/2026/november/statement-2026-11-30.sta';
    const [, row] = formatTable(['Source', 'Reason'], [[path, 'nothing to write from it']]).split('\n');
    const cell = row!.trim().split(/\s{2,}/)[0]!;
    expect(cell).toHaveLength(48);
    expect(cell).toBe(`${path.slice(0, 16)}…${path.slice(-31)}`);
    expect(cell.endsWith('/statement-2026-11-30.sta')).toBe(true); // the file's whole name
  });

  it('leaves short cells and the last column whole, and turns control characters into spaces', () => {
    const reason = `the balance is in EUR, but the mapping expects USD ${'x'.repeat(60)}`;
    const table = formatTable(['Account', 'Reason'], [['Giro\u001b[31m', reason]]);
    expect(table).toBe(`  Account  Reason\n  Giro     ${reason}`);
    expect(table).not.toContain('\u001b');
    expect(table).toContain(reason);
  });
});
