import { z } from 'zod';

/**
 * Builds zod schemas that never compile code at run time. zod 4 compiles an object schema's parser with
 * `new Function` unless `jitless` is set, and probes for `new Function` when it builds the first one; a page
 * with a strict Content-Security-Policy (no 'unsafe-eval') refuses both, and reports the probe as a
 * violation although zod catches it. zod reads the setting when it builds a schema, and keeps it in one
 * object shared by every copy of zod (globalThis), so it is on only while `build` runs: the application's
 * own schemas keep zod's default.
 */
export function jitless<T>(build: () => T): T {
  const before = z.config().jitless;
  z.config({ jitless: true });
  try {
    return build();
  } finally {
    z.config({ jitless: before });
  }
}
