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

/** Parses `input` with `schema`, with zod's English messages. */
export function parseWith<T>(schema: ZodMiniType<T>, input: unknown): { ok: true; value: T } | { ok: false; issues: SchemaIssue[] } {
  const parsed = schema.safeParse(input, { error: english });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((issue) => ({ path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))), message: issue.message })) };
}
