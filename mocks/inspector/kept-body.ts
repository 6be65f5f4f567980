// A body as the inspector keeps it: at most INSPECTOR_LIMITS.bodyBytes of it, copied, so a request of 8 MiB is never
// held alive by the page's memory of it; and how long it was.
import { Buffer } from 'node:buffer';
import type { BodyReader, MockRequestBody } from '../core/messages';
import { INSPECTOR_LIMITS } from './limits';

/** The first bytes of a body, and its whole length. */
export interface KeptBody {
  /** The text kept (UTF-8 bytes or a string), or `undefined` when there was no body or it was never read. */
  readonly kept: Uint8Array | string | undefined;
  /** The body's whole length in bytes; `undefined` when it was never read and no length was declared. */
  readonly bytes: number | undefined;
  /** The body was there but never read: the request was refused before its body was (401, 403, 413...). */
  readonly unread: boolean;
}

export const NO_BODY: KeptBody = Object.freeze({ kept: undefined, bytes: 0, unread: false });

/** Keeps the first bytes of a body read in full. */
export function keepBody(body: Uint8Array | string): KeptBody {
  const limit = INSPECTOR_LIMITS.bodyBytes;
  // Always a copy: a socket's chunk may be a view of a larger buffer.
  if (typeof body !== 'string') return { kept: body.slice(0, limit), bytes: body.byteLength, unread: false };
  // A string's characters take 1 to 3 UTF-8 bytes: one of up to limit / 3 characters is kept whole, as it is.
  if (body.length <= limit / 3) return { kept: body, bytes: Buffer.byteLength(body), unread: false };
  const bytes = Buffer.byteLength(body);
  // Copied out (a slice of a string may keep the whole string alive); a character cut in two decodes as U+FFFD.
  return { kept: bytes > limit ? new Uint8Array(Buffer.from(body.slice(0, limit)).subarray(0, limit)) : body, bytes, unread: false };
}

/** The text of a kept body, and whether it is cut short. */
export function keptText(body: KeptBody): { text: string | null; truncated: boolean } {
  if (body.kept === undefined) return { text: null, truncated: false };
  const text = typeof body.kept === 'string' ? body.kept : new TextDecoder().decode(body.kept);
  const keptBytes = typeof body.kept === 'string' ? Buffer.byteLength(body.kept) : body.kept.byteLength;
  return { text, truncated: body.bytes !== undefined && keptBytes < body.bytes };
}

/**
 * A request body read on demand (node:http's), passed through as the core reads it: what was read is kept. A body
 * the core never reads (a refused request) stays unread, and is never read for the page.
 */
export class CapturedBody implements BodyReader {
  #read: KeptBody | undefined;

  constructor(private readonly inner: BodyReader) {}

  get declaredLength(): number | undefined {
    return this.inner.declaredLength;
  }

  async read(limit: number): Promise<Uint8Array | string> {
    const body = await this.inner.read(limit);
    this.#read = keepBody(body);
    return body;
  }

  /** What was read, or the declared length of a body never read. */
  kept(): KeptBody {
    return this.#read ?? { kept: undefined, bytes: this.inner.declaredLength, unread: true };
  }
}

/** The kept form of a request's body, whatever form it came in. */
export function keptRequestBody(body: MockRequestBody | undefined): KeptBody {
  if (body === undefined) return NO_BODY;
  if (body instanceof CapturedBody) return body.kept();
  if (typeof body === 'string' || body instanceof Uint8Array) return keepBody(body);
  return { kept: undefined, bytes: body.declaredLength, unread: true }; // a reader nobody captured
}
