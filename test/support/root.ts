// The repository's root, for tests that run its files.
import { fileURLToPath } from 'node:url';

/** The repository's root directory, with no trailing slash. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
