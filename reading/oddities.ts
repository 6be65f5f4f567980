// Odd answers of a service, as data: each kind is one entry (what it is, and where the specification or openapi.json
// says otherwise), and each oddity found carries its evidence and what the reading did about it. Reading never stops
// at one: it reports it and goes on with what it can use (ledger-parity reports them as differences, ledger-mock
// copy on stderr).

/**
 * The kinds of odd answer: what each is, why it is odd, and the rules of the specification it shows broken (as
 * ledger-parity's coverage table cites them: `§4 GET /me`).
 */
export const ODDITY_KINDS = {
  unanswered: {
    is: 'no usable answer: a failure, or a status other than 200',
    why: 'spec 4: the read operations answer their body',
    rules: [],
  },
  'not-json': { is: 'an answer that is not JSON', why: 'spec: all request and response bodies are JSON', rules: [] },
  'wrong-shape': {
    is: 'JSON without the list it should hold',
    why: 'spec 4: `{ categories }`, `{ accounts }`, `{ snapshots }`',
    rules: [],
  },
  'wrong-field': {
    is: 'a record with a field missing, of the wrong type, or outside the values openapi.json allows',
    why: 'spec 2 and openapi.json',
    rules: [],
  },
  'listed-twice': { is: 'an id listed twice', why: 'a list holds each record once', rules: [] },
  'repeated-page': {
    is: 'a run of records listed again, in the same order (a page that repeats)',
    why: 'spec 8: GET /accounts and GET /snapshots have no pagination',
    rules: ['§4 GET /accounts no pagination', '§4 GET /snapshots no pagination', '§8 pagination'],
  },
  paged: {
    is: 'a list answer that says there is more (a next link or cursor, has_more)',
    why: 'spec 8: GET /accounts and GET /snapshots have no pagination',
    rules: ['§4 GET /accounts no pagination', '§4 GET /snapshots no pagination', '§8 pagination'],
  },
  'pair-twice': {
    is: 'two snapshots for one (account_id, snapshot_date)',
    why: 'spec 2: the pair (account_id, snapshot_date) is unique',
    rules: ['§2 Snapshot'],
  },
  'unlisted-account': {
    is: 'snapshots of an account the account listing did not show (or showed unusably)',
    why: 'spec 4: GET /accounts lists every account visible to the token',
    rules: ['§4 GET /accounts lists every visible account'],
  },
  'detail-differs': {
    is: 'an account whose GET /accounts/{id} disagrees with its listing',
    why: 'spec 2: the detail is the list form plus auto_carry_forward',
    rules: ['§4 GET /accounts/{id}'],
  },
} as const satisfies Record<string, { is: string; why: string; rules: readonly string[] }>;

/** A kind of odd answer. */
export type OddityKind = keyof typeof ODDITY_KINDS;

/** One odd answer, its evidence, and what the reading did about it. */
export interface Oddity {
  kind: OddityKind;
  /** The request whose answer was odd: `GET /api/public/v1/accounts`. */
  request: string;
  /** What was odd, in a sentence that names ids and positions, never names or balances. */
  what: string;
  /** What the reading did: what it used, or left out. */
  then: string;
  /** The odd part of the answer, as it came (it may hold names and balances). */
  evidence: unknown;
}

/** At most this many characters of a text answer are kept as evidence. */
const EVIDENCE_TEXT = 300;

/** A text answer cut to a size fit for evidence. */
export function excerpt(text: string): string {
  return text.length > EVIDENCE_TEXT ? `${text.slice(0, EVIDENCE_TEXT)}... (${text.length} characters)` : text;
}

/** An oddity as one line: `kind: what; then` (for stderr). */
export function describeOddity(oddity: Oddity): string {
  return `${oddity.kind}: ${oddity.request}: ${oddity.what}; ${oddity.then}`;
}

/**
 * The records of a list with each id once: a repeat is left out and reported, `listed-twice` alone, or
 * `repeated-page` when a run of two or more repeats earlier records in the same order.
 */
export function withoutRepeats<T extends { id: string }>(
  records: readonly T[],
  request: string,
  what: string,
): { kept: T[]; oddities: Oddity[] } {
  const first = new Map<string, number>();
  const repeats: Array<{ at: number; of: number }> = [];
  const kept: T[] = [];
  records.forEach((record, at) => {
    const of = first.get(record.id);
    if (of === undefined) {
      first.set(record.id, at);
      kept.push(record);
    } else repeats.push({ at, of });
  });
  const oddities: Oddity[] = [];
  for (let i = 0; i < repeats.length; ) {
    let j = i;
    while (
      j + 1 < repeats.length &&
      repeats[j + 1]!.at === repeats[j]!.at + 1 &&
      repeats[j + 1]!.of === repeats[j]!.of + 1
    )
      j++;
    const [start, end] = [repeats[i]!, repeats[j]!];
    if (j > i) {
      const ids = records.slice(start.at, end.at + 1).map((r) => r.id);
      oddities.push({
        kind: 'repeated-page',
        request,
        what: `positions ${start.at}-${end.at} repeat positions ${start.of}-${end.of} (${ids.length} ${what}s, ${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', ...' : ''})`,
        then: 'the first listing of each is used',
        evidence: { positions: [start.at, end.at], repeat: [start.of, end.of], ids },
      });
    } else {
      const again = records[start.at]!;
      const was = records[start.of]!;
      const differs = differingFields(was, again);
      oddities.push({
        kind: 'listed-twice',
        request,
        what: `${what} ${again.id} is listed twice (positions ${start.of} and ${start.at})${differs.length > 0 ? `, differing in ${differs.join(', ')}` : ''}`,
        then: `the first (position ${start.of}) is used`,
        evidence: { first: was, again },
      });
    }
    i = j + 1;
  }
  return { kept, oddities };
}

/** The fields two records disagree on, by name. */
export function differingFields(a: object, b: object): string[] {
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter(
    (key) => JSON.stringify(x[key]) !== JSON.stringify(y[key]),
  );
}
