// A bank's CSV export as statements: one per account label, each with the closing balance of every day it can
// establish (day-closing.ts), or the balance a header or footer line states. Lines and days that cannot be used are
// skipped with their reason.
import { toPlain } from '../decimal';
import type { SkippedItem, Statement, StatementFile } from '../types';
import { closeDays } from './day-closing';
import { labelKey, type BankProfile } from './profile';
import { decodeExport, parseExport } from './table';

const at = (lines: readonly number[]) => `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`;

/** Reads an export's bytes with a bank profile. Throws StatementFormatError (ExportFormatError) when the file does not fit it. */
export function readCsv(bytes: Uint8Array, profile: BankProfile): StatementFile {
  const parsed = parseExport(decodeExport(bytes, profile), profile);
  const skipped: SkippedItem[] = parsed.rejected.map((r) => ({ location: at([r.line]), line: r.line, ...(r.label ? { account: r.label } : {}), reason: r.reason }));
  const { closed, unsettled } = closeDays(parsed.lines);
  for (const day of unsettled) {
    skipped.push({ location: at(day.lines), line: day.lines[0]!, ...(day.label ? { account: day.label } : {}), reason: day.reason });
  }
  const byLabel = new Map<string, Statement>();
  const statementOf = (label: string): Statement => {
    const key = labelKey(label);
    let statement = byLabel.get(key);
    if (!statement) {
      const number = byLabel.size + 1;
      statement = { format: 'csv', type: 'export', number, location: `account ${number}`, account: { id: label, scheme: 'label' }, currency: undefined, balances: [], notes: [] };
      byLabel.set(key, statement);
    }
    return statement;
  };
  const days = [...closed, ...(parsed.statement ? [{ ...parsed.statement, label: '' }] : [])];
  for (const day of days) {
    statementOf(day.label).balances.push({ kind: 'closing_booked', date: day.date, amount: toPlain(day.balance), currency: undefined, location: at([day.line]), line: day.line });
  }
  skipped.sort((a, b) => a.line! - b.line!);
  return { format: 'csv', formatName: `CSV (${profile.name})`, statements: [...byLabel.values()], skipped };
}
