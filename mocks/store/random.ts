// Random values for ids and token values: seeded (deterministic) when a seed is given, otherwise
// from crypto.getRandomValues, which Node 20 and browsers both provide, on insecure origins too
// (crypto.randomUUID and crypto.subtle exist only in secure contexts, so neither is used).

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

/** A source of random bytes and the ids built from them. */
export interface RandomSource {
  /** Fills `bytes` with random values. */
  fill(bytes: Uint8Array): Uint8Array;
  /** A number in [0, 1). */
  next(): number;
  /** A random UUID (version 4 layout). */
  uuid(): string;
  /** `length` characters of base62. */
  base62(length: number): string;
  /**
   * Where a seeded source is in its sequence (four 32-bit words), so a restarted fake can continue it
   * (`createRandomSource(seed, state)`) instead of issuing the same ids again; `undefined` for WebCrypto.
   */
  state(): number[] | undefined;
}

/**
 * A seeded source (sfc32 over a string or number seed), or WebCrypto when `seed` is undefined.
 * @param state a seeded source's `state()`, to continue its sequence from there
 */
export function createRandomSource(seed?: string | number, state?: readonly number[]): RandomSource {
  const seeded = seed === undefined ? undefined : seededGenerator(seed, state);
  const fill = seeded ? seeded.fill : cryptoFill;
  const next = () => {
    const bytes = fill(new Uint8Array(4));
    return (((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0) / 2 ** 32;
  };
  return {
    fill,
    next,
    uuid() {
      const b = fill(new Uint8Array(16));
      b[6] = (b[6]! & 0x0f) | 0x40;
      b[8] = (b[8]! & 0x3f) | 0x80;
      const chars: string[] = [];
      for (let i = 0; i < 16; i++) {
        if (i === 4 || i === 6 || i === 8 || i === 10) chars.push('-');
        chars.push(HEX[b[i]! >> 4]!, HEX[b[i]! & 15]!);
      }
      return chars.join(''); // join builds one flat string, not a rope of pieces
    },
    base62(length) {
      const chars: string[] = [];
      while (chars.length < length) {
        for (const byte of fill(new Uint8Array(length))) {
          if (byte < 248 && chars.length < length) chars.push(BASE62[byte % 62]!); // 248 = 4 * 62: no bias
        }
      }
      return chars.join('');
    },
    state: () => seeded?.state(),
  };
}

// WebCrypto's random bytes drawn 4 KiB at a time and handed out in slices: each getRandomValues call costs a few
// microseconds whatever its size, and every write takes one (an event id). Node's randomUUID pools the same way.
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

function cryptoFill(bytes: Uint8Array): Uint8Array {
  if (bytes.length > POOL_BYTES) return globalThis.crypto.getRandomValues(bytes);
  if (used + bytes.length > pool.length) {
    pool = globalThis.crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    used = 0;
  }
  bytes.set(pool.subarray(used, used + bytes.length));
  pool.fill(0, used, used + bytes.length); // handed out once: no copy of a token's bytes stays behind
  used += bytes.length;
  return bytes;
}

function seededGenerator(
  seed: string | number,
  state?: readonly number[],
): { fill(bytes: Uint8Array): Uint8Array; state(): number[] } {
  // Hash the seed into four 32-bit words (FNV-1a variants), then run sfc32.
  const text = String(seed);
  const words = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b].map((basis) => {
    let h = basis >>> 0;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  });
  let [a, b, c, d] = words as [number, number, number, number];
  const next32 = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  if (state) {
    if (state.length !== 4 || !state.every((word) => Number.isInteger(word) && word >= 0 && word < 2 ** 32)) {
      throw new RangeError('a random state is four 32-bit unsigned integers');
    }
    [a, b, c, d] = state as [number, number, number, number];
  } else {
    for (let i = 0; i < 12; i++) next32();
  }
  return {
    fill(bytes) {
      for (let i = 0; i < bytes.length; i += 4) {
        const value = next32();
        for (let k = 0; k < 4 && i + k < bytes.length; k++) bytes[i + k] = (value >>> (8 * k)) & 0xff;
      }
      return bytes;
    },
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
}
