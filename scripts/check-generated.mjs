// Fails when a generated file (src/generated/openapi.ts and api-constants.ts, mocks/generated/validators.js and .d.ts)
// is not exactly what openapi.json generates.
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateApiConstants } from './generate-api-constants.mjs';
import { generateTypes } from './generate-types.mjs';
import { generateValidators } from './generate-validators.mjs';

const root = process.cwd();
const doc = resolve(root, 'openapi.json');
const validators = generateValidators(doc);
const expectedFiles = {
  'src/generated/openapi.ts': await generateTypes(doc),
  'src/generated/api-constants.ts': generateApiConstants(doc),
  'mocks/generated/validators.js': validators.js,
  'mocks/generated/validators.d.ts': validators.dts,
};
let drifted = false;
for (const [path, expected] of Object.entries(expectedFiles)) {
  const target = resolve(root, path);
  const actual = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (actual === expected) continue;
  drifted = true;
  const a = actual.split('\n');
  const e = expected.split('\n');
  const line = e.findIndex((l, i) => l !== a[i]);
  console.error(
    `${path} has drifted from openapi.json (first difference at line ${line + 1}).\n` +
      `  expected: ${JSON.stringify(e[line] ?? '<end of file>')}\n  found:    ${JSON.stringify(a[line] ?? '<end of file>')}`,
  );
}
if (drifted) {
  console.error('Run `npm run generate` and commit the result. Never edit generated files by hand.');
  process.exit(1);
}
console.log('generated types, constants and validators match openapi.json');
