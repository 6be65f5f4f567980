// npm run generate: openapi.json -> src/generated/openapi.ts (the client's types), src/generated/api-constants.ts (the
// API's limits, patterns and value sets) and mocks/generated/validators.js + .d.ts (the fake's request validators);
// mocks/inspector/page/ -> mocks/generated/inspector-page.ts (ledger-mock's inspector page).
import { resolve } from 'node:path';
import { generateApiConstants } from './generate-api-constants.mjs';
import { generateInspectorPage } from './generate-inspector-page.mjs';
import { generateTypes, writeTypes } from './generate-types.mjs';
import { generateValidators } from './generate-validators.mjs';

const root = process.cwd();
const doc = resolve(root, 'openapi.json');
const outputs = {
  'src/generated/openapi.ts': await generateTypes(doc),
  'src/generated/api-constants.ts': generateApiConstants(doc),
  'mocks/generated/validators.js': generateValidators(doc).js,
  'mocks/generated/validators.d.ts': generateValidators(doc).dts,
  'mocks/generated/inspector-page.ts': await generateInspectorPage(root),
};
for (const [path, text] of Object.entries(outputs)) {
  writeTypes(resolve(root, path), text);
  console.log(`generated ${path}`);
}
