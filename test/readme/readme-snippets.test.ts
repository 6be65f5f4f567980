import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// README's test examples are the files of test/readme, which run with the suite. This keeps the two identical,
// so the README shows code that passes.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const examples = readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.test.ts') && !name.startsWith('readme-'));

describe('README', () => {
  it.each(examples)('shows %s verbatim', (name) => {
    const example = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
    expect(example.startsWith(`// ${name}\n`)).toBe(true);
    expect(readme).toContain('```ts\n' + example + '```');
  });

  it('the first example, the one most readers copy, is under 20 lines of test code', () => {
    const example = readFileSync(new URL('./ledger.test.ts', import.meta.url), 'utf8');
    expect(example.trim().split('\n').length).toBeLessThanOrEqual(20);
  });
});
