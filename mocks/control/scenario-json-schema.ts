import * as z from '../zod';
import { scenarioSchema } from './scenario';

/**
 * The JSON Schema of a scenario file, derived from the loader's own zod schema (so the two cannot
 * drift). Written to mocks/scenarios/scenario.schema.json by scripts/write-scenario-schema.ts.
 * The loader also checks what JSON Schema cannot say here: dates are real YYYY-MM-DD days.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(scenarioSchema, { target: 'draft-2020-12', io: 'input' });
  return {
    $schema,
    $id: 'https://personal-ledger-sdk.test/mocks/scenarios/scenario.schema.json',
    title: 'ledger-mock scenario',
    description:
      'A starting state for the Personal Ledger fake (createLedgerMock({ scenario }) or ledger-mock --scenario file.json). A snapshot without an id gets the next free one in load order; tokens carry their known value (plk_ and 40 base62 characters).',
    ...rest,
  };
}
