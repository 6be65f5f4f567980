// A node:http request body as a web ReadableStream that reads only when its reader asks (so an
// endless body is never buffered), stops after BODY_LIMIT_BYTES, and fails with 408 when the
// client sends nothing for too long while a reader waits.
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors';
import { BODY_LIMIT_BYTES, bodyTooLarge } from '../handlers/pipeline';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

export class RequestBody {
  readonly stream: ReadableStream<Uint8Array>;
  #req: IncomingMessage;
  #idleTimeoutMs: number;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #received = 0;
  #settled = false;
  #listeners: Array<[string, Listener]> = [];

  constructor(req: IncomingMessage, idleTimeoutMs: number) {
    this.#req = req;
    this.#idleTimeoutMs = idleTimeoutMs;
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
          this.#on('data', (chunk: Buffer) => this.#onData(chunk));
          this.#on('end', () => this.#settle(() => controller.close()));
          this.#on('error', () => this.#fail(incomplete()));
          this.#on('close', () => {
            if (!req.complete) this.#fail(incomplete());
          });
          req.pause();
        },
        pull: () => {
          if (this.#received > BODY_LIMIT_BYTES) return this.#fail(bodyTooLarge());
          req.resume();
          this.#arm();
        },
        cancel: () => this.detach(),
      },
      { highWaterMark: 1 },
    );
  }

  /** Stops listening to the request (the server then discards or drops the rest). */
  detach(): void {
    clearTimeout(this.#timer);
    for (const [event, listener] of this.#listeners) this.#req.off(event, listener);
    this.#listeners = [];
    this.#settled = true;
  }

  #onData(chunk: Buffer): void {
    clearTimeout(this.#timer);
    this.#received += chunk.byteLength;
    this.#controller.enqueue(chunk);
    // Past the limit: read no more. The reader sees the size and refuses with 413 itself.
    if (this.#received > BODY_LIMIT_BYTES || (this.#controller.desiredSize ?? 0) <= 0) this.#req.pause();
    else this.#arm();
  }

  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => this.#fail(new ApiError(408, 'request_timeout', `No request body bytes arrived for ${this.#idleTimeoutMs} ms`)),
      this.#idleTimeoutMs,
    );
  }

  #fail(error: ApiError): void {
    this.#settle(() => this.#controller.error(error));
  }

  #settle(action: () => void): void {
    if (this.#settled) return;
    this.detach();
    action();
  }

  #on(event: string, listener: Listener): void {
    this.#req.on(event, listener);
    this.#listeners.push([event, listener]);
  }
}

function incomplete(): ApiError {
  return new ApiError(400, 'incomplete_body', 'The client closed the connection before the body was complete');
}
