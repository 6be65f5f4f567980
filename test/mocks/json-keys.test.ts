// Every key of a JSON body is checked: `__proto__`, `constructor` and `prototype` are refused at any depth, however
// the JSON spells them (a `\u` escape is the same key), and nothing else is. Properties over random JSON values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../mocks/core/body';
import { FORBIDDEN_KEYS, forbiddenKeyPaths } from '../../mocks/core/json-keys';
import { ApiError } from '../../mocks/errors';

const FORBIDDEN = [...FORBIDDEN_KEYS];

/** Keys that are not forbidden, some of them close to the forbidden ones. */
const safeKey = fc
  .oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('proto', '__proto', 'Constructor', 'prototypes', '_prototype_', 'constructor ', 'a.b', '[0]'),
  )
  .filter((key) => !FORBIDDEN_KEYS.has(key));

/** A JSON value with no forbidden key anywhere. */
const { json: safeJson } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(safeKey, tie('json'), { maxKeys: 4 }),
  ),
}));

/** A place inside a value: the keys and indexes to walk, each step creating what is missing. */
const route = fc.array(fc.oneof(safeKey, fc.nat({ max: 3 })), { maxLength: 6 });

/** `value` with `{ [key]: payload }` placed at `steps` (objects and arrays made where missing), and that key's path. */
function plant(
  value: unknown,
  steps: Array<string | number>,
  key: string,
  payload: unknown,
): { value: unknown; path: string } {
  const root = { v: value } as Record<string, unknown>;
  let holder: Record<string | number, unknown> = root;
  let slot: string | number = 'v';
  let path = 'body';
  for (const step of steps) {
    let current = holder[slot];
    if (typeof step === 'number') {
      if (!Array.isArray(current)) holder[slot] = current = [];
      const list = current as unknown[];
      while (list.length <= step) list.push(null);
      path += `[${step}]`;
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) holder[slot] = current = {};
      path += `.${step}`;
    }
    holder = current as Record<string | number, unknown>;
    slot = step;
  }
  let target = holder[slot];
  if (typeof target !== 'object' || target === null || Array.isArray(target)) holder[slot] = target = {};
  Object.defineProperty(target, key, { value: payload, enumerable: true, configurable: true, writable: true }); // an own key, as JSON.parse makes it
  return { value: root.v, path: `${path}.${key}` };
}

/** JSON text with every letter of `key` written as a \u escape: the same key to JSON.parse. */
function escapedKey(text: string, key: string): string {
  const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  return text.replace(JSON.stringify(key), `"${escaped}"`);
}

describe('__proto__, constructor and prototype keys are refused at any depth (spec-gaps 15)', () => {
  it('a value without them has none reported, and parses as JSON.parse parses it', () => {
    fc.assert(
      fc.property(safeJson, (value) => {
        expect(forbiddenKeyPaths(value)).toEqual([]);
        const text = JSON.stringify(value);
        expect(parseJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('one planted anywhere is found at its path, and parseJson refuses it with 400 forbidden_key naming that path, escaped or not', () => {
    fc.assert(
      fc.property(
        safeJson,
        route,
        fc.constantFrom(...FORBIDDEN),
        safeJson,
        fc.boolean(),
        (value, steps, key, payload, escaped) => {
          const planted = plant(structuredClone(value), steps, key, payload);
          expect(forbiddenKeyPaths(planted.value)).toContain(
            planted.path.length > 200 ? `…${planted.path.slice(-200)}` : planted.path,
          );
          let text = JSON.stringify(planted.value);
          if (escaped) text = escapedKey(text, key);
          let thrown: unknown;
          try {
            parseJson(text);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(ApiError);
          const error = thrown as ApiError;
          expect([error.status, error.code]).toEqual([400, 'forbidden_key']);
          expect(error.detail!.length).toBeGreaterThan(0);
          expect(error.detail!.length).toBeLessThanOrEqual(10);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the issue: {"__proto__":{"operation":"getMe"},"status":503} is refused, not read as a fault on every operation', () => {
    expect(() => parseJson('{"__proto__":{"operation":"getMe"},"status":503}')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'forbidden_key',
        detail: [{ path: 'body.__proto__', message: expect.any(String) }],
      }),
    );
    expect(() => parseJson('{"rows":[{"a":1},{"b":{"constructor":{}}}]}')).toThrow(
      expect.objectContaining({ detail: [expect.objectContaining({ path: 'body.rows[1].b.constructor' })] }),
    );
    expect(() => parseJson('{"x":{"prototype":1,"y":[{"__proto__":null}]}}')).toThrow(
      expect.objectContaining({
        detail: [
          expect.objectContaining({ path: 'body.x.prototype' }),
          expect.objectContaining({ path: 'body.x.y[0].__proto__' }),
        ],
      }),
    );
  });

  it('as a value, or inside a longer key, those words are fine', () => {
    expect(parseJson('{"name":"__proto__","note":"constructor prototype","__proto__x":1,"my constructor":2}')).toEqual({
      name: '__proto__',
      note: 'constructor prototype',
      __proto__x: 1,
      'my constructor': 2,
    });
  });

  it('a body nested 200,000 deep is walked without a stack overflow', () => {
    const deep = `${'{"a":'.repeat(200_000)}{"__proto__":1}${'}'.repeat(200_000)}`;
    expect(() => parseJson(deep)).toThrow(
      expect.objectContaining({
        code: 'forbidden_key',
        detail: [expect.objectContaining({ path: expect.stringMatching(/^….*\.a\.a\.__proto__$/) })],
      }),
    );
    expect(parseJson(`${'['.repeat(200_000)}"constructor"${']'.repeat(200_000)}`)).toBeInstanceOf(Array);
  });

  it('many of them: ten paths listed, and how many more', () => {
    const text = JSON.stringify({ rows: Array.from({ length: 25 }, () => ({ ok: 1 })) }).replaceAll(
      '"ok"',
      '"prototype"',
    );
    expect(() => parseJson(text)).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/body\.rows\[9\]\.prototype, and 15 more$/) }),
    );
  });
});
