// The fake compiles no code at run time, so it runs under a strict Content-Security-Policy (script-src
// 'self', no 'unsafe-eval'): request validators are generated ahead of time (mocks/generated/validators.js),
// and zod builds the fake's schemas jitless. test/browser checks the same in Chromium under a real CSP.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import ajvUcs2length from 'ajv/dist/runtime/ucs2length.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import document from '../../openapi.json' with { type: 'json' };
import * as generated from '../../mocks/generated/validators';
import { formats, ucs2length } from '../../mocks/rules/validation-runtime';

const fullDate = fullFormats.date as { validate: (text: string) => boolean };
// CommonJS default exports: the function itself or a module holding it, depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
  formats: string[],
) => void;
const ajvLength = ((ajvUcs2length as unknown as { default?: unknown }).default ?? ajvUcs2length) as (
  text: string,
) => number;

/** The validators as the fake compiled them at run time before they were generated: the oracle. */
function compiledAtRunTime(): Record<keyof typeof generated, ValidateFunction> {
  const id = 'https://personal-ledger-sdk.local/openapi.json';
  const ajv = new Ajv2020({ allErrors: true, strict: false, strictNumbers: true });
  addFormats(ajv, ['date', 'uuid', 'date-time']);
  ajv.addSchema({ $id: id, components: { schemas: document.components.schemas } });
  const ref = (name: string) => ajv.compile({ $ref: `${id}#/components/schemas/${name}` });
  const bulk = structuredClone(document.components.schemas.BulkUpsertRequest) as {
    properties: { snapshots: Record<string, unknown> };
  };
  delete bulk.properties.snapshots.items;
  delete bulk.properties.snapshots.maxItems;
  return {
    validateAccountCreate: ref('AccountCreate'),
    validateAccountUpdate: ref('AccountUpdate'),
    validateSnapshotWrite: ref('SnapshotWrite'),
    validateSnapshotUpdate: ref('SnapshotUpdate'),
    validateBulkUpsertRequest: ref('BulkUpsertRequest'),
    validateBulkShape: ajv.compile(bulk),
    validateDate: ref('Date'),
    validateUuid: ref('Uuid'),
  };
}

const uuid = '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f';
const fieldValue = fc.oneof(
  fc.constantFrom(
    uuid,
    uuid.toUpperCase(),
    `urn:uuid:${uuid}`,
    '2024-02-29',
    '2023-02-29',
    '2026-13-01',
    '0000-01-01',
    'private',
    'shared_full_access',
    'cash',
    'debt',
    'archived',
    '',
    'x'.repeat(120),
    '😀'.repeat(120),
    '😀'.repeat(121),
    1e308,
    -0,
    12.5,
  ),
  fc.string({ unit: 'binary', maxLength: 130 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
);
const fields = [
  'name',
  'category_id',
  'institution_name',
  'visibility',
  'liquidity_tier',
  'lifecycle_status',
  'auto_carry_forward',
  'account_id',
  'snapshot_date',
  'balance',
  'extra',
];
const body = fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: 6 });
const anyBody = fc.oneof(
  body,
  fc.record({ snapshots: fc.oneof(fc.array(body, { maxLength: 4 }), fieldValue) }),
  fieldValue,
  fc.anything(),
);

describe('request validators generated ahead of time (npm run generate)', () => {
  it('answer exactly as ajv compiling openapi.json at run time did: same verdict, same errors, for 3,000 bodies of every validator', () => {
    const oracle = compiledAtRunTime();
    const names = Object.keys(oracle) as (keyof typeof generated)[];
    expect(names.filter((name) => typeof generated[name] !== 'function')).toEqual([]);
    let invalid = 0;
    fc.assert(
      fc.property(anyBody, (value) => {
        for (const name of names) {
          const expected = oracle[name](value);
          expect(generated[name](value), name).toBe(expected);
          expect(generated[name].errors ?? null, name).toEqual(oracle[name].errors ?? null);
          if (!expected) invalid++;
        }
      }),
      { numRuns: 3_000 },
    );
    expect(invalid).toBeGreaterThan(1_000); // the bodies are not all trivially valid or invalid
  });

  it("call only plain ESM helpers that agree with ajv-formats' date and ajv's ucs2length", () => {
    const source = readFileSync(new URL('../../mocks/generated/validators.js', import.meta.url), 'utf8');
    expect(source).not.toMatch(/\brequire\(|\bnew Function\b|\beval\(/);
    expect(source.match(/^import .*$/gm)).toEqual([
      "import { formats, ucs2length } from '../rules/validation-runtime';",
    ]);
    for (const text of [
      '2024-02-29',
      '2023-02-29',
      '1900-02-29',
      '2000-02-29',
      '0000-01-01',
      '2026-04-31',
      '2026-00-10',
      '2026-1-01',
      ' 2026-01-01',
      '２０２６-01-01',
    ]) {
      expect(formats.date.validate(text), text).toBe(fullDate.validate(text));
    }
    const digits = fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0'));
    const twoDigits = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(digits, twoDigits, twoDigits).map((parts) => parts.join('-')),
          fc.string(),
        ),
        (text) => {
          expect(formats.date.validate(text)).toBe(fullDate.validate(text));
        },
      ),
      { numRuns: 5_000 },
    );
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: codeUnit })), (text) => {
        expect(ucs2length(text)).toBe(ajvLength(text));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the fake without eval', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("serves every kind of request, valid and not, with `new Function` and `eval` refusing, as under script-src 'self'", async () => {
    const attempts: string[] = [];
    const refuse = (what: string) => {
      attempts.push(what);
      throw new EvalError(`${what} refused: no code generation at run time`);
    };
    vi.stubGlobal(
      'Function',
      new Proxy(Function, { construct: () => refuse('new Function'), apply: () => refuse('Function()') }),
    );
    vi.stubGlobal('eval', () => refuse('eval'));
    expect(() => new Function('return 1')).toThrow(EvalError);
    attempts.length = 0;
    vi.resetModules(); // the fake's modules are evaluated again, under these globals
    const { createLedgerMock, DEMO_IDS, DEMO_TOKENS } = await import('personal-ledger-sdk/mocks');
    const { createLedgerClient } = await import('personal-ledger-sdk');

    const mock = createLedgerMock({ scenario: 'demo' });
    await mock.ready;
    const fetch = mock.fetch;
    const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch, retry: false });
    const account = await ledger.accounts.create({ name: 'No eval', category_id: DEMO_IDS.categories.cash });
    await ledger.accounts.update(account.id, { name: 'Still no eval', auto_carry_forward: true });
    expect(
      (await ledger.snapshots.upsert({ account_id: account.id, snapshot_date: '2026-10-31', balance: 5 })).action,
    ).toBe('inserted');
    const rows = [
      { account_id: account.id, snapshot_date: '2026-10-30', balance: 1 },
      { account_id: account.id, snapshot_date: '2026-02-30', balance: 1 },
    ];
    expect((await ledger.POST('/api/public/v1/snapshots/bulk', { body: { snapshots: rows } })).data).toMatchObject({
      inserted: 1,
    });
    expect(await ledger.snapshots.list({ account_id: account.id, from: '2026-10-01', to: '2026-10-31' })).toHaveLength(
      2,
    );
    const bad = await ledger.POST('/api/public/v1/snapshots', {
      body: { account_id: 'nope', snapshot_date: '2026-02-30', balance: '1' } as never,
    });
    expect(bad.response.status).toBe(422);
    expect(bad.error).toMatchObject({
      detail: [
        { path: 'body.account_id', message: 'must be a UUID' },
        { path: 'body.snapshot_date', message: 'must be a real calendar date in YYYY-MM-DD form' },
        { path: 'body.balance', message: 'must be a finite number' },
      ],
    });
    expect(
      (await ledger.GET('/api/public/v1/snapshots', { params: { query: { from: '2026-13-01' } } })).response.status,
    ).toBe(400);
    await mock.control.loadScenario({
      households: [{ id: 'h1', plan: 'household' }],
      users: [{ id: 'u1', household_id: 'h1' }],
    });
    expect(mock.control.journal.internalErrors()).toEqual([]);
    expect(attempts).toEqual([]);
    expect(z.config().jitless).toBeFalsy(); // the application's own zod schemas keep zod's default
  });
});
