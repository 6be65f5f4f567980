// The requests ledger-mock answered, as its inspector page shows them: each journal entry as it is recorded, with the
// user behind the token (never the token) and the first bytes of both bodies; the last INSPECTOR_LIMITS.requestsKept.
// It also counts changes of state (a write through the API, a change through /__mock), so a waiting page knows when
// to look again.
import type { JournalEntry, JournalWatcher } from '../core/journal';
import type { MockRequest, MockResponse } from '../core/messages';
import type { LedgerStore } from '../store/ledger-store';
import { keepBody, keptRequestBody, NO_BODY, type KeptBody } from './kept-body';
import { INSPECTOR_LIMITS } from './limits';

/** One request the page can show: its journal entry, who sent it, and both bodies as kept. */
export interface Exchange {
  /** 1, 2, 3... for the life of the server (a cleared journal starts its `seq` again; this goes on). */
  readonly id: number;
  readonly entry: Readonly<JournalEntry>;
  /** The user the token belongs to, when a token was recognised. */
  readonly user: { readonly id: string; readonly name: string } | null;
  readonly request: KeptBody;
  readonly requestType: string | undefined;
  /** `NO_BODY` for a dropped connection (an injected network error). */
  readonly response: KeptBody;
  readonly responseType: string | undefined;
}

/** The newest requests after one the page has seen, and how many between them are not sent. */
export interface ExchangesSince {
  readonly requests: readonly Exchange[];
  /** Requests after `after` not in `requests`: beyond what one answer carries, or no longer kept. */
  readonly missed: number;
}

/** The inspector's memory of requests, told by the journal (a JournalWatcher). */
export class ExchangeLog implements JournalWatcher {
  #kept: Exchange[] = [];
  #lastId = 0;
  #clears = 0;
  #stateVersion = 0;
  #firstOfEpoch = 1;
  // Tells apart two lives of a server (ids start again at 1): a page that saw the other one starts over.
  readonly #life = Math.random().toString(36).slice(2, 8);

  constructor(
    private readonly store: LedgerStore,
    /** Called after every change of what the log would answer. */
    private readonly onNews: () => void,
  ) {}

  /** Changes with every clear of the journal (reset, restore, DELETE /__mock/journal) and every server start. */
  get epoch(): string {
    return `${this.#life}.${this.#clears}`;
  }

  /** Counts changes of state: a page that saw another number looks again. */
  get stateVersion(): number {
    return this.#stateVersion;
  }

  /** The id of the last request recorded (0 before the first). */
  get lastId(): number {
    return this.#lastId;
  }

  recorded(entry: Readonly<JournalEntry>, request: MockRequest, response: MockResponse | undefined): void {
    const token = entry.tokenId === null ? undefined : this.store.tokens.peek(entry.tokenId);
    const user = token && this.store.users.peek(token.user_id);
    this.#kept.push({
      id: ++this.#lastId,
      entry,
      user: user ? { id: user.id, name: user.name } : null,
      request: keptRequestBody(request.body),
      requestType: request.headers['content-type'],
      response: response ? keepBody(response.body) : NO_BODY,
      responseType: response?.headers['content-type'],
    });
    // Trimmed in batches, as the journal is: one shift per request would move every entry kept.
    if (this.#kept.length >= 2 * INSPECTOR_LIMITS.requestsKept)
      this.#kept.splice(0, this.#kept.length - INSPECTOR_LIMITS.requestsKept);
    // A write (or a refused one), or a fault that spent one of its hits: the page looks at the state again.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || entry.fault !== null) this.#stateVersion++;
    this.onNews();
  }

  cleared(): void {
    this.#kept = [];
    this.#firstOfEpoch = this.#lastId + 1;
    this.#clears++;
    this.#stateVersion++;
    this.onNews();
  }

  /** Something changed through /__mock. */
  changed(): void {
    this.#stateVersion++;
    this.onNews();
  }

  /** True when a page that saw request `after`, epoch `epoch` and state `version` has something new to see. */
  hasNews(after: number, epoch: string | undefined, version: number | undefined): boolean {
    return epoch !== this.epoch || after < this.#lastId || version !== this.#stateVersion;
  }

  /**
   * The newest requests after `after` (at most INSPECTOR_LIMITS.requestsPerAnswer, oldest first), for a page of
   * epoch `epoch`; a page of another epoch gets the newest kept, as a page that saw nothing does.
   */
  since(after: number, epoch: string | undefined): ExchangesSince {
    const from = epoch === this.epoch && after <= this.#lastId ? after : 0;
    const unseen = this.#kept.filter((exchange) => exchange.id > from && this.#isKept(exchange.id));
    const requests = unseen.slice(-INSPECTOR_LIMITS.requestsPerAnswer);
    // Every request of this epoch after `from` that is not sent: beyond one answer, or no longer kept.
    const counted = this.#lastId - Math.max(from, this.#firstOfEpoch - 1);
    return { requests, missed: counted - requests.length };
  }

  /** A request still kept, by id. */
  get(id: number): Exchange | undefined {
    const first = this.#kept[0]?.id;
    if (first === undefined || !this.#isKept(id)) return undefined;
    return this.#kept[id - first];
  }

  /** Why request `id` is not kept: it was never answered (no request has that id yet), cleared with the journal, or dropped as older than the last INSPECTOR_LIMITS.requestsKept. */
  whyNotKept(id: number): 'never' | 'cleared' | 'dropped' {
    if (id < 1 || id > this.#lastId) return 'never';
    return id < this.#firstOfEpoch ? 'cleared' : 'dropped';
  }

  // The array holds up to twice the limit between trims; only the newest INSPECTOR_LIMITS.requestsKept count as kept.
  #isKept(id: number): boolean {
    return id <= this.#lastId && id > this.#lastId - INSPECTOR_LIMITS.requestsKept && id >= this.#firstOfEpoch;
  }
}
