// OFX/QFX files as statements: each bank, credit-card or investment statement with the balances it states.
import type { StatementFile } from '../types';
import { decodeOfx, parseOfx } from './read';

/** Reads an OFX/QFX file's bytes. Throws StatementFormatError (OfxFormatError) when it holds no statement at all. */
export function readOfx(bytes: Uint8Array): StatementFile {
  const file = parseOfx(decodeOfx(bytes));
  const statements = file.statements.map((s) => {
    const location = `statement ${s.index}`;
    const balance = {
      kind: s.kind === 'investment' ? ('investment_value' as const) : ('closing_booked' as const),
      date: s.balance.date,
      amount: s.balance.amount,
      currency: s.currency || undefined,
      location,
    };
    const available = s.available
      ? [
          {
            kind: 'closing_available' as const,
            date: s.available.date,
            amount: s.available.amount,
            currency: s.currency || undefined,
            location,
          },
        ]
      : [];
    return {
      format: 'ofx' as const,
      type: s.kind,
      number: s.index,
      location,
      account: { id: s.accountId, scheme: 'acctid' as const },
      currency: s.currency || undefined,
      balances: [balance, ...available],
      notes: [...(s.detail ? [`value: ${s.detail}`] : []), ...s.notes],
      ...(s.history ? { history: s.history } : {}),
    };
  });
  const skipped = file.skipped.map((s) => ({
    location: `statement ${s.index}`,
    ...(s.accountId ? { account: s.accountId } : {}),
    reason: s.reason,
  }));
  return { format: 'ofx', formatName: `OFX ${file.version}.x`, statements, skipped };
}
