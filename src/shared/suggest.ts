// "Did you mean ...?" for names refused: the control API's (scenario names, operationIds) and the fields of a file a
// user writes (ledger-sync's mapping, a bank profile).

/** The candidate closest to `word` (case-insensitive edit distance), if it is a plausible typo of it. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(lower, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  // A typo changes a few letters; beyond a third of the word it is another word.
  return best && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.name : undefined;
}

/** ` (did you mean x?)` for a near miss, else an empty string. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const near = closest(word, candidates);
  return near === undefined ? '' : ` (did you mean ${near}?)`;
}

/**
 * A problem for each key of `given` that is not one of `known`: `<where>.<key> is not a field of <what>`, with the
 * key meant when one is close, else the fields there are. A typo in a file a user writes is refused, never ignored.
 */
export function unknownFields(given: object, known: readonly string[], where: string, what: string): string[] {
  return Object.keys(given)
    .filter((key) => !known.includes(key))
    .map((key) => {
      const near = closest(key, known);
      return `${where ? `${where}.` : ''}${key} is not a field of ${what} (${near === undefined ? `its fields: ${known.join(', ')}` : `did you mean ${near}?`})`;
    });
}

// Damerau-Levenshtein (optimal string alignment): a swap of two neighbours ("dmeo") counts as one edit.
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
