// The dates the kit writes on the scratch account: a year no real data of a scratch account uses. The kit refuses
// to start when the scratch account already has a snapshot in it, so everything there during a run is the kit's.

/** The reserved range, inclusive. */
export const RESERVED_RANGE = { from: '2000-01-01', to: '2000-12-31', year: '2000' } as const;

/** The `n`th day of the reserved range (1 = 2000-01-01), as YYYY-MM-DD. */
export function reservedDay(n: number): string {
  const date = new Date(Date.UTC(2000, 0, n));
  return date.toISOString().slice(0, 10);
}
