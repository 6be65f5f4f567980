// Paths of the readers' test files: the examples' sample data, and the fixtures of each format.
import { fileURLToPath } from 'node:url';

/** A file under examples/data. */
export const dataFile = (name: string): string =>
  fileURLToPath(new URL(`../../examples/data/${name}`, import.meta.url));

/** A fixture under test/statements/fixtures. */
export const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** A file of this repository, by its path from the root (the shipped layouts name their fixtures so). */
export const repoFile = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));
