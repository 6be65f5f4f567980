// Work vitest's own process started for the test files (the consumer projects' installs, started by the sequencer),
// which the run's teardown waits for before it removes the run's directory: npm never writes into a folder being removed.
// Kept on globalThis: the sequencer and the global setup are loaded as two copies of this module.
const KEY = Symbol.for('personal-ledger-sdk.test.background');

function pending(): Set<Promise<unknown>> {
  const store = globalThis as { [KEY]?: Set<Promise<unknown>> };
  return (store[KEY] ??= new Set());
}

/** Lets `work` run on; its failure is for the test files that wait for its result to report. */
export function inBackground(work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  pending().add(settled);
  void settled.then(() => pending().delete(settled));
}

/** Resolves once everything started with inBackground has ended, or after `limitMs`. */
export async function backgroundEnded(limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([Promise.all(pending()), limit]);
  clearTimeout(timer);
}
