// npm run generate: openapi.json -> src/generated/openapi.ts
import { resolve } from 'node:path';
import { generateTypes, writeTypes } from './generate-types.mjs';

const root = process.cwd();
const out = resolve(root, 'src/generated/openapi.ts');
writeTypes(out, await generateTypes(resolve(root, 'openapi.json')));
console.log(`generated ${out}`);
