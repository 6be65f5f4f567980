// The one seed of every fast-check property in the suites: fixed, so a property gives the same result on every
// run; `FC_SEED=<integer>` replays another (a failure prints its seed and path). setup-fast-check.ts applies it.

/** The fixed default seed. */
export const DEFAULT_SEED = 20_261_122;

/** The seed of this run: FC_SEED when set, else DEFAULT_SEED. */
export const SEED = parseSeed(process.env.FC_SEED);

function parseSeed(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_SEED;
  const seed = Number(text);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer; got ${text}`);
  return seed;
}
