// Generates the fake's request validators from openapi.json with ajv's standalone code: compiled here, at
// build time, so the fake never compiles code at run time (ajv.compile uses `new Function`, which a page
// with a strict Content-Security-Policy refuses). Shared by `npm run generate`, the drift check and
// `npm run openapi:pull`.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';

// Both are CommonJS; depending on the loader the default export is the function or the module.
const addFormats = addFormatsModule.default ?? addFormatsModule;
const standaloneCode = standaloneCodeModule.default ?? standaloneCodeModule;

const DOCUMENT_ID = 'https://personal-ledger-sdk.local/openapi.json';

/** The schemas the fake validates, by the name of the exported validator. */
const TARGETS = {
  validateAccountCreate: 'AccountCreate',
  validateAccountUpdate: 'AccountUpdate',
  validateSnapshotWrite: 'SnapshotWrite',
  validateSnapshotUpdate: 'SnapshotUpdate',
  validateBulkUpsertRequest: 'BulkUpsertRequest',
  validateDate: 'Date',
  validateUuid: 'Uuid',
};

// What the compiled code calls at run time, as ajv names it, and what the generated module uses instead:
// the same functions in mocks/rules/validation-runtime.ts, plain ESM with no CommonJS interop to get wrong.
const RUNTIME = {
  'require("ajv/dist/runtime/ucs2length").default': 'ucs2length',
  'require("ajv-formats/dist/formats").fullFormats.date': 'formats.date',
};

/** An ajv instance holding openapi.json's schemas and one schema per validator, with the fake's options. */
function createValidatorAjv(docPath) {
  const document = JSON.parse(readFileSync(docPath, 'utf8'));
  // strictNumbers: a balance of 1e400 parses to Infinity, which JSON cannot carry back.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    strictNumbers: true,
    code: { source: true, esm: true, lines: true },
  });
  addFormats(ajv, ['date', 'uuid', 'date-time']);
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: document.components.schemas } });
  // Each validator is a schema `{ $ref }` to the document's, as the fake compiled them before (so every error,
  // its schemaPath included, is the same as then).
  const exports = {};
  for (const [name, schema] of Object.entries(TARGETS)) {
    exports[name] = `https://personal-ledger-sdk.local/validators/${schema}.json`;
    ajv.addSchema({ $id: exports[name], $ref: `${DOCUMENT_ID}#/components/schemas/${schema}` });
  }
  // BulkUpsertRequest without its row schema and row limit: the fake judges rows one by one.
  const bulk = structuredClone(document.components.schemas.BulkUpsertRequest);
  delete bulk.properties.snapshots.items;
  delete bulk.properties.snapshots.maxItems;
  exports.validateBulkShape = 'https://personal-ledger-sdk.local/validators/BulkShape.json';
  ajv.addSchema({ ...bulk, $id: exports.validateBulkShape });
  return { ajv, exports };
}

const HEADER =
  '// This file was generated from openapi.json by scripts/generate-validators.mjs (ajv standalone code).\n' +
  '// Do not make direct changes to the file: edit openapi.json and run `npm run generate`.\n';

/** The text of mocks/generated/validators.js and validators.d.ts for the document at `docPath`. */
export function generateValidators(docPath) {
  const { ajv, exports } = createValidatorAjv(docPath);
  let code = standaloneCode(ajv, exports);
  for (const [from, to] of Object.entries(RUNTIME)) code = code.split(from).join(to);
  const leftover = /require\([^)]*\)[\w.]*/.exec(code);
  if (leftover)
    throw new Error(
      `The validators need ${leftover[0]}: add its ESM equivalent to mocks/rules/validation-runtime.ts and RUNTIME`,
    );
  if (/\bnew Function\b|\beval\(/.test(code))
    throw new Error('The generated validators would compile code at run time');
  code = code.replace(/^"use strict";/, '');
  const js = `${HEADER}import { formats, ucs2length } from '../rules/validation-runtime';\n${code}\n`;
  const dts =
    HEADER +
    "\n/** One problem a validator found: the parts of ajv's ErrorObject that the fake reads. */\n" +
    'export interface ValidationError {\n  keyword: string;\n  instancePath: string;\n  schemaPath: string;\n' +
    '  params: Record<string, unknown>;\n  message?: string;\n}\n\n' +
    '/** True when `data` matches the schema; otherwise `errors` lists every problem (allErrors). */\n' +
    'export interface Validator {\n  (data: unknown): boolean;\n  errors?: ValidationError[] | null;\n}\n\n' +
    Object.keys(exports)
      .map((name) => `export declare const ${name}: Validator;\n`)
      .join('');
  return { js, dts };
}
