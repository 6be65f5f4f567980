// The fake's one door to zod: every module of the fake does `import * as z from '../zod'`, never imports 'zod'.
// - zod/mini, not classic zod: its functions are tree-shakable, so a browser bundle of the fake carries only
//   the schema kinds it uses (classic zod's `z` brings all of zod, about 440 KiB minified). Re-exported with
//   `export *`, so `z.string` stays a static reference a bundler can shake.
// - No code compiled at run time, so the fake runs under a Content-Security-Policy without 'unsafe-eval':
//   classic zod compiles object parsers with `new Function` (unless `z.config({ jitless: true })`), zod/mini's
//   objects never do. So the fake leaves zod's config alone: that config is global to the realm (shared by every
//   copy of zod through globalThis), and setting it would slow down the zod of code that runs beside the fake.
//   test/mocks/no-eval.test.ts fails if any zod code in the fake calls `new Function`.
// - Messages: zod/mini carries no locale (every issue would read "Invalid input"); parseWith() passes zod's
//   English messages per parse, leaving the realm's own zod locale alone.
import type { ZodMiniType } from 'zod/mini';
import { en } from 'zod/locales';

export * from 'zod/mini';

const english = en().localeError;

/** One problem found by parseWith: where (keys and indexes from the value's root; empty for the value itself) and what. */
export interface SchemaIssue {
  path: Array<string | number>;
  message: string;
}

/** What parseWith found wrong: the issues, and whether there were more than it built (`maxIssues`). */
export type ParseFailure = { ok: false; issues: SchemaIssue[]; more: boolean };

/** Options of parseWith. */
export interface ParseOptions {
  /**
   * Build at most about this many issues. zod lists every problem of a value, and merges the lists of each level
   * with a spread: 12,000 wrong rows of 10 fields overflow the stack, and 10,000 take seconds to list. So the items
   * of each long array at the top of `input` are first checked in slices of SLICE, and the parse stops at the first
   * slice with a problem. @default no limit (every issue)
   */
  maxIssues?: number;
}

/** The items of a long array are checked this many at a time (at most a few thousand issues per slice). */
const SLICE = 500;

/** Parses `input` with `schema`, with zod's English messages. */
export function parseWith<T>(
  schema: ZodMiniType<T>,
  input: unknown,
  options: ParseOptions = {},
): { ok: true; value: T } | ParseFailure {
  const { maxIssues } = options;
  if (maxIssues !== undefined) {
    const early = firstIssuesInSlices(schema, input, maxIssues);
    if (early) return early;
  }
  const parsed = schema.safeParse(input, { error: english });
  if (parsed.success) return { ok: true, value: parsed.data };
  const all = parsed.error.issues;
  const kept = maxIssues === undefined ? all : all.slice(0, maxIssues);
  return { ok: false, issues: kept.map(toIssue), more: kept.length < all.length };
}

/** The first issues of the long arrays at the top of `input`, found a slice at a time; `undefined` when there are none. */
function firstIssuesInSlices<T>(schema: ZodMiniType<T>, input: unknown, maxIssues: number): ParseFailure | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  for (const [key, items] of Object.entries(input)) {
    if (!Array.isArray(items) || items.length <= SLICE) continue;
    for (let start = 0; start < items.length; start += SLICE) {
      // The array alone under its key: the schema judges its items as it would in place (other keys' problems,
      // such as a required key missing here, are left to the whole parse).
      const parsed = schema.safeParse({ [key]: items.slice(start, start + SLICE) }, { error: english });
      if (parsed.success) continue;
      const mine = parsed.error.issues.filter((issue) => issue.path[0] === key);
      if (mine.length === 0) continue;
      const issues = mine.slice(0, maxIssues).map((issue) => {
        const path = [...issue.path];
        if (typeof path[1] === 'number') path[1] += start;
        return toIssue({ ...issue, path });
      });
      return { ok: false, issues, more: true };
    }
  }
  return undefined;
}

function toIssue(issue: { path: PropertyKey[]; message: string }): SchemaIssue {
  return { path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))), message: issue.message };
}
