// The lines of an export's table, kept compact while the file streams by: a few typed-array slots a line instead of an
// object with two bigint decimals (about 30 bytes instead of about 200, and nothing for the garbage collector to
// trace). Lines are grouped by account and day as they come, which is all the day-closing rule needs from them.
import { labelKey } from './profile';
import type { Decimal } from '../decimal';

/** One line of the export's table. */
export interface TableLine {
  /** 1-based line number in the file. */
  line: number;
  /** The bank's account label as written (trimmed); '' in a single-account file. */
  label: string;
  /** YYYY-MM-DD */
  date: string;
  /** The balance after this line. */
  balance: Decimal;
  /** The line's signed amount, when the profile names an amount column (an empty cell is 0). */
  amount: Decimal | undefined;
}

/** One account of the table: lines whose labels match ignoring case and repeated spaces. */
export interface TableAccount {
  /** The label as its first line writes it. */
  label: string;
  /** Its days in the order first met, each with its group of lines. */
  days: Map<string, number>;
  /** The dates of its lines, in file order, as they rise and fall. */
  direction: DateDirection;
}

/** Whether a sequence of dates rises, falls, both or neither: what tells a file's order. */
export class DateDirection {
  private last: string | undefined;
  rises = false;
  falls = false;

  see(date: string): void {
    if (this.last !== undefined) {
      if (date > this.last) this.rises = true;
      if (date < this.last) this.falls = true;
    }
    this.last = date;
  }
}

/** Scale slot values that are not a scale: no amount on the line, or units too wide for a double (kept aside). */
const NO_AMOUNT = 255;
const WIDE = 254;

/** The table's lines, in the order added (file order). */
export class TableLines {
  private count = 0;
  private lineNo = new Int32Array(1024);
  private labelOf = new Int32Array(1024);
  private groupOf = new Int32Array(1024);
  private units = new Float64Array(2048); // balance, amount
  private scales = new Uint8Array(2048);
  /** Units past 2^53 (credit minus debit at very different scales), by slot. */
  private readonly wide = new Map<number, Decimal>();
  private readonly labels: string[] = [];
  private readonly labelIndex = new Map<string, number>();
  private readonly accountOfLabel: number[] = [];
  private readonly accountByKey = new Map<string, number>();
  /** Accounts in the order first met. */
  readonly accounts: TableAccount[] = [];
  /** Each group's date. */
  private readonly groupDates: string[] = [];

  /** The lines, in line order (as the day-closing rule reads them). */
  static of(lines: readonly TableLine[]): TableLines {
    const table = new TableLines();
    for (const l of [...lines].sort((a, b) => a.line - b.line)) table.add(l.line, l.label, l.date, l.balance, l.amount);
    return table;
  }

  get size(): number {
    return this.count;
  }

  /** Adds a line; lines come in file order. */
  add(line: number, label: string, date: string, balance: Decimal, amount: Decimal | undefined): void {
    const i = this.count;
    if (i === this.lineNo.length) this.grow();
    let labelIdx = this.labelIndex.get(label);
    if (labelIdx === undefined) {
      labelIdx = this.labels.push(label) - 1;
      this.labelIndex.set(label, labelIdx);
      const key = labelKey(label);
      let account = this.accountByKey.get(key);
      if (account === undefined) {
        account = this.accounts.push({ label, days: new Map(), direction: new DateDirection() }) - 1;
        this.accountByKey.set(key, account);
      }
      this.accountOfLabel.push(account);
    }
    const account = this.accounts[this.accountOfLabel[labelIdx]!]!;
    let group = account.days.get(date);
    if (group === undefined) {
      group = this.groupDates.push(date) - 1;
      account.days.set(date, group);
    }
    account.direction.see(date);
    this.lineNo[i] = line;
    this.labelOf[i] = labelIdx;
    this.groupOf[i] = group;
    this.put(2 * i, balance);
    if (amount === undefined) this.scales[2 * i + 1] = NO_AMOUNT;
    else this.put(2 * i + 1, amount);
    this.count += 1;
  }

  /** The line at `i` (0-based, in the order added), as an object. */
  at(i: number): TableLine {
    return {
      line: this.lineNo[i]!,
      label: this.labels[this.labelOf[i]!]!,
      date: this.groupDates[this.groupOf[i]!]!,
      balance: this.get(2 * i)!,
      amount: this.get(2 * i + 1),
    };
  }

  /** Every line, as objects. */
  toLines(): TableLine[] {
    return Array.from({ length: this.count }, (_, i) => this.at(i));
  }

  /** The indexes of each group's lines, in file order: `lines.subarray(start[g], start[g + 1])`. */
  byGroup(): { start: Int32Array; lines: Int32Array } {
    const start = new Int32Array(this.groupDates.length + 1);
    for (let i = 0; i < this.count; i++) start[this.groupOf[i]! + 1]! += 1;
    for (let g = 0; g < this.groupDates.length; g++) start[g + 1]! += start[g]!;
    const next = start.slice(0, -1);
    const lines = new Int32Array(this.count);
    for (let i = 0; i < this.count; i++) lines[next[this.groupOf[i]!]!++] = i;
    return { start, lines };
  }

  private put(slot: number, value: Decimal): void {
    const units = Number(value.units);
    if (Number.isSafeInteger(units) && value.scale < WIDE) {
      this.units[slot] = units;
      this.scales[slot] = value.scale;
    } else {
      this.scales[slot] = WIDE;
      this.wide.set(slot, value);
    }
  }

  private get(slot: number): Decimal | undefined {
    const scale = this.scales[slot]!;
    if (scale === NO_AMOUNT) return undefined;
    if (scale === WIDE) return this.wide.get(slot)!;
    return { units: BigInt(this.units[slot]!), scale };
  }

  private grow(): void {
    const twice = <T extends Int32Array | Float64Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.lineNo = twice(this.lineNo);
    this.labelOf = twice(this.labelOf);
    this.groupOf = twice(this.groupOf);
    this.units = twice(this.units);
    this.scales = twice(this.scales);
  }
}
