// Generators of malformed and edge requests for the fuzz: bodies, ids, query strings and Authorization
// headers. Each request is a plain plan (method, path, query, header, body) sent by fuzz.test.ts.
import fc from 'fast-check';
import {
  BALANCE_EDGES,
  DATE_EDGES,
  HUNDRED_KB_NAME,
  INVALID_UTF8,
  NAME_EDGES,
  TEXT_BODIES,
  TIERS,
  TWO_MB_NAME,
  VISIBILITIES,
  WRONG_TYPES,
} from './fuzz-values';
import type { AuthOutcome, World } from './world';

/** A body: a JSON value (RawJson pieces written as is), raw text, raw bytes, or a big bulk built when sent. */
export type BodyPlan =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'bulk'; rows: number; valid: boolean }
  | { kind: 'oversized'; bytes: number };

export interface RequestPlan {
  method: string;
  /** Under the API prefix, already encoded. */
  path: string;
  query: string;
  /** The Authorization header, or null for none. */
  authorization: string | null;
  /** What authentication, plan and scope should make of it. */
  auth: AuthOutcome;
  contentType: string | null;
  body?: BodyPlan;
}

/** Path segments where an {id} goes: known ids, unknown and malformed ones, odd encodings. */
function idSegments(world: World): fc.Arbitrary<string> {
  const known = [...Object.values(world.accounts)];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 400 }).map((n) => `snp_${n.toString(36)}`) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'snp_0',
        'snp_',
        'snp_-1',
        'snp_1.5',
        'snp_01',
        'SNP_1',
        'snp_zzzzzzzzzzzzzzzzzzzz',
        'bulk',
        'null',
        'undefined',
        '0',
        '-1',
        '%20',
        '%00',
        '%25',
        '%',
        '%E0%A4%A',
        '%ED%A0%80',
        '%FF',
        '%F0%9F%98%80',
        '%2F',
        '..%2F..',
        '%2e',
        'a;b=c',
        '*',
        '%7B%7D',
        known[0]!.toUpperCase(),
        `{${known[0]!}}`,
        `urn:uuid:${known[0]!}`,
        known[0]!.replace(/-/g, ''),
        'x'.repeat(5000),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent) },
  );
}

function uuidValue(world: World, known: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(world.accounts), ...Object.values(world.categories)) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        '',
        'not-a-uuid',
        known[0]!.toUpperCase(),
        `{${known[0]!}}`,
        `urn:uuid:${known[0]!}`,
        known[0]!.replace(/-/g, ''),
        `${known[0]!} `,
        known[0]!.replace(/[0-9a-f]$/, 'g'),
        '00000000-0000-0000-0000-000000000000',
        'snp_1',
        ...WRONG_TYPES,
      ),
    },
  );
}

// Any code point, lone surrogates included (a custom unit: fast-check's 'binary' unit builds a reverse map
// of every code point at construction, about a second).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

const nameValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
  { weight: 4, arbitrary: fc.constantFrom(...NAME_EDGES) },
  { weight: 1, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 125 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 125 }) },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
);

function enumValue(values: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...values) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        ...values.map((v) => v.toUpperCase()),
        `${values[0]} `,
        'shared',
        ...WRONG_TYPES,
      ),
    },
  );
}

const dateValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .integer({ min: 0, max: 40 })
      .map((n) => new Date(Date.UTC(2024, 0, 1 + n * 7)).toISOString().slice(0, 10)),
  },
  { weight: 3, arbitrary: fc.constantFrom(...DATE_EDGES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const balanceValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 3, arbitrary: fc.constantFrom(...BALANCE_EDGES) },
);

const extraFields = fc.dictionary(
  fc.constantFrom(
    'id',
    'is_estimated',
    'balanse',
    'owner_user_id',
    'kind',
    '',
    ' ',
    '__proto__',
    'constructor',
    'auto_carry_forward',
    'snapshots',
    'ñ',
  ),
  fc.constantFrom<unknown>(...WRONG_TYPES, 'x'),
  { maxKeys: 2 },
);

/** An object from optional fields (sometimes with unknown fields), now and then replaced by a non-object. */
function objectBody(fields: Record<string, fc.Arbitrary<unknown>>, required: string[]): fc.Arbitrary<unknown> {
  const complete = fc.record(fields, { requiredKeys: required as never[] });
  const partial = fc.record(fields, { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: complete },
    { weight: 2, arbitrary: partial },
    {
      weight: 1,
      arbitrary: fc.tuple(complete, extraFields).map(([body, extra]) => ({ ...(body as object), ...extra })),
    },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom<unknown>(...WRONG_TYPES), fc.array(complete, { maxLength: 2 })) },
  );
}

function snapshotRow(world: World): fc.Arbitrary<unknown> {
  const writable = [
    world.accounts.alicePrivate,
    world.accounts.aliceFull,
    world.accounts.bobFull,
    world.accounts.aliceReadOnly,
  ];
  return objectBody({ account_id: uuidValue(world, writable), snapshot_date: dateValue, balance: balanceValue }, [
    'account_id',
    'snapshot_date',
    'balance',
  ]);
}

/** Bodies per operation, by operationId. */
function bodyFor(world: World, operationId: string): fc.Arbitrary<BodyPlan> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): BodyPlan => ({ kind: 'json', value: v }));
  const categories = Object.values(world.categories);
  const writableAccounts = [world.accounts.alicePrivate, world.accounts.aliceFull, world.accounts.bobFull];
  let structured: fc.Arbitrary<BodyPlan>;
  switch (operationId) {
    case 'createAccount':
      structured = json(
        objectBody(
          {
            name: nameValue,
            category_id: uuidValue(world, categories),
            institution_name: nameValue,
            visibility: enumValue(VISIBILITIES),
            liquidity_tier: enumValue(TIERS),
          },
          ['name', 'category_id'],
        ),
      );
      break;
    case 'updateAccount':
      structured = json(
        objectBody(
          {
            name: nameValue,
            institution_name: nameValue,
            category_id: uuidValue(world, categories),
            visibility: enumValue(VISIBILITIES),
            lifecycle_status: enumValue(['active', 'archived']),
            auto_carry_forward: fc.oneof(fc.boolean(), fc.constantFrom<unknown>('true', 0, null)),
            liquidity_tier: enumValue(TIERS),
          },
          [],
        ),
      );
      break;
    case 'upsertSnapshot':
      structured = json(
        objectBody(
          { account_id: uuidValue(world, writableAccounts), snapshot_date: dateValue, balance: balanceValue },
          ['account_id', 'snapshot_date', 'balance'],
        ),
      );
      break;
    case 'updateSnapshot':
      structured = json(objectBody({ snapshot_date: dateValue, balance: balanceValue }, []));
      break;
    case 'bulkUpsertSnapshots':
      structured = fc.oneof(
        {
          weight: 90,
          arbitrary: json(
            fc.array(snapshotRow(world), { minLength: 1, maxLength: 30 }).map((rows) => ({ snapshots: rows })),
          ),
        },
        {
          weight: 15,
          arbitrary: json(objectBody({ snapshots: fc.array(snapshotRow(world), { maxLength: 5 }) }, ['snapshots'])),
        },
        // 5,000 and 5,001 rows: built when sent (they are big), so used sparingly.
        {
          weight: 1,
          arbitrary: fc
            .record({ rows: fc.constantFrom(5000, 5001), valid: fc.boolean() })
            .map(({ rows, valid }): BodyPlan => ({ kind: 'bulk', rows, valid })),
        },
      );
      break;
    default:
      structured = json(fc.constantFrom<unknown>({}, { a: 1 }, [], null));
  }
  return fc.oneof(
    { weight: 12, arbitrary: structured },
    { weight: 2, arbitrary: fc.constantFrom(...TEXT_BODIES).map((text): BodyPlan => ({ kind: 'text', text })) },
    { weight: 1, arbitrary: fc.constantFrom(...INVALID_UTF8).map((bytes): BodyPlan => ({ kind: 'bytes', bytes })) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: anyCodePoint, maxLength: 40 }).map((text): BodyPlan => ({ kind: 'text', text })),
    },
    // Huge strings: 100 kB and 2 MB of name (422) and, rarely, 9 MiB (413 body_too_large).
    {
      weight: 1,
      arbitrary: fc.oneof(
        { weight: 40, arbitrary: fc.constant<BodyPlan>({ kind: 'text', text: HUNDRED_KB_NAME }) },
        { weight: 4, arbitrary: fc.constant<BodyPlan>({ kind: 'text', text: TWO_MB_NAME }) },
        { weight: 1, arbitrary: fc.constant<BodyPlan>({ kind: 'oversized', bytes: 9 * 1024 * 1024 }) },
      ),
    },
  );
}

/** Authorization headers: the world's tokens (valid, read-only, revoked, expired, lapsed, free) and malformed ones. */
function authorization(world: World): fc.Arbitrary<{ authorization: string | null; auth: AuthOutcome }> {
  const t = world.tokens;
  const valid = fc.constantFrom(t.alice, t.alice, t.bob, t.carol);
  const as = (authorization: string | null, auth: AuthOutcome) => ({ authorization, auth });
  return fc.oneof(
    { weight: 14, arbitrary: valid.map((token) => as(`Bearer ${token.value}`, token.outcome)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('bearer ', 'BEARER ', 'Bearer   ', ' Bearer '), fc.constantFrom('', ' ', '  '))
        .map(([token, scheme, tail]) => as(`${scheme}${token.value}${tail}`, token.outcome)),
    },
    { weight: 2, arbitrary: fc.constantFrom(t.aliceRead).map((token) => as(`Bearer ${token.value}`, token.outcome)) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(t.revoked, t.expired, t.lapsed, t.free)
        .map((token) => as(`Bearer ${token.value}`, token.outcome)),
    },
    { weight: 1, arbitrary: fc.constant(as(null, 'refused_401')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom<(value: string) => string>(
            (v) => v,
            (v) => `Basic ${v}`,
            (v) => `Token ${v}`,
            (v) => `Bearer${v}`,
            (v) => `Bearer\t${v}`,
            (v) => `Bearer ${v}x`,
            (v) => `Bearer ${v.slice(0, -1)}`,
            (v) => `Bearer ${v.toUpperCase()}`,
            (v) => `Bearer ${v}, Bearer ${v}`,
            (v) => `Bearer "${v}"`,
            (v) => `Bearer ${v.slice(0, 8)}`,
            () => 'Bearer',
            () => 'Bearer ',
            () => '',
            () => `Bearer plk_${'A'.repeat(40)}`,
            () => `Bearer plk_${'é'.repeat(40)}`,
            () => `Bearer ${'a'.repeat(8000)}`,
          ),
        )
        .map(([token, form]) => as(form(token.value), 'refused_401')),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary-ascii', maxLength: 60 })
        .filter((s) => !/[\0\r\n]/.test(s) && !/^\s*bearer +plk_/i.test(s))
        .map((s) => as(s, 'refused_401')),
    },
  );
}

const QUERY_EXTRAS = [
  'foo=bar',
  'limit=10',
  'page=2',
  'account_id[]=x',
  'from[]=2024-01-01',
  '=',
  '&&',
  'x',
  '%ZZ=1',
  'a=%E0%A4%A',
  'sort=-date',
  'to',
];

function snapshotQuery(world: World): fc.Arbitrary<string> {
  const param = (name: string, value: fc.Arbitrary<unknown>) =>
    fc.option(
      value.map((v) => `${name}=${encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`),
      { nil: undefined, freq: 2 },
    );
  const accountIds = Object.values(world.accounts);
  return fc
    .tuple(
      param('account_id', uuidValue(world, accountIds)),
      param('from', dateValue),
      param('to', dateValue),
      fc.option(fc.constantFrom(...QUERY_EXTRAS), { nil: undefined, freq: 3 }),
      fc.option(
        fc.constantFrom('from=2024-01-01&from=2023-13-01', 'account_id=&from=', 'to=2024-01-01&from=2024-12-31'),
        { nil: undefined, freq: 5 },
      ),
    )
    .map((parts) => parts.filter((p): p is string => p !== undefined).join('&'));
}

const UNKNOWN_ROUTES: Array<[string, string]> = [
  ['GET', ''],
  ['GET', '/'],
  ['GET', '/nope'],
  ['GET', '/ME'],
  ['GET', '/me/x'],
  ['GET', '/accounts/a/b'],
  ['GET', '/accounts/x/snapshots'],
  ['POST', '/snapshots/bulk/x'],
  ['GET', '/openapi.yaml'],
  ['GET', '/api/public/v1/me'],
  ['GET', '/v2/me'],
  ['PUT', '/me'],
  ['POST', '/me'],
  ['DELETE', '/accounts'],
  ['PUT', '/accounts'],
  ['PATCH', '/snapshots'],
  ['DELETE', '/snapshots'],
  ['PUT', '/snapshots/bulk'],
  ['GET', '/categories/x'],
  ['POST', '/categories'],
  ['POST', '/openapi.json'],
  ['OPTIONS', '/accounts'],
  ['HEAD', '/me'],
  ['HEAD', '/nope'],
  ['GET', '/me/'],
  ['GET', '/accounts/'],
  ['POST', '/snapshots/bulk/'],
  ['GET', '/snapshots/bulk'],
  ['PATCH', '/snapshots/bulk'],
  ['DELETE', '/snapshots/bulk'],
];

export interface OperationShape {
  operationId: string;
  method: string;
  template: string;
}

/** One request for one operation of openapi.json, or for a route it does not have. */
export function requestPlan(world: World, operations: readonly OperationShape[]): fc.Arbitrary<RequestPlan> {
  const ids = idSegments(world);
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | null>(
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'multipart/form-data; boundary=x',
      ),
    },
  );
  const auth = authorization(world);
  const deleteBody = fc.option(bodyFor(world, 'none'), { nil: undefined, freq: 8 });
  const forOperation = (op: OperationShape): fc.Arbitrary<RequestPlan> => {
    const readsBody = op.method === 'POST' || op.method === 'PATCH';
    return fc
      .record({
        id: ids,
        auth,
        query:
          op.operationId === 'listSnapshots'
            ? snapshotQuery(world)
            : fc.option(fc.constantFrom(...QUERY_EXTRAS), { nil: '', freq: 4 }),
        contentType,
        body: readsBody ? bodyFor(world, op.operationId) : op.method === 'DELETE' ? deleteBody : fc.constant(undefined),
      })
      .map(({ id, auth, query, contentType: type, body }) => ({
        method: op.method,
        path: op.template.replace('{id}', id),
        query,
        ...auth,
        contentType: body ? type : null,
        ...(body ? { body } : {}),
      }));
  };
  const unknown = fc
    .record({ route: fc.constantFrom(...UNKNOWN_ROUTES), auth, query: fc.constantFrom('', 'x=1') })
    .map(
      ({ route: [method, path], auth, query }): RequestPlan => ({ method, path, query, ...auth, contentType: null }),
    );
  // GET /openapi.json (no input but the headers, and a 70 kB answer) at less than half the weight of the others.
  return fc.oneof(
    ...operations.map((op) => ({
      weight: op.operationId === 'getOpenApiDocument' ? 2 : 5,
      arbitrary: forOperation(op),
    })),
    { weight: 3, arbitrary: unknown },
  );
}

/** The rows of a 5,000 / 5,001-row bulk: distinct keys on writable accounts, or every tenth row broken. */
export function bigBulkRows(world: World, count: number, valid: boolean): unknown[] {
  const accounts = [world.accounts.alicePrivate, world.accounts.aliceFull, world.accounts.bobFull];
  return Array.from({ length: count }, (_, i) => {
    const row = {
      account_id: accounts[i % accounts.length]!,
      snapshot_date: new Date(Date.UTC(1990, 0, 1 + Math.floor(i / accounts.length))).toISOString().slice(0, 10),
      balance: i / 4,
    };
    return valid || i % 10 !== 0 ? row : { ...row, balance: String(row.balance) };
  });
}
