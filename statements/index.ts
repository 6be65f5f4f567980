// personal-ledger-sdk/statements: bank statement files in, statements with their balances out. No `node:` import
// and no client: it runs in Node, browsers and Workers. The entry only composes and names exports.
export { readStatements, detectFormat } from './read';
export { STATEMENT_FORMATS } from './formats';
export type { ReadStatementsOptions, StatementFormat } from './formats';
export { selectBalances } from './select';
export type {
  DerivedFrom,
  SelectBalancesOptions,
  SelectedBalance,
  SourcedSkippedItem,
  SourcedStatementFile,
} from './select';
export { BALANCE_KINDS, DEFAULT_WRITTEN_KINDS, balanceKind, isBalanceKind } from './balance-kinds';
export type { BalanceKind, BalanceKindInfo, BalanceKindSpellings } from './balance-kinds';
export { BANK_LAYOUTS, checkBankProfile } from './csv/bank-profiles';
export type { BankLayout } from './csv/bank-profiles';
export type { BankProfile, Column, Columns, StatedBalance } from './csv/profile';
export type { DateOrder } from './csv/dates';
export type { Parsed } from './csv/amounts';
export {
  StatementArgumentError,
  StatementFormatError,
  isStatementArgumentError,
  isStatementFormatError,
} from './errors';
export type {
  AddUp,
  SkippedItem,
  Statement,
  StatementAccount,
  StatementBalance,
  StatementEntry,
  StatementFile,
  StatementFormatId,
  StatementHistory,
} from './types';
