// Figures and account numbers in the readers' messages (reasons and notes), the same in every runtime.

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
const count = new Intl.NumberFormat('en-US');

/** A balance for people: `-1,234.50`. */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** A count with thousands separators: `100,000`. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** `1 balance`, `2 balances`. */
export function plural(value: number, word: string, many = `${word}s`): string {
  return `${formatCount(value)} ${value === 1 ? word : many}`;
}

/** An account number with all but its last four characters hidden: `…4242`. */
export function maskAccountNumber(id: string): string {
  return id.length <= 4 ? id : `…${id.slice(-4)}`;
}
