// Spec-gaps 15: a JSON body may not hold a key named `__proto__`, `constructor` or `prototype`, at any depth.
// JSON.parse keeps such a key as a plain own property, but code that copies an object key by key
// (`target[key] = value`) turns `__proto__` into the copy's prototype: `{"__proto__":{"operation":"getMe"}}`
// silently lost its key and changed what the rest of the body meant. Refused with 400 `forbidden_key` and the
// key's path, in API and /__mock bodies alike, before anything reads the value.
import { ApiError, type ErrorDetail } from '../errors';

/** The keys refused in any JSON body. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** At most this many paths are listed in a refusal (and the count of the rest). */
const LISTED = 10;

/**
 * False when the text cannot hold a forbidden key, so the value need not be walked: each key would appear
 * literally, unless some character of it were written as a `\u` escape.
 */
export function mayHoldForbiddenKey(text: string): boolean {
  return /__proto__|constructor|prototype|\\u/.test(text);
}

/** A value met on the walk, and how it was reached (the path is spelled only for a key that is refused). */
interface Step {
  value: unknown;
  parent: Step | undefined;
  key: string | number;
}

/** The paths of every forbidden key in a parsed JSON value (`body.rows[2].__proto__`), at any depth, without recursion. */
export function forbiddenKeyPaths(value: unknown, base = 'body'): string[] {
  const found: string[] = [];
  // Depth-first with an explicit stack: a body nested a million deep is walked without a stack overflow.
  const stack: Step[] = [{ value, parent: undefined, key: base }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const current = step.value;
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: step, key: i });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (FORBIDDEN_KEYS.has(key)) found.push(pathOf({ value: undefined, parent: step, key }));
      else stack.push({ value: (current as Record<string, unknown>)[key], parent: step, key });
    }
  }
  return found;
}

/** `body.rows[2].__proto__` (spec-gaps 16), its start cut when a long key makes it longer than 200 characters. */
function pathOf(step: Step): string {
  const parts: string[] = [];
  for (let at: Step | undefined = step; at !== undefined; at = at.parent) {
    parts.push(at.parent === undefined ? String(at.key) : typeof at.key === 'number' ? `[${at.key}]` : `.${at.key}`);
  }
  const path = parts.reverse().join('');
  return path.length > 200 ? `…${path.slice(-200)}` : path;
}

/** Throws 400 `forbidden_key`, each path in `detail`, when the value holds a forbidden key. */
export function refuseForbiddenKeys(value: unknown): void {
  const paths = forbiddenKeyPaths(value);
  if (paths.length === 0) return;
  const detail: ErrorDetail[] = paths
    .slice(0, LISTED)
    .map((path) => ({ path, message: 'is not accepted as a key (__proto__, constructor and prototype never are)' }));
  const more = paths.length > LISTED ? `, and ${paths.length - LISTED} more` : '';
  throw new ApiError(
    400,
    'forbidden_key',
    `The body holds a key named __proto__, constructor or prototype: ${paths.slice(0, LISTED).join(', ')}${more}`,
    detail,
  ).because(
    `the body holds ${paths.length === 1 ? 'a forbidden key' : `${paths.length} forbidden keys`} (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? '...' : ''}); nothing was read`,
  );
}
