// Compares two sides' views of one probe, answer by answer: every difference with where it is and both values.
// A field only the target sends, and that openapi.json gives no answer at all, is additive (the specification lets
// the service add response fields, and clients ignore them): it is noted, not counted as a difference.
import { ANSWER_FIELDS } from './document';
import type { View } from './view';

/** One place where the two sides disagree. */
export interface Difference {
  /** `answer 2 body.snapshots[0].balance`, `answer 1 status`... */
  where: string;
  /** The target's (or the recording's) value; `undefined` when it has none there. */
  target: unknown;
  fake: unknown;
}

/** What the comparison found. */
export interface Comparison {
  differences: Difference[];
  /** Additive fields and other remarks that are not differences. */
  notes: string[];
}

/** Compares the views of one probe. */
export function compareViews(target: readonly View[], fake: readonly View[]): Comparison {
  const differences: Difference[] = [];
  const notes: string[] = [];
  const count = Math.max(target.length, fake.length);
  for (let i = 0; i < count; i++) {
    const where = `answer ${i + 1}`;
    const [t, f] = [target[i], fake[i]];
    if (!t || !f) {
      differences.push({ where, target: t ? t.request : '(no such answer)', fake: f ? f.request : '(no such answer)' });
      continue;
    }
    diffValue(`${where} request`, t.request, f.request, differences, notes, false);
    diffValue(`${where} status`, t.status, f.status, differences, notes, false);
    diffValue(`${where} headers`, t.headers, f.headers, differences, notes, false);
    diffValue(`${where} body`, t.body, f.body, differences, notes, true);
    const [tp, fp] = [[...t.document].sort(), [...f.document].sort()];
    if (JSON.stringify(tp) !== JSON.stringify(fp))
      differences.push({ where: `${where} against openapi.json`, target: tp, fake: fp });
  }
  return { differences, notes };
}

/** `additive`: a field only the target sends, that no answer of openapi.json has, is noted rather than a difference. */
function diffValue(
  where: string,
  target: unknown,
  fake: unknown,
  differences: Difference[],
  notes: string[],
  additive: boolean,
): void {
  if (Object.is(target, fake)) return;
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
  if (kind(target) !== kind(fake) || (kind(target) !== 'object' && kind(target) !== 'array')) {
    differences.push({ where, target, fake });
    return;
  }
  if (Array.isArray(target)) {
    const other = fake as unknown[];
    if (sameItemsInAnotherOrder(target, other)) {
      differences.push({ where: `${where} (order)`, target: target.map(label), fake: other.map(label) });
      return;
    }
    if (target.length !== other.length) {
      differences.push({ where: `${where} (length)`, target: target.length, fake: other.length });
      // Still compare the common part: a reordered list shows where.
    }
    for (let i = 0; i < Math.min(target.length, other.length); i++)
      diffValue(`${where}[${i}]`, target[i], other[i], differences, notes, additive);
    return;
  }
  const [t, f] = [target as Record<string, unknown>, fake as Record<string, unknown>];
  for (const key of new Set([...Object.keys(t), ...Object.keys(f)])) {
    const path = `${where}.${key}`;
    const [inT, inF] = [Object.hasOwn(t, key), Object.hasOwn(f, key)];
    if (inT && !inF && additive && !ANSWER_FIELDS.has(key)) {
      notes.push(
        `${path}: only the target sends this field, which no answer of openapi.json has (additive: clients ignore it)`,
      );
      continue;
    }
    if (!inT || !inF)
      differences.push({ where: path, target: inT ? t[key] : undefined, fake: inF ? f[key] : undefined });
    else diffValue(path, t[key], f[key], differences, notes, additive);
  }
}

/** The same items (by their JSON), in another order: one difference, not one per place. */
function sameItemsInAnotherOrder(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length || a.length < 2) return false;
  const [x, y] = [a.map((item) => JSON.stringify(item)), b.map((item) => JSON.stringify(item))];
  return x.join('\n') !== y.join('\n') && [...x].sort().join('\n') === [...y].sort().join('\n');
}

/** An item of a reordered list, short: its id, or its snapshot key, or its JSON. */
function label(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const { id, account_id: account, snapshot_date: date } = item as Record<string, unknown>;
  if (typeof account === 'string' && typeof date === 'string') return `${account}@${date}`;
  return typeof id === 'string' ? id : item;
}
