// ledger-sync's mapping file as users write it: a typo is refused (exit 2) naming its JSON path and the field meant,
// never ignored; comments and a byte-order mark are read; a syntax error names its line and column.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { LedgerMock } from 'personal-ledger-sdk/mocks';
import { demoFake, fixture, runSync as run, tempDir } from './support';

const STATEMENT = fixture('camt053-v02-two-accounts.xml');
const GIRO = { account: 'Girokonto', category: 'Cash', category_type: 'asset' };

let fake: LedgerMock;
let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  fake = demoFake();
  dir = await tempDir();
});
afterEach(() => dir.cleanup());
const runSync = (argv: string[]) => run(argv, { fake });

/** Runs a dry run with this mapping text; a refusal must have read and sent nothing. */
async function withMapping(text: string | Uint8Array) {
  const result = await runSync([
    STATEMENT,
    '--mapping',
    await dir.file('mapping.json', text),
    '--demo',
    '--dry-run',
    '--json',
  ]);
  if (result.code === 2) {
    // --json: the refusal is the one JSON object on stdout; nothing was sent.
    expect(JSON.parse(result.stdout)).toEqual({
      error: { message: expect.stringContaining('mapping file'), exit_code: 2 },
    });
    expect(fake.control.journal.entries()).toEqual([]);
  }
  return result;
}

describe('ledger-sync: a field the mapping does not know is refused, with the field meant', () => {
  it.each([
    [
      'the top',
      { acounts: { DE89370400440532013000: GIRO } },
      'acounts is not a field of the mapping (did you mean accounts?)',
    ],
    [
      'an account',
      { accounts: { DE89370400440532013000: { ...GIRO, curency: 'EUR' } } },
      'accounts["DE89370400440532013000"].curency is not a field of an account entry (did you mean currency?)',
    ],
    [
      'an account, nothing close',
      { accounts: { DE89370400440532013000: { ...GIRO, negate: true } } },
      'accounts["DE89370400440532013000"].negate is not a field of an account entry (its fields: account, category, category_type, institution_name, negate_balance, currency, $comment)',
    ],
    [
      'an older ofx_accounts entry',
      { ofx_accounts: { '1': { ...GIRO, negate_balanc: true } } },
      'ofx_accounts["1"].negate_balanc is not a field of an account entry (did you mean negate_balance?)',
    ],
    [
      'a bank',
      { banks: { mine: { profile: 'atruvia-de', acounts: {} } } },
      'banks.mine.acounts is not a field of a bank profile (did you mean accounts?)',
    ],
    [
      "a bank's profile",
      { banks: { mine: { profile: 'ing-de', delimter: ',', account: GIRO } } },
      'banks.mine.delimter is not a field of a bank profile (did you mean delimiter?)',
    ],
    [
      "a bank's account",
      { banks: { mine: { profile: 'ing-de', account: { ...GIRO, acount: 'x' } } } },
      'banks.mine.account.acount is not a field of an account entry (did you mean account?)',
    ],
    [
      'a category_type',
      { accounts: { DE89370400440532013000: { ...GIRO, category_type: 'weird' } } },
      'accounts["DE89370400440532013000"].category_type "weird" is not a category type: use "asset" or "liability"',
    ],
    [
      'a category_type, close',
      { accounts: { DE89370400440532013000: { ...GIRO, category_type: 'liabilty' } } },
      'accounts["DE89370400440532013000"].category_type "liabilty" is not a category type: use "asset" or "liability" (did you mean liability?)',
    ],
  ])('in %s: exit 2, nothing read or sent', async (_where, mapping, problem) => {
    const { code, stderr } = await withMapping(JSON.stringify(mapping));
    expect(code).toBe(2);
    expect(stderr).toContain(`has problems:\n  ${problem}`);
  });

  it("$comment is allowed in every object, as the examples' mapping has it; category_type in any case, as categories are found", async () => {
    const mapping = {
      $comment: 'mine',
      accounts: { DE89370400440532013000: { ...GIRO, category_type: 'Asset', $comment: 'giro' } },
      banks: { mine: { $comment: 'ING', profile: 'ing-de', account: GIRO } },
    };
    const { code, stdout } = await withMapping(JSON.stringify(mapping));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).rows).toMatchObject([{ account: 'Girokonto', balance: 1246.56, action: 'new' }]);
  });
});

describe("ledger-sync: the mapping file's text", () => {
  it('the example of docs/statements.md ("The mapping file"), comments and all, is read as written', async () => {
    const doc = await readFile(new URL('../../docs/statements.md', import.meta.url), 'utf8');
    const example = /## The mapping file\n[\s\S]*?```jsonc\n([\s\S]*?)```/.exec(doc)![1]!;
    expect(example).toContain('// any format');
    const { code, stdout, stderr } = await withMapping(example);
    expect(stderr).not.toContain('Error');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).rows).toMatchObject([{ account: 'Girokonto', balance: 1246.56, action: 'new' }]);
  });

  it('a byte-order mark at the start (as Windows Notepad saves UTF-8) is skipped', async () => {
    const text = new TextEncoder().encode(`\uFEFF${JSON.stringify({ accounts: { DE89370400440532013000: GIRO } })}`);
    expect([...text.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { code, stdout } = await withMapping(text);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).rows).toMatchObject([{ account: 'Girokonto' }]);
  });

  it.each([
    [
      'a missing comma',
      '{\n  "accounts": {\n    "A": {}\n    "B": {}\n  }\n}\n',
      'line 4, column 5: a comma (,) was expected',
    ],
    [
      'single quotes',
      "{\n  'accounts': {}\n}",
      'line 2, column 3: this is not JSON here (a name or string needs double quotes)',
    ],
    ['an unclosed comment', '{ "accounts": {} } /* the end', 'line 1, column 20: a /* comment is not closed with */'],
    ['an empty file', '', 'line 1, column 1: a value was expected'],
  ])('a syntax error (%s) is refused naming its line and column', async (_what, text, where) => {
    const { code, stderr } = await withMapping(text);
    expect(code).toBe(2);
    expect(stderr).toBe(`Error: mapping file ${dir.path}/mapping.json is not valid JSON: ${where}\n`);
  });
});
