// The page's one way to the fake: fetch to its own origin, JSON in and out, every change as
// `Content-Type: application/json` (as /__mock requires), and the control token when ledger-mock asks for one
// (off loopback). The token is kept in this tab only (memory and sessionStorage), sent as X-Ledger-Mock-Control,
// never put in a URL.
import { parseRetryAfter } from '../../../src/shared/retry-after';

const TOKEN_KEY = 'ledger-mock-control-token';

/** A refusal or failure of a /__mock call, with the code ledger-mock answered. */
export class ControlProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Asks the person for the control token; `problem` says why (none given yet, or the last one was wrong). */
export type AskForToken = (problem: string) => Promise<string>;

export class ControlApi {
  #token: string | undefined = readStored();
  #asking: Promise<string> | undefined;

  constructor(private readonly askForToken: AskForToken) {}

  /** GET a path under the page's origin. */
  get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.#call<T>('GET', path, undefined, signal);
  }

  /** A change: POST, PUT or DELETE, always as JSON. */
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.#call<T>(method, path, body);
  }

  async #call<T>(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    for (;;) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (method !== 'GET') headers['content-type'] = 'application/json';
      const token = this.#token;
      if (token !== undefined) headers['x-ledger-mock-control'] = token;
      const response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        cache: 'no-store',
        credentials: 'omit',
      });
      const answer = (await response.json().catch(() => undefined)) as { error?: string; code?: string } | undefined;
      if (response.ok) return answer as T;
      if (
        response.status === 401 &&
        (answer?.code === 'control_token_required' || answer?.code === 'invalid_control_token')
      ) {
        await this.#newToken(token, answer.code);
        continue;
      }
      throw new ControlProblem(
        response.status,
        answer?.code,
        answer?.error ?? `${method} ${path} answered ${response.status}`,
        parseRetryAfter(response.headers.get('retry-after')),
      );
    }
  }

  /** One question at a time, however many calls were refused; a call refused with a token already replaced retries at once. */
  async #newToken(refused: string | undefined, code: string): Promise<void> {
    if (refused !== this.#token) return;
    this.#asking ??= this.askForToken(
      code === 'invalid_control_token' ? 'That is not the control token of this ledger-mock.' : '',
    ).finally(() => (this.#asking = undefined));
    const token = await this.#asking;
    this.#token = token;
    store(token);
  }
}

function readStored(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined; // storage refused: the token lives in memory only
  }
}

function store(token: string): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // kept in memory only
  }
}
