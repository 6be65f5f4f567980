// API reference: `npm run docs:api` writes HTML to docs/api from the doc comments of every entry.
// Warnings are errors, so an exported function, class or type without a doc comment fails the build.
import { OptionDefaults } from 'typedoc';

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'personal-ledger-sdk',
  entryPoints: [
    'src/index.ts',
    'mocks/index.ts',
    'mocks/msw.ts',
    'mocks/node.ts',
    'mocks/vitest.ts',
    'mocks/matchers.ts',
    'parity/index.ts',
    'statements/index.ts',
  ],
  out: 'docs/api',
  tsconfig: 'tsconfig.typedoc.json',
  readme: 'none',
  disableSources: true,
  excludePrivate: true,
  excludeInternal: true,
  // openapi-typescript writes these tags into src/generated/openapi.ts.
  blockTags: [...OptionDefaults.blockTags, '@description', '@enum', '@constant'],
  validation: { notExported: false, invalidLink: true, notDocumented: true },
  requiredToBeDocumented: ['Function', 'Class', 'Interface', 'TypeAlias', 'Enum', 'Variable'],
  // The generated root interfaces carry no comment of their own; their members are documented.
  intentionallyNotDocumented: ['src.components', 'src.operations', 'src.webhooks'],
  treatWarningsAsErrors: true,
  // `npm run typecheck` (tsc over a superset of these files, same options) reports type errors; TypeDoc checking them
  // again would double the time of `docs:api` for nothing.
  skipErrorChecking: true,
};
