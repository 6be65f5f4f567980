// Request bodies: the size limit, UTF-8 and JSON (spec 7, spec-gaps 15).
import { ApiError } from '../errors';
import type { MockRequestBody } from './messages';

/** Spec-gaps 15: bodies over 8 MiB are refused before they are parsed. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as text: at most BODY_LIMIT_BYTES (the declared length first, then what is read), valid UTF-8.
 * No body is `''`.
 */
export async function readBodyText(body: MockRequestBody | undefined): Promise<string> {
  if (body === undefined) return '';
  if (typeof body === 'string') {
    // Every UTF-16 unit is at most 3 UTF-8 bytes: only a long string needs counting.
    if (body.length * 3 > BODY_LIMIT_BYTES && new TextEncoder().encode(body).byteLength > BODY_LIMIT_BYTES) throw bodyTooLarge();
    return body;
  }
  if (body instanceof Uint8Array) return decode(body);
  if (body.declaredLength !== undefined && body.declaredLength > BODY_LIMIT_BYTES) throw bodyTooLarge();
  const read = await body.read(BODY_LIMIT_BYTES);
  return typeof read === 'string' ? read : decode(read);
}

function decode(bytes: Uint8Array): string {
  if (bytes.byteLength > BODY_LIMIT_BYTES) throw bodyTooLarge();
  try {
    return utf8.decode(bytes);
  } catch {
    throw invalidJson();
  }
}

/** Spec 7 and spec-gaps 15: a body that is not JSON is 400 `invalid_json`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidJson();
  }
}

/** Spec-gaps 15: 413 `body_too_large`. */
export function bodyTooLarge(): ApiError {
  return new ApiError(413, 'body_too_large', `Request body exceeds ${BODY_LIMIT_BYTES} bytes`);
}

function invalidJson(): ApiError {
  return new ApiError(400, 'invalid_json', 'Request body is not valid JSON');
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
    if (this.#total > this.limit) throw bodyTooLarge();
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
