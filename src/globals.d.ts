/** The package version, replaced at build time (tsup) and test time (vitest) from package.json. */
declare const __SDK_VERSION__: string;
