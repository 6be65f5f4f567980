// npm run openapi:pull -- <base_url>
// Fetches a running service's GET /api/public/v1/openapi.json (the authoritative shape reference),
// replaces openapi.json, regenerates src/generated/ (types and API constants) and the fake's validators
// (mocks/generated/validators.js + .d.ts), and prints what changed.
// Run `npm run typecheck` afterwards: the type checker shows every place that must follow.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { diffOpenApi, formatDiff } from './openapi-diff.mjs';

const base = process.argv[2];
if (!base || !/^https?:\/\/[^\s]+$/.test(base)) {
  console.error('usage: npm run openapi:pull -- <base_url>   (for example https://ledger.example.com)');
  process.exit(2);
}
const url = `${base.replace(/\/+$/, '')}/api/public/v1/openapi.json`;
let response;
try {
  response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
} catch (error) {
  console.error(`could not reach ${url}: ${error.cause?.message ?? error.message}`);
  process.exit(1);
}
if (!response.ok) {
  console.error(`GET ${url} answered ${response.status}; openapi.json left unchanged`);
  process.exit(1);
}
let next;
try {
  next = await response.json();
} catch {
  console.error(`GET ${url} did not return JSON; openapi.json left unchanged`);
  process.exit(1);
}
if (typeof next?.openapi !== 'string' || !next.openapi.startsWith('3.1') || typeof next.paths !== 'object') {
  console.error(`GET ${url} did not return an OpenAPI 3.1 document; openapi.json left unchanged`);
  process.exit(1);
}

// The generators load openapi-typescript, TypeScript and ajv (about a second): only once there is a document to use.
const [{ generateApiConstants }, { generateTypes, writeTypes }, { generateValidators }] = await Promise.all([
  import('./generate-api-constants.mjs'),
  import('./generate-types.mjs'),
  import('./generate-validators.mjs'),
]);
const root = process.cwd();
const docPath = resolve(root, 'openapi.json');
const before = existsSync(docPath) ? JSON.parse(readFileSync(docPath, 'utf8')) : {};
writeFileSync(docPath, `${JSON.stringify(next, null, 2)}\n`);
writeTypes(resolve(root, 'src/generated/openapi.ts'), await generateTypes(docPath));
writeTypes(resolve(root, 'src/generated/api-constants.ts'), generateApiConstants(docPath));
const validators = generateValidators(docPath);
writeTypes(resolve(root, 'mocks/generated/validators.js'), validators.js);
writeTypes(resolve(root, 'mocks/generated/validators.d.ts'), validators.dts);
console.log(`pulled ${url}`);
console.log(formatDiff(diffOpenApi(before, next)));
console.log(
  'regenerated src/generated/ and mocks/generated/validators.js; run `npm run typecheck` to see what must follow',
);
