// Writes mocks/scenarios/scenario.schema.json from the scenario loader's schema.
// Run: npx tsx scripts/write-scenario-schema.ts (test/server/scenario-schema.test.ts fails on drift).
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchema } from '../mocks/control/scenario-json-schema';

const target = new URL('../mocks/scenarios/scenario.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
