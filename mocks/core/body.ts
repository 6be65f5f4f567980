// Request bodies: the size limit, UTF-8 and JSON (spec 7, spec-gaps 15).
import { ApiError } from '../errors';
import { mayHoldForbiddenKey, refuseForbiddenKeys } from './json-keys';
import type { MockRequestBody } from './messages';

/** Spec-gaps 15: bodies over 8 MiB are refused before they are parsed. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** A size limit on bodies, and where it is documented (said in each refusal's reason). */
export interface BodyLimit {
  bytes: number;
  /** `8 MiB (spec-gaps 15)`. */
  described: string;
}

/** The API's limit (spec-gaps 15). */
export const API_BODY_LIMIT: BodyLimit = { bytes: BODY_LIMIT_BYTES, described: '8 MiB (spec-gaps 15)' };

let utf8: TextDecoder | undefined; // made on first use: loading the fake touches no global

/**
 * The body as text: at most `limit` bytes (the declared length first, then what is read), valid UTF-8.
 * No body is `''`.
 */
export async function readBodyText(
  body: MockRequestBody | undefined,
  limit: BodyLimit = API_BODY_LIMIT,
): Promise<string> {
  if (body === undefined) return '';
  if (typeof body === 'string') {
    // Every UTF-16 unit is at most 3 UTF-8 bytes: only a long string needs counting.
    const bytes = body.length * 3 > limit.bytes ? new TextEncoder().encode(body).byteLength : 0;
    if (bytes > limit.bytes) throw bodyTooLarge(`the body is ${bytes} bytes`, limit);
    return body;
  }
  if (body instanceof Uint8Array) return decode(body, limit);
  if (body.declaredLength !== undefined && body.declaredLength > limit.bytes) {
    throw bodyTooLarge(`the body declares ${body.declaredLength} bytes (Content-Length); nothing was read`, limit);
  }
  let read: Uint8Array | string;
  try {
    read = await body.read(limit.bytes);
  } catch (error) {
    // The adapter's collector knows the number only: say which limit it was.
    if (error instanceof ApiError && error.code === 'body_too_large') throw bodyTooLarge(undefined, limit);
    throw error;
  }
  return typeof read === 'string' ? read : decode(read, limit);
}

function decode(bytes: Uint8Array, limit: BodyLimit): string {
  if (bytes.byteLength > limit.bytes) throw bodyTooLarge(`the body is ${bytes.byteLength} bytes`, limit);
  try {
    utf8 ??= new TextDecoder('utf-8', { fatal: true });
    return utf8.decode(bytes);
  } catch {
    throw invalidJson('the body is not valid UTF-8');
  }
}

/**
 * Spec 7 and spec-gaps 15: a body that is not JSON is 400 `invalid_json`; spec-gaps 15a: one with a
 * `__proto__`, `constructor` or `prototype` key, at any depth, is 400 `forbidden_key` (json-keys.ts).
 */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    // Where, not what: the parser's message may quote the body.
    const at = /at position \d+/.exec(error instanceof Error ? error.message : '')?.[0];
    throw invalidJson(
      text.trim() === ''
        ? 'the body is empty; this operation needs a JSON body'
        : `the body is not valid JSON${at ? ` (${at})` : ''}`,
    );
  }
  if (mayHoldForbiddenKey(text)) refuseForbiddenKeys(value);
  return value;
}

/** Spec-gaps 15: 413 `body_too_large`; `why` says what was seen (for the journal). */
export function bodyTooLarge(why?: string, limit: BodyLimit = API_BODY_LIMIT): ApiError {
  const seen = why ?? `the body passed ${limit.bytes} bytes while it was read; reading stopped there`;
  return new ApiError(413, 'body_too_large', `Request body exceeds ${limit.bytes} bytes`).because(
    `${seen}; the limit is ${limit.described}`,
  );
}

function invalidJson(why: string): ApiError {
  return new ApiError(400, 'invalid_json', 'Request body is not valid JSON').because(why);
}

/**
 * Joins chunks read up to `limit` bytes into one array; throws 413 as soon as they pass it (the caller
 * stops reading then). For adapters that read a body in pieces.
 */
export class BodyCollector {
  #chunks: Uint8Array[] = [];
  #total = 0;

  constructor(private readonly limit: number) {}

  /** Bytes so far. */
  get size(): number {
    return this.#total;
  }

  /** Adds a chunk; throws 413 once the total passes the limit. */
  add(chunk: Uint8Array): void {
    this.#total += chunk.byteLength;
    if (this.#total > this.limit)
      throw bodyTooLarge(undefined, { bytes: this.limit, described: `${this.limit} bytes` });
    this.#chunks.push(chunk);
  }

  /** The whole body. */
  bytes(): Uint8Array {
    if (this.#chunks.length === 1) return this.#chunks[0]!;
    const out = new Uint8Array(this.#total);
    let offset = 0;
    for (const chunk of this.#chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return out;
  }
}
