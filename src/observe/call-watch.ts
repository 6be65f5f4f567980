// The events of one call, built only when something listens: the transport makes a CallWatch per call then, and
// none otherwise. Loaded when a call is first watched (./watch.ts), it imports none of the entry's modules: what it
// uses of them comes in its WatchLib.
import type { BodySerializer, defaultBodySerializer } from 'openapi-fetch';
import type { pathOf } from '../errors/request-errors';
import type { REDACTED, redact } from '../shared/redact';
import type { RetryInfo } from '../retry/retry-options';
import type { ClientEventBase } from './events';
import type { ClientObserver } from './observer';

/**
 * Response headers that carry the service's id for a request, first found wins. openapi.json names none; these
 * are the common spellings (docs/spec-gaps.md, 33).
 */
export const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id'] as const;

/** What the watch uses of the entry's own modules (./watch.ts hands them over). */
export interface WatchLib {
  readonly defaultBodySerializer: typeof defaultBodySerializer;
  readonly pathOf: typeof pathOf;
  readonly redact: typeof redact;
  readonly REDACTED: typeof REDACTED;
}

/** What a call is, for its events: the method and route template given to the typed method, and the body given. */
export interface WatchedCall {
  method: string;
  route: string;
  body: unknown;
}

/** How an attempt ended, as the transport saw it. */
export type AttemptEnd = { result: { response: Response; data?: unknown; error?: unknown } } | { error: Error };

export class CallWatch {
  private readonly callId: number;
  private startedAt = 0;
  private requestBytes: number | undefined;
  private done = false;

  constructor(
    private readonly observer: ClientObserver,
    private readonly call: WatchedCall,
    private readonly lib: WatchLib,
  ) {
    this.callId = observer.nextCallId();
  }

  /** An attempt starts. */
  start(): void {
    this.startedAt = performance.now();
    this.requestBytes = undefined;
  }

  /** A body serializer that notes the bytes it makes: the caller's own, or openapi-fetch's default. */
  serializer(own: BodySerializer<unknown> | undefined): BodySerializer<unknown> {
    // openapi-fetch also passes the headers (its types omit them); passed on, as its default reads Content-Type.
    const serialize = (own ?? this.lib.defaultBodySerializer) as (body: unknown, headers?: unknown) => unknown;
    const noting = (body: unknown, headers?: unknown): unknown => {
      const serialized = serialize(body, headers);
      if (typeof serialized === 'string') this.requestBytes = utf8Bytes(serialized);
      return serialized;
    };
    return noting as BodySerializer<unknown>;
  }

  /** The attempt's request goes to fetch. */
  sent(request: Request, attempt: number): void {
    const { observer } = this;
    if (!observer.has('request')) return;
    observer.emit('request', {
      ...this.base(request, attempt),
      headers: this.headers(request.headers, true),
      requestBytes: this.requestBytes,
      ...(observer.bodies && this.call.body !== undefined
        ? { body: this.lib.redact(this.call.body, observer.secrets) }
        : {}),
    });
  }

  /** The attempt ended (with a response, or a transport failure); `final` when no retry follows. */
  ended(end: AttemptEnd, sent: { method: string; url: string }, attempt: number, final: boolean): void {
    this.done = final;
    const durationMs = performance.now() - this.startedAt;
    if ('error' in end) {
      if (!this.observer.has('error')) return;
      this.observer.emit('error', { ...this.base(sent, attempt), error: end.error, durationMs, final });
      return;
    }
    if (!this.observer.has('response')) return;
    const { response, data, error } = end.result;
    const length = response.headers.get('content-length');
    const body = data ?? error;
    this.observer.emit('response', {
      ...this.base(sent, attempt),
      status: response.status,
      durationMs,
      requestId: requestIdOf(response.headers),
      headers: this.headers(response.headers, false),
      responseBytes: length === null || !Number.isFinite(Number(length)) ? undefined : Number(length),
      final,
      ...(this.observer.bodies && body !== undefined ? { body: this.lib.redact(body, this.observer.secrets) } : {}),
    });
  }

  /** A retry follows `attempt` after `info.delayMs`. */
  retrying(info: RetryInfo, sent: { method: string; url: string }, attempt: number): void {
    if (!this.observer.has('retry')) return;
    this.observer.emit('retry', {
      ...this.base(sent, attempt),
      delayMs: info.delayMs,
      ...(info.status === undefined ? {} : { status: info.status }),
      ...(info.error === undefined ? {} : { error: info.error }),
    });
  }

  /** The call rejects with `error`: the final event, unless the attempt's own event already was. */
  threw(error: unknown, sent: { method: string; url: string }, attempt: number): void {
    if (this.done) return;
    this.done = true;
    if (!this.observer.has('error')) return;
    this.observer.emit('error', {
      ...this.base(sent, attempt),
      error,
      durationMs: performance.now() - this.startedAt,
      final: true,
    });
  }

  private base(sent: { method: string; url: string }, attempt: number): ClientEventBase {
    const path = this.lib.redact(this.lib.pathOf(sent.url), this.observer.secrets);
    return { callId: this.callId, method: sent.method.toUpperCase(), route: this.call.route, path, attempt };
  }

  /** Headers as a plain object: Authorization replaced (on a request), the token scrubbed from every value. */
  private headers(headers: Headers, isRequest: boolean): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of headers)
      out[name] =
        isRequest && name === 'authorization' ? this.lib.REDACTED : this.lib.redact(value, this.observer.secrets);
    return out;
  }
}

function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value !== null && value !== '') return value;
  }
  return undefined;
}

let encoder: TextEncoder | undefined; // made on first use: loading the client touches no global

function utf8Bytes(text: string): number {
  encoder ??= new TextEncoder();
  return encoder.encode(text).byteLength;
}
