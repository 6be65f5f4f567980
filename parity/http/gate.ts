// The request gate: the only way the kit sends anything. It holds the token, builds each request's headers and
// body, asks permit.ts whether it may go, paces it, counts it against the budget, and learns which snapshots the
// kit created (the only ones it may later change or delete). Probes describe requests as data and never see the
// token, so no probe can send what the rules refuse.
import type { AuthKind, ProbeRequest } from './request';
import { describeFailure, failedAnswer, readAnswer, type Answer } from '../../reading/answer';
import type { ReadGet } from '../../reading/inventory';
import { Credentials } from './credentials';
import { Pacer } from '../../reading/pacer';
import { Budget } from './budget';
import { refusal, type WritePolicy } from './permit';
import { parseRetryAfter } from '../../src/shared/retry-after';

/** Thrown instead of sending a request the safety rules refuse. */
export class GateRefusal extends Error {
  override readonly name = 'GateRefusal';
}

/** Thrown instead of sending a probe's request once the run was interrupted (Ctrl-C). */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
}

/** How one request was sent, for the report's safety section (no header values). */
export interface SentRequest {
  method: string;
  path: string;
  query: string;
  auth: AuthKind;
  /** True when it carried the token. */
  withToken: boolean;
  /** The answer's status; 0 when none came. */
  status: number;
  purpose: 'probe' | 'upkeep';
}

/** Options of a gate. */
export interface GateOptions {
  /** The service's base URL, without /api/public/v1 (checkedBaseUrl drops it). */
  baseUrl: string;
  token: string;
  /** @default globalThis.fetch */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  mode: 'read' | 'scratch';
  scratchAccountId?: string;
  reservedYear: string;
  /** At most this many requests a second. @default Infinity */
  rate?: number;
  /** At most this many requests in all. @default Infinity */
  budget?: number;
  /** @default 30000 */
  timeoutMs?: number;
  /** Wait out a 429 or 503 (its Retry-After, at most 30 s) and send again, at most twice. @default false */
  retryBusy?: boolean;
  /** Aborts on Ctrl-C: probe requests stop, cleanup ones still go. */
  signal?: AbortSignal;
}

const MAX_RETRY_WAIT_MS = 30_000;

/** One side's gate. */
export class RequestGate {
  readonly #credentials: Credentials;
  readonly #options: GateOptions;
  readonly #pacer: Pacer;
  readonly #absent = new Set<string>();
  readonly #kitSnapshots = new Set<string>();
  readonly #sent: SentRequest[] = [];
  /** Snapshot ids on the scratch account before the run (never the kit's); undefined until the first read. */
  #scratchBefore: ReadonlySet<string> | undefined;
  readonly budget: Budget;

  constructor(options: GateOptions) {
    this.#options = options;
    this.#credentials = new Credentials(options.token);
    this.#pacer = new Pacer(options.rate ?? Number.POSITIVE_INFINITY);
    this.budget = new Budget(options.budget ?? Number.POSITIVE_INFINITY);
  }

  /** The rules' view of the run. */
  get policy(): WritePolicy {
    return {
      mode: this.#options.mode,
      ...(this.#options.scratchAccountId !== undefined ? { scratchAccountId: this.#options.scratchAccountId } : {}),
      reservedYear: this.#options.reservedYear,
      absentIds: this.#absent,
      kitSnapshotIds: this.#kitSnapshots,
    };
  }

  /** Records the scratch account's snapshots before the run: from then on, any other one on it is the kit's. */
  setScratchBaseline(ids: ReadonlySet<string>): void {
    this.#scratchBefore = ids;
  }

  /** Registers an id the kit made up (the caller checked that the token sees no such id). */
  registerAbsent(id: string): void {
    this.#absent.add(id);
  }

  /** The snapshots the kit created on the scratch account so far. */
  kitSnapshots(): ReadonlySet<string> {
    return this.#kitSnapshots;
  }

  /** GET requests of the kit's own reading (upkeep: Ctrl-C does not stop them), for the inventory reader. */
  reads(): ReadGet {
    return (path, query) => this.send({ method: 'GET', path, ...(query ? { query } : {}) }, 'upkeep');
  }

  /** Every request sent so far. */
  sent(): readonly SentRequest[] {
    return this.#sent;
  }

  /** Replaces the token in `text` (for anything written out). */
  redact(text: string): string {
    return this.#credentials.redact(text);
  }

  /**
   * Sends one request, or throws GateRefusal (the rules refuse it), BudgetSpent, or Interrupted (a probe
   * request after Ctrl-C). `upkeep` is the kit's own reading and undoing, which Ctrl-C does not stop.
   */
  /** Sends requests at the same moment (one pacing slot for all of them), each as `send` would; answers in their order. */
  async sendTogether(requests: readonly ProbeRequest[]): Promise<Answer[]> {
    await this.#pacer.wait(requests.length);
    return Promise.all(requests.map((request) => this.send(request, 'probe', false)));
  }

  async send(request: ProbeRequest, purpose: 'probe' | 'upkeep' = 'probe', paced = true): Promise<Answer> {
    if (purpose === 'probe' && this.#options.signal?.aborted) throw new Interrupted('interrupted');
    const auth = request.auth ?? 'valid';
    const authorization = this.#credentials.header(auth);
    const body = encodeBody(request);
    const query = request.query ?? '';
    const bodyText = typeof body === 'string' ? body : body === undefined ? undefined : new TextDecoder().decode(body);
    if (
      this.#credentials.carriesToken(request.path) ||
      this.#credentials.carriesToken(query) ||
      this.#credentials.carriesToken(bodyText)
    ) {
      throw new GateRefusal('the token goes only in the Authorization header');
    }
    // The token somewhere the specification does not take it from: with GET only, so that a service that takes it
    // there can do nothing with it but read.
    const elsewhere = this.#credentials.elsewhere(auth);
    if (elsewhere !== undefined && request.method !== 'GET')
      throw new GateRefusal(
        `the token goes elsewhere than the Authorization header with GET only, not ${request.method}`,
      );
    const withToken = this.#credentials.carriesToken(authorization) || elsewhere !== undefined;
    const contentType =
      request.json !== undefined
        ? 'application/json'
        : request.raw !== undefined
          ? (request.contentType ?? 'application/json')
          : null;
    const json = parseJson(bodyText);
    const why = refusal(
      {
        method: request.method,
        path: request.path,
        body: json,
        unreadable:
          bodyText !== undefined && bodyText !== '' && json === undefined && contentType === 'application/json',
        withToken,
      },
      this.policy,
    );
    if (why !== undefined) throw new GateRefusal(why);
    this.budget.take(purpose);

    const headers: Record<string, string> = { accept: 'application/json' };
    if (authorization !== undefined) headers.authorization = authorization;
    if (elsewhere?.header) headers[elsewhere.header[0]] = elsewhere.header[1];
    if (contentType !== null && body !== undefined) headers['content-type'] = contentType;
    const join = (...parts: Array<string | undefined>) =>
      parts.filter((part) => part !== undefined && part !== '').join('&');
    const sentQuery = join(query, elsewhere?.query);
    const url = `${this.#options.baseUrl}${request.path}${sentQuery === '' ? '' : `?${sentQuery}`}`;
    // As the report names it: a token in the query shows as `<token>`.
    const described = { method: request.method, path: request.path, query: join(query, elsewhere?.shown) };
    const send = this.#options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

    let answer: Answer;
    for (let retries = 0; ; retries++) {
      if (paced || retries > 0) await this.#pacer.wait();
      try {
        const response = await send(url, {
          method: request.method,
          headers,
          ...(body !== undefined ? { body: body as BodyInit } : {}),
          redirect: 'manual',
          signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
        });
        answer = await readAnswer(described, response, retries);
      } catch (error) {
        answer = failedAnswer(described, this.#credentials.redact(describeFailure(error)), retries);
      }
      const wait = this.#options.retryBusy && retries < 2 ? retryWaitMs(answer) : undefined;
      if (wait === undefined) break;
      this.budget.take('upkeep');
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    this.#sent.push({
      method: request.method,
      path: request.path,
      query: described.query,
      auth,
      withToken,
      status: answer.status,
      purpose,
    });
    if (withToken) this.#learn(answer.json);
    return answer;
  }

  /** Every snapshot on the scratch account that was not there before the run is the kit's. */
  #learn(json: unknown): void {
    const scratch = this.#options.scratchAccountId;
    const before = this.#scratchBefore;
    if (scratch === undefined || before === undefined) return;
    visit(json, (object) => {
      const { id, account_id: accountId } = object;
      if (typeof id === 'string' && accountId === scratch && 'snapshot_date' in object && !before.has(id))
        this.#kitSnapshots.add(id);
    });
  }
}

function encodeBody(request: ProbeRequest): string | Uint8Array | undefined {
  if (request.json !== undefined) return JSON.stringify(request.json);
  return request.raw;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // not JSON: it names nothing
  }
}

function visit(value: unknown, each: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) for (const item of value) visit(item, each);
  else if (typeof value === 'object' && value !== null) {
    each(value as Record<string, unknown>);
    for (const item of Object.values(value)) visit(item, each);
  }
}

/** How long a 429 or 503 asks to wait (Retry-After in seconds or as a date), capped; undefined for other answers. */
function retryWaitMs(answer: Answer): number | undefined {
  if (answer.status !== 429 && answer.status !== 503) return undefined;
  // Absent or unreadable: a second, as a client with no advice would wait.
  const ms = parseRetryAfter(answer.headers['retry-after']) ?? 1000;
  return Math.min(ms, MAX_RETRY_WAIT_MS);
}
