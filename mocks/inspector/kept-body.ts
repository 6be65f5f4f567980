// A body as the inspector keeps it: at most INSPECTOR_LIMITS.bodyBytes of it, copied, so a request of 8 MiB is never
// held alive by the page's memory of it; and how long it was.
import { Buffer } from 'node:buffer';
import type { MockRequestBody } from '../core/messages';
import { INSPECTOR_LIMITS } from './limits';

/** The first bytes of a body, and its whole length. */
export interface KeptBody {
  /** The text kept (UTF-8 bytes or a string), or `undefined` when there was no body or it was never read. */
  readonly kept: Uint8Array | string | undefined;
  /**
   * The body's whole length in bytes; `undefined` when it was never read and no length was declared, and for a string
   * kept whole (`whole`), whose length is counted only when someone asks (bodyBytes).
   */
  readonly bytes: number | undefined;
  /** `kept` is the whole body. */
  readonly whole: boolean;
  /** The body was there but never read: the request was refused before its body was (401, 403, 413...). */
  readonly unread: boolean;
}

export const NO_BODY: KeptBody = Object.freeze({ kept: undefined, bytes: 0, whole: true, unread: false });

/** Keeps the first bytes of a body read in full. */
export function keepBody(body: Uint8Array | string): KeptBody {
  const limit = INSPECTOR_LIMITS.bodyBytes;
  // Always a copy: a socket's chunk may be a view of a larger buffer.
  if (typeof body !== 'string')
    return { kept: body.slice(0, limit), bytes: body.byteLength, whole: body.byteLength <= limit, unread: false };
  // A string's characters take 1 to 3 UTF-8 bytes: one of up to limit / 3 characters is kept whole, as it is, and
  // counted only if a page asks (nearly every answer is that short, and most are never looked at).
  if (body.length <= limit / 3) return { kept: body, bytes: undefined, whole: true, unread: false };
  const bytes = Buffer.byteLength(body);
  if (bytes <= limit) return { kept: body, bytes, whole: true, unread: false };
  // Copied out (a slice of a string may keep the whole string alive); a character cut in two decodes as U+FFFD.
  return {
    kept: new Uint8Array(Buffer.from(body.slice(0, limit)).subarray(0, limit)),
    bytes,
    whole: false,
    unread: false,
  };
}

/** A body's whole length in bytes, or `null` when it is not known (never read, and no length declared). */
export function bodyBytes(body: KeptBody): number | null {
  if (body.bytes !== undefined) return body.bytes;
  return body.whole && typeof body.kept === 'string' ? Buffer.byteLength(body.kept) : null;
}

/** The text of a kept body, and whether it is cut short. */
export function keptText(body: KeptBody): { text: string | null; truncated: boolean } {
  if (body.kept === undefined) return { text: null, truncated: false };
  return {
    text: typeof body.kept === 'string' ? body.kept : new TextDecoder().decode(body.kept),
    truncated: !body.whole,
  };
}

/**
 * The kept form of a request's body, whatever form it came in. A body read on demand (node:http's) shows what was
 * read; one the core never read (a refused request) stays unread, and is never read for the page.
 */
export function keptRequestBody(body: MockRequestBody | undefined): KeptBody {
  if (body === undefined) return NO_BODY;
  if (typeof body === 'string' || body instanceof Uint8Array) return keepBody(body);
  if (body.received !== undefined) return keepBody(body.received);
  return { kept: undefined, bytes: body.declaredLength, whole: false, unread: true };
}
