// ledger-sync's mapping file as users write it: a typo is refused (exit 2) naming its JSON path and the field meant,
// never ignored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
async function withMapping(text: string) {
  const result = await runSync([STATEMENT, '--mapping', await dir.file('mapping.json', text), '--demo', '--dry-run', '--json']);
  if (result.code === 2) expect([result.stdout, fake.control.journal.entries()]).toEqual(['', []]);
  return result;
}

describe('ledger-sync: a field the mapping does not know is refused, with the field meant', () => {
  it.each([
    ['the top', { acounts: { DE89370400440532013000: GIRO } }, 'acounts is not a field of the mapping (did you mean accounts?)'],
    ['an account', { accounts: { DE89370400440532013000: { ...GIRO, curency: 'EUR' } } }, 'accounts["DE89370400440532013000"].curency is not a field of an account entry (did you mean currency?)'],
    [
      'an account, nothing close',
      { accounts: { DE89370400440532013000: { ...GIRO, negate: true } } },
      'accounts["DE89370400440532013000"].negate is not a field of an account entry (its fields: account, category, category_type, institution_name, negate_balance, currency, $comment)',
    ],
    ['an older ofx_accounts entry', { ofx_accounts: { '1': { ...GIRO, negate_balanc: true } } }, 'ofx_accounts["1"].negate_balanc is not a field of an account entry (did you mean negate_balance?)'],
    ['a bank', { banks: { mine: { profile: 'atruvia-de', acounts: {} } } }, 'banks.mine.acounts is not a field of a bank profile (did you mean accounts?)'],
    ['a bank\'s profile', { banks: { mine: { profile: 'ing-de', delimter: ',', account: GIRO } } }, 'banks.mine.delimter is not a field of a bank profile (did you mean delimiter?)'],
    ['a bank\'s account', { banks: { mine: { profile: 'ing-de', account: { ...GIRO, acount: 'x' } } } }, 'banks.mine.account.acount is not a field of an account entry (did you mean account?)'],
    ['a category_type', { accounts: { DE89370400440532013000: { ...GIRO, category_type: 'weird' } } }, 'accounts["DE89370400440532013000"].category_type "weird" is not a category type: use "asset" or "liability"'],
    ['a category_type, close', { accounts: { DE89370400440532013000: { ...GIRO, category_type: 'liabilty' } } }, 'accounts["DE89370400440532013000"].category_type "liabilty" is not a category type: use "asset" or "liability" (did you mean liability?)'],
  ])('in %s: exit 2, nothing read or sent', async (_where, mapping, problem) => {
    const { code, stderr } = await withMapping(JSON.stringify(mapping));
    expect(code).toBe(2);
    expect(stderr).toContain(`has problems:\n  ${problem}`);
  });

  it('$comment is allowed in every object, as the examples\' mapping has it; category_type in any case, as categories are found', async () => {
    const mapping = { $comment: 'mine', accounts: { DE89370400440532013000: { ...GIRO, category_type: 'Asset', $comment: 'giro' } }, banks: { mine: { $comment: 'ING', profile: 'ing-de', account: GIRO } } };
    const { code, stdout } = await withMapping(JSON.stringify(mapping));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).rows).toMatchObject([{ account: 'Girokonto', balance: 1246.56, action: 'new' }]);
  });
});
