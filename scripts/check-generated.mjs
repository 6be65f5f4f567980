// Fails when src/generated/openapi.ts is not exactly what openapi.json generates.
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateTypes } from './generate-types.mjs';

const root = process.cwd();
const target = resolve(root, 'src/generated/openapi.ts');
const expected = await generateTypes(resolve(root, 'openapi.json'));
const actual = existsSync(target) ? readFileSync(target, 'utf8') : '';
if (actual !== expected) {
  const a = actual.split('\n');
  const e = expected.split('\n');
  const line = e.findIndex((l, i) => l !== a[i]);
  console.error(
    `src/generated/openapi.ts has drifted from openapi.json (first difference at line ${line + 1}).\n` +
      `  expected: ${JSON.stringify(e[line] ?? '<end of file>')}\n  found:    ${JSON.stringify(a[line] ?? '<end of file>')}\n` +
      'Run `npm run generate` and commit the result. Never edit generated files by hand.',
  );
  process.exit(1);
}
console.log('generated types match openapi.json');
