// What ledger-mock's inspector keeps and serves, each bounded: the requests it remembers with their bodies, how much
// of a body, how many requests one answer carries, how many pages may wait at once and for how long.
// docs/ledger-mock.md states each value; test/server/inspector-stream.test.ts holds the server to them.

/** The inspector's limits, one source each. */
export const INSPECTOR_LIMITS = {
  /** The most recent requests kept with their bodies (the journal itself keeps 10,000, without bodies). */
  requestsKept: 200,
  /** Of each request and response body, the first this many bytes are kept; the rest is counted, not kept. */
  bodyBytes: 64 * 1024,
  /** Requests one answer of GET /__mock/inspector/events carries at most (the newest; older ones are counted as missed). */
  requestsPerAnswer: 100,
  /** Pages waiting on GET /__mock/inspector/events at once: beyond it 429 `too_many_watchers`. */
  waitingPolls: 16,
  /** The longest a GET /__mock/inspector/events waits for news (`?wait=` in ms). */
  longestWaitMs: 25_000,
} as const;
