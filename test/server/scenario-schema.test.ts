import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from '../../mocks/control/scenario-json-schema';
import demo from '../../mocks/scenarios/demo.json' with { type: 'json' };

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;
const file = JSON.parse(
  readFileSync(new URL('../../mocks/scenarios/scenario.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(file);

describe('mocks/scenarios/scenario.schema.json', () => {
  it("matches the loader's schema (regenerate: npx tsx scripts/write-scenario-schema.ts)", () => {
    expect(file).toEqual(scenarioJsonSchema());
  });

  it('accepts the demo scenario', () => {
    expect(validate(demo), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a misspelled key and a token without its value', () => {
    expect(validate({ househods: [] })).toBe(false);
    expect(validate({ tokens: [{ id: 't', user_id: 'u' }] })).toBe(false);
  });
});
