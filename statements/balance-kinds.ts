// The kinds of balance a statement can state: one table. Each kind carries how every format spells it, what it is,
// its role in the add-up check, and whether it is written to the ledger by default. A new kind is one entry.

/** How one kind is spelled in each format that has it. */
export interface BalanceKindSpellings {
  ofx?: string;
  mt940?: readonly string[];
  camt?: readonly string[];
  csv?: string;
}

/** One kind of balance. */
export interface BalanceKindInfo {
  kind: BalanceKind;
  description: string;
  spellings: BalanceKindSpellings;
  /** `opening` and `closing` balances frame the add-up check (opening + entries = closing). */
  role: 'opening' | 'closing' | 'other';
  /** Written by default: the bank's own closing figure of the day. The others are reported, and written only when asked. */
  written: boolean;
  /** Why it is (or is not) written, for docs and reports. */
  why: string;
}

/** Every kind of balance the readers report. */
export type BalanceKind =
  | 'closing_booked'
  | 'investment_value'
  | 'opening_booked'
  | 'previously_closed_booked'
  | 'interim_opening'
  | 'interim_closing'
  | 'closing_available'
  | 'opening_available'
  | 'forward_available'
  | 'intraday_booked'
  | 'intraday_available'
  | 'expected'
  | 'information';

/** The table. Order is the order balances are reported in. */
export const BALANCE_KINDS: readonly BalanceKindInfo[] = [
  {
    kind: 'closing_booked',
    description: 'closing booked balance',
    spellings: {
      ofx: 'LEDGERBAL',
      mt940: ['62F'],
      camt: ['CLBD'],
      csv: "the day's closing running balance, or the balance a header or footer states",
    },
    role: 'closing',
    written: true,
    why: "the bank's own booked balance at the end of the day: exactly what a balance ledger keeps",
  },
  {
    kind: 'investment_value',
    description: 'account value (cash plus positions)',
    spellings: { ofx: 'INVBAL/AVAILCASH + INVPOSLIST/.../MKTVAL' },
    role: 'closing',
    written: true,
    why: "an investment account's value on the statement's date",
  },
  {
    kind: 'opening_booked',
    description: 'opening booked balance',
    spellings: { mt940: ['60F'], camt: ['OPBD'] },
    role: 'opening',
    written: false,
    why: "the day before's closing balance, as this statement restates it: the start of the add-up check",
  },
  {
    kind: 'previously_closed_booked',
    description: 'previously closed booked balance',
    spellings: { camt: ['PRCD'] },
    role: 'opening',
    written: false,
    why: "the previous statement's closing balance: the start of the add-up check when there is no OPBD",
  },
  {
    kind: 'interim_opening',
    description: 'interim opening balance (a page of a statement)',
    spellings: { mt940: ['60M'] },
    role: 'opening',
    written: false,
    why: 'the start of one page of a statement split into pages',
  },
  {
    kind: 'interim_closing',
    description: 'interim closing balance (a page of a statement)',
    spellings: { mt940: ['62M'] },
    role: 'closing',
    written: false,
    why: 'the end of one page, not of the day: the last page closes with the closing booked balance',
  },
  {
    kind: 'closing_available',
    description: 'closing available balance',
    spellings: { ofx: 'AVAILBAL', mt940: ['64'], camt: ['CLAV'] },
    role: 'other',
    written: false,
    why: 'what may be spent (booked plus credit lines, minus holds): not the booked balance, and a ledger keeps one balance a day',
  },
  {
    kind: 'opening_available',
    description: 'opening available balance',
    spellings: { camt: ['OPAV'] },
    role: 'other',
    written: false,
    why: 'an available balance, not the booked one',
  },
  {
    kind: 'forward_available',
    description: 'forward available balance',
    spellings: { mt940: ['65'], camt: ['FWAV'] },
    role: 'other',
    written: false,
    why: 'a forecast for a later day, not a booked figure',
  },
  {
    kind: 'intraday_booked',
    description: 'intraday booked balance',
    spellings: { camt: ['ITBD'] },
    role: 'other',
    written: false,
    why: 'the booked balance at a moment of the day, not at its end: later bookings may follow',
  },
  {
    kind: 'intraday_available',
    description: 'intraday available balance',
    spellings: { camt: ['ITAV'] },
    role: 'other',
    written: false,
    why: 'an available balance at a moment of the day',
  },
  {
    kind: 'expected',
    description: 'expected balance',
    spellings: { camt: ['XPCD'] },
    role: 'other',
    written: false,
    why: 'what the bank expects once pending items are booked, not a booked figure',
  },
  {
    kind: 'information',
    description: 'balance for information',
    spellings: { camt: ['INFO'] },
    role: 'other',
    written: false,
    why: "for information only, by the bank's own label",
  },
];

const BY_KIND = new Map(BALANCE_KINDS.map((k) => [k.kind, k]));

/** The table entry of a kind. */
export function balanceKind(kind: BalanceKind): BalanceKindInfo {
  return BY_KIND.get(kind)!;
}

/** True when `text` names a kind of the table. */
export function isBalanceKind(text: string): text is BalanceKind {
  return BY_KIND.has(text as BalanceKind);
}

/** The kinds written by default: closing booked balances and investment values. */
export const DEFAULT_WRITTEN_KINDS: readonly BalanceKind[] = BALANCE_KINDS.filter((k) => k.written).map((k) => k.kind);

/** The kind a format spells `code` as (`mt940`, `62F` -> closing_booked), if the table has it. */
export function kindBySpelling(format: 'mt940' | 'camt', code: string): BalanceKind | undefined {
  return BALANCE_KINDS.find((k) => k.spellings[format]?.includes(code))?.kind;
}
