// Fails when a generated file (src/generated/openapi.ts and api-constants.ts, mocks/generated/validators.js and .d.ts)
// is not exactly what openapi.json generates, or mocks/generated/inspector-page.ts what the page's sources build.
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateApiConstants } from './generate-api-constants.mjs';
import { generateInspectorPage } from './generate-inspector-page.mjs';
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
  'mocks/generated/inspector-page.ts': await generateInspectorPage(root),
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
  // Around the first differing character: a minified line (the inspector page's script) is one very long line.
  const [el, al] = [e[line] ?? '<end of file>', a[line] ?? '<end of file>'];
  let column = 0;
  while (column < el.length && el[column] === al[column]) column++;
  const near = (text) =>
    `${column > 60 ? '…' : ''}${text.slice(Math.max(0, column - 60), column + 60)}${text.length > column + 60 ? '…' : ''}`;
  console.error(
    `${path} has drifted from ${path.includes('inspector') ? 'mocks/inspector/page/' : 'openapi.json'} (first difference at line ${line + 1}, column ${column + 1}).\n` +
      `  expected: ${JSON.stringify(near(el))}\n  found:    ${JSON.stringify(near(al))}`,
  );
}
if (drifted) {
  console.error('Run `npm run generate` and commit the result. Never edit generated files by hand.');
  process.exit(1);
}
console.log('generated types, constants and validators match openapi.json; the inspector page matches its sources');
