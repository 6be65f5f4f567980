// The requests as they arrive: a long poll of GET /__mock/inspector/events. Each answer comes as soon as ledger-mock
// has news (a request answered, a change over HTTP, a cleared journal) or after the wait, and the next question goes
// out at once. An answer after a wait with no news has the state read again too: a change made in code, through the
// server's mock.control, tells no one. When ledger-mock is gone, it asks again, less and less often (at most every 5 s).
import { ControlProblem, type ControlApi } from './api';
import type { EventsAnswer, RequestSummary } from '../wire';

/** How long one question may wait for news, in ms: also how late a change made in code may show. */
const WAIT_MS = 10_000;

/** What the feed tells the page. */
export interface FeedListener {
  /** The journal was cleared (or ledger-mock restarted): the list starts over. */
  restart(): void;
  /** New requests, oldest first, and how many between them and the last ones seen are not sent. */
  requests(requests: RequestSummary[], missed: number): void;
  /** The state may have changed: read it again. */
  stateChanged(): void;
  /** `live`, or why not. */
  connection(state: 'live' | 'lost' | 'token', text: string): void;
}

/** Follows ledger-mock's requests until `signal` aborts. */
export async function follow(api: ControlApi, listener: FeedListener, signal: AbortSignal): Promise<void> {
  let after = 0;
  let epoch: string | undefined;
  let version: number | undefined;
  let pause = 0;
  while (!signal.aborted) {
    const query = new URLSearchParams({ after: String(after), wait: epoch === undefined ? '0' : String(WAIT_MS) });
    if (epoch !== undefined) query.set('epoch', epoch);
    if (version !== undefined) query.set('version', String(version));
    try {
      const answer = await api.get<EventsAnswer>(`/__mock/inspector/events?${query}`, signal);
      listener.connection('live', 'Live');
      pause = 0;
      if (answer.epoch !== epoch) listener.restart();
      epoch = answer.epoch;
      after = answer.last_id;
      if (answer.requests.length > 0 || answer.missed > 0) listener.requests(answer.requests, answer.missed);
      const quiet = answer.requests.length === 0 && answer.state_version === version;
      if (answer.state_version !== version || quiet) {
        version = answer.state_version;
        listener.stateChanged();
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ControlProblem && error.status === 429) {
        listener.connection('lost', 'Too many pages are watching this ledger-mock; trying again…');
        await sleep(error.retryAfterMs ?? 2000, signal);
        continue;
      }
      listener.connection(
        'lost',
        `Lost ledger-mock (${error instanceof Error ? error.message : String(error)}); trying again…`,
      );
      pause = Math.min(pause === 0 ? 250 : pause * 2, 5000);
      await sleep(pause, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
