import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// README's "fake in your tests" example is test/readme/ledger.test.ts, which runs with the suite.
// This keeps the two identical, so the README shows code that passes.
describe('README', () => {
  it('shows the consumer test that test/readme/ledger.test.ts runs, verbatim, in under 20 lines of test code', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const example = readFileSync(new URL('./ledger.test.ts', import.meta.url), 'utf8');
    expect(readme).toContain('```ts\n' + example + '```');
    expect(example.trim().split('\n').length).toBeLessThanOrEqual(20);
  });
});
