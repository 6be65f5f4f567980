// docs/testing.md's reference of the fake is complete and exact: every method of mock.control, every option of
// createLedgerMock and every journal field is named in it, in its real spelling.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLedgerMock } from 'personal-ledger-sdk/mocks';

const doc = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8').replace(/\s+/g, ' '); // wrapped lines read as one
const text = doc('docs/testing.md');

/** `journal.explain`, `faults.inject`... for every function reachable from `control`. */
function methodsOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([name, member]) => {
    if (typeof member === 'function') return [`${prefix}${name}`];
    if (member && typeof member === 'object') return methodsOf(member, `${prefix}${name}.`);
    return [];
  });
}

describe('docs/testing.md: the fake in your tests', () => {
  it('names every method of mock.control', () => {
    const methods = methodsOf(createLedgerMock().control);
    expect(methods.length).toBeGreaterThan(30);
    const missing = methods.filter(
      (method) => !new RegExp(`\`${method.replace('.', '\\.')}[(\`]|[\`,] *${method.split('.').pop()}[(\`]`).test(text),
    );
    expect(missing).toEqual([]);
  });

  it('names every journal entry field as it is spelled', () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    return mock.fetch(`${mock.baseUrl}/api/public/v1/me`).then(() => {
      const entry = mock.control.journal.entries()[0]!;
      for (const field of Object.keys(entry)) expect(text, field).toContain(field);
      expect(text).not.toContain('method, path, operation, status'); // the old, wrong name of operationId
    });
  });

  it('states the default scenario of createLedgerMock and of the command', () => {
    expect(text).toContain("`scenario` (default `'empty'`");
    expect(doc('docs/ledger-mock.md')).toContain('`--scenario` defaults to `demo`');
  });
});
