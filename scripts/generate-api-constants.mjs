// Generates src/generated/api-constants.ts: the limits, patterns and value sets openapi.json defines, as constants,
// so the client, the fake, the parity kit, the benchmarks and the scripts read them from one place. Shared by
// `npm run generate`, the drift check and `npm run openapi:pull`.
import { readFileSync } from 'node:fs';

const HEADER =
  '// This file was generated from openapi.json by scripts/generate-api-constants.mjs.\n' +
  '// Do not make direct changes to the file: edit openapi.json and run `npm run generate`.\n';

/** `value` at `path` (property names) in `document`; throws, naming the path, when the document has nothing there. */
function at(document, path) {
  let value = document;
  for (const key of path) {
    value = value?.[key];
    if (value === undefined) throw new Error(`openapi.json has no ${path.join('.')}: the generated constants need it`);
  }
  return value;
}

/** The values of a string enum, whether the schema is one (`enum`) or an open set (`anyOf` of an enum and `string`). */
function enumOf(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  const closed = (schema.anyOf ?? []).find((member) => Array.isArray(member.enum));
  if (closed) return closed.enum;
  throw new Error(`not an enum: ${JSON.stringify(schema)}`);
}

/** The longest path prefix every path of the document shares, ending before a segment that differs. */
function commonPrefix(paths) {
  const split = paths.map((path) => path.split('/'));
  const shared = [];
  for (let i = 0; split.every((segments) => i < segments.length - 1 && segments[i] === split[0][i]); i += 1)
    shared.push(split[0][i]);
  return shared.join('/');
}

const text = (value) => JSON.stringify(value);
const list = (values) => `[${values.map(text).join(', ')}] as const`;

/** The text of src/generated/api-constants.ts for the document at `docPath`. */
export function generateApiConstants(docPath) {
  const document = JSON.parse(readFileSync(docPath, 'utf8'));
  const schemas = at(document, ['components', 'schemas']);
  const rows = at(schemas, ['BulkUpsertRequest', 'properties', 'snapshots']);
  const name = at(schemas, ['Name']);
  const event = at(schemas, ['SnapshotUpsertedEvent', 'properties']);
  const constants = [
    [
      'Rows per POST /snapshots/bulk, at most (`BulkUpsertRequest.snapshots.maxItems`); more is refused with 413 `too_many_rows`.',
      'MAX_BULK_ROWS',
      String(at(rows, ['maxItems'])),
    ],
    [
      'Rows per POST /snapshots/bulk, at least (`BulkUpsertRequest.snapshots.minItems`).',
      'MIN_BULK_ROWS',
      String(at(rows, ['minItems'])),
    ],
    [
      'An id (`Uuid.pattern`): any UUID, upper or lower case hex.',
      'UUID_PATTERN',
      `/${at(schemas, ['Uuid', 'pattern'])}/`,
    ],
    [
      'The form of a date (`Date.pattern`): `YYYY-MM-DD`. A real calendar date is also required (`format: date`).',
      'DATE_PATTERN',
      `/${at(schemas, ['Date', 'pattern'])}/`,
    ],
    [
      'The shortest account or institution name (`Name.minLength`), in code points.',
      'NAME_MIN_LENGTH',
      String(at(name, ['minLength'])),
    ],
    [
      'The longest account or institution name (`Name.maxLength`), in code points.',
      'NAME_MAX_LENGTH',
      String(at(name, ['maxLength'])),
    ],
    ['Who can see an account (`Visibility`).', 'VISIBILITIES', list(enumOf(at(schemas, ['Visibility'])))],
    [
      "An account's lifecycle (`LifecycleStatus`).",
      'LIFECYCLE_STATUSES',
      list(enumOf(at(schemas, ['LifecycleStatus']))),
    ],
    [
      "An account's liquidity label (`LiquidityTier`); `auto` asks the service to infer it.",
      'LIQUIDITY_TIERS',
      list(enumOf(at(schemas, ['LiquidityTier']))),
    ],
    [
      'The category types seen so far (`CategoryType`): an open set, other values may come.',
      'KNOWN_CATEGORY_TYPES',
      list(enumOf(at(schemas, ['CategoryType']))),
    ],
    ['What a snapshot write did (`UpsertAction`).', 'UPSERT_ACTIONS', list(enumOf(at(schemas, ['UpsertAction'])))],
    [
      'The type of the webhook event every snapshot write fires (`SnapshotUpsertedEvent.type`).',
      'SNAPSHOT_UPSERTED_EVENT',
      text(at(event, ['type', 'const'])),
    ],
    [
      'The operations that fire it (`SnapshotUpsertedEvent.data.operation`).',
      'SNAPSHOT_UPSERTED_OPERATIONS',
      list(enumOf(at(event, ['data', 'properties', 'operation']))),
    ],
    [
      'The `WWW-Authenticate` header of every 401 (`components.headers.WWW-Authenticate`).',
      'WWW_AUTHENTICATE',
      text(at(document, ['components', 'headers', 'WWW-Authenticate', 'example'])),
    ],
    [
      'Where every operation lives under the base URL (the prefix all `paths` share).',
      'API_PREFIX',
      text(commonPrefix(Object.keys(at(document, ['paths'])))),
    ],
  ];
  const body = constants
    .map(([doc, constName, value]) => `/** ${doc} */\nexport const ${constName} = ${value};\n`)
    .join('\n');
  return `${HEADER}\n${body}`;
}
