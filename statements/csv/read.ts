// A bank's CSV export as statements: one per account label, each with the closing balance of every day it can
// establish (day-closing.ts), or the balance a header or footer line states. Lines and days that cannot be used are
// skipped with their reason.
import { toPlain, type Decimal } from '../decimal';
import type { SkippedItem, Statement, StatementFile } from '../types';
import { eachDay } from './day-closing';
import { labelKey, type BankProfile } from './profile';
import { decodeExport, readExport } from './table';

const at = (lines: readonly number[]) => `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`;

/** Reads an export's bytes with a bank profile. Throws StatementFormatError (ExportFormatError) when the file does not fit it. */
export function readCsv(bytes: Uint8Array, profile: BankProfile): StatementFile {
  const parsed = readExport(decodeExport(bytes, profile), profile);
  const skipped: SkippedItem[] = parsed.rejected.map((r) => ({
    location: at([r.line]),
    line: r.line,
    ...(r.label ? { account: r.label } : {}),
    reason: r.reason,
  }));
  const byLabel = new Map<string, Statement>();
  const close = (day: { label: string; date: string; balance: Decimal; line: number }) => {
    const key = labelKey(day.label);
    let statement = byLabel.get(key);
    if (!statement) {
      const number = byLabel.size + 1;
      statement = {
        format: 'csv',
        type: 'export',
        number,
        location: `account ${number}`,
        account: { id: day.label, scheme: 'label' },
        currency: undefined,
        balances: [],
        notes: [],
      };
      byLabel.set(key, statement);
    }
    statement.balances.push({
      kind: 'closing_booked',
      date: day.date,
      amount: toPlain(day.balance),
      currency: undefined,
      location: at([day.line]),
      line: day.line,
    });
  };
  // Each day is used as it is closed: a 20 MB export's 30,000 days are never all held as objects.
  for (const day of eachDay(parsed.table)) {
    if ('reason' in day)
      skipped.push({
        location: at(day.lines),
        line: day.lines[0]!,
        ...(day.label ? { account: day.label } : {}),
        reason: day.reason,
      });
    else close(day);
  }
  if (parsed.statement) close({ ...parsed.statement, label: '' });
  skipped.sort((a, b) => a.line! - b.line!);
  return { format: 'csv', formatName: `CSV (${profile.name})`, statements: [...byLabel.values()], skipped };
}
