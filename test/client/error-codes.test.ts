// The error codes the SDK types `code` with are the ones docs/spec-gaps.md documents (section 17), and every
// code openapi.json shows in an example is one of them: the list, the docs and the document cannot drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEDGER_ERROR_CODES } from '../../src/errors/error-codes';
import document from '../../openapi.json' with { type: 'json' };

/** The `code` column of the table in spec-gaps 17 ("The set of `code` values"), in table order. */
function documentedCodes(): string[] {
  const gaps = readFileSync(new URL('../../docs/spec-gaps.md', import.meta.url), 'utf8');
  const section = gaps.split(/^### /m).find((s) => s.startsWith('17. '));
  if (!section) throw new Error('docs/spec-gaps.md has no section 17');
  return [...section.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \|/gm)].map((m) => m[2]!);
}

function exampleCodes(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) exampleCodes(item, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'code' && typeof value === 'string') found.add(value);
      else exampleCodes(value, found);
    }
  }
  return found;
}

describe('the error codes the SDK knows (LEDGER_ERROR_CODES, the source of KnownLedgerErrorCode)', () => {
  it('lists exactly the codes of the table in docs/spec-gaps.md, in its order', () => {
    const documented = documentedCodes();
    expect(documented.length).toBeGreaterThan(20);
    expect([...LEDGER_ERROR_CODES]).toEqual(documented);
  });

  it('holds every code that openapi.json shows in an example', () => {
    const unknown = [...exampleCodes(document)].filter(
      (code) => !(LEDGER_ERROR_CODES as readonly string[]).includes(code),
    );
    expect(unknown).toEqual([]);
  });
});
