import type { MockRequest, MockResponse } from './messages';

/** One request the fake answered. */
export interface JournalEntry {
  /** 1, 2, 3... in arrival order. */
  seq: number;
  /** The fake's clock when the request arrived (ISO 8601). */
  at: string;
  method: string;
  /** Path and query, without the base URL. */
  path: string;
  /** `null` for a path or method the API does not have (404 `route_not_found`). */
  operationId: string | null;
  /** The status the client saw; `0` for a network error. */
  status: number;
  /** The token's id once it was recognised (never its value). */
  tokenId: string | null;
  durationMs: number;
  /** The injected fault, described (`status 503`, `latency 200ms`, `afterApply networkError`...). */
  fault: string | null;
  /** The error body's `code`, for an error answer. */
  code?: string;
  /**
   * Why the fake answered as it did, for every 4xx and 5xx (and a bulk call that skipped rows): the rule that
   * decided and the facts it used, e.g. `token 70ce… (Alex) lacks scope snapshots:write, which POST /snapshots
   * needs; it has ledger:read`. Never a token value. The API's answer itself is unchanged.
   */
  reason?: string;
  /** With an `afterApply` fault: the status the operation produced before it was replaced. */
  appliedStatus?: number;
  /** An unexpected exception (a bug in the fake), answered as 500 `internal_error`. */
  internalError?: { message: string; stack?: string };
}

const MAX_ENTRIES = 10_000;

/**
 * Told of each entry as it is recorded, with the request and the answer it records (the journal keeps neither),
 * and of each clear: what ledger-mock's inspector page shows as it happens. Called synchronously; must not throw.
 */
export interface JournalWatcher {
  /** `response` is absent for a dropped connection (an injected network error). */
  recorded(entry: Readonly<JournalEntry>, request: MockRequest, response: MockResponse | undefined): void;
  cleared(): void;
}

/** The request journal: what was asked, what was answered, and any bug hit on the way. */
export class RequestJournal {
  #entries: JournalEntry[] = [];
  #seq = 0;
  #seen = new Set<string>();
  #watchers: JournalWatcher[] = [];

  /** Tells `watcher` of every entry recorded and every clear from now on; the function returned stops it. */
  watch(watcher: JournalWatcher): () => void {
    this.#watchers = [...this.#watchers, watcher];
    return () => {
      this.#watchers = this.#watchers.filter((w) => w !== watcher);
    };
  }

  /** True the first time a cause (an internal error's message) is noted since the journal was cleared. */
  firstSight(cause: string): boolean {
    if (this.#seen.has(cause)) return false;
    this.#seen.add(cause);
    return true;
  }

  /** Adds an entry, keeping the most recent 10,000; watchers are told of it with the request and its answer. */
  record(entry: Omit<JournalEntry, 'seq'>, request: MockRequest, response: MockResponse | undefined): JournalEntry {
    const full = { seq: ++this.#seq, ...entry };
    this.#entries.push(full);
    // Trimmed in batches: dropping one entry per request shifted 10,000 entries on every request once full.
    if (this.#entries.length >= 2 * MAX_ENTRIES) this.#entries.splice(0, this.#entries.length - MAX_ENTRIES);
    for (const watcher of this.#watchers) watcher.recorded(full, request, response);
    return full;
  }

  /** Every entry kept (the most recent 10,000), oldest first. */
  entries(): JournalEntry[] {
    return this.#kept().map((entry) => ({ ...entry }));
  }

  /** The entries kept for which `match` is true, oldest first, as copies. */
  find(match: (entry: JournalEntry) => boolean): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (const entry of this.#kept()) if (match(entry)) out.push({ ...entry });
    return out;
  }

  /** How many entries kept `match` is true for (nothing is copied). */
  count(match: (entry: JournalEntry) => boolean): number {
    let count = 0;
    for (const entry of this.#kept()) if (match(entry)) count++;
    return count;
  }

  /** The entries where the fake hit an unexpected exception; a test suite asserts this is empty. */
  internalErrors(): JournalEntry[] {
    return this.find((entry) => entry.internalError !== undefined);
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries = [];
    this.#seq = 0;
    this.#seen.clear();
    for (const watcher of this.#watchers) watcher.cleared();
  }

  /** The entries kept (the most recent 10,000), as stored. */
  #kept(): JournalEntry[] {
    return this.#entries.length > MAX_ENTRIES ? this.#entries.slice(-MAX_ENTRIES) : this.#entries;
  }
}

/**
 * The entries as a short text for a failing test's message: one line per request, and under each refusal the
 * rule that decided and its facts.
 * @example
 * #42 POST /api/public/v1/snapshots -> 403 insufficient_scope
 *     token 70ce… (Alex) lacks scope snapshots:write, which POST /snapshots needs; it has ledger:read
 */
export function explainEntries(entries: readonly JournalEntry[]): string {
  if (entries.length === 0) return 'The fake has answered no request (since the journal was last cleared).\n';
  const head = `The fake's last ${entries.length === 1 ? 'request' : `${entries.length} requests`}, oldest first:`;
  const lines = entries.flatMap((entry) => {
    const answer = entry.status === 0 ? 'connection dropped' : `${entry.status}${entry.code ? ` ${entry.code}` : ''}`;
    const line = `#${entry.seq} ${entry.method} ${entry.path} -> ${answer}`;
    return entry.reason === undefined ? [line] : [line, `    ${entry.reason}`];
  });
  return `${[head, ...lines].join('\n')}\n`;
}
