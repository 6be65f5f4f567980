// expect(mock).toHaveReceived(operation, { times, status, ... }) from personal-ledger-sdk/mocks/vitest: it passes and
// fails as it says, with and without .not, and a failure's message ends with journal.explain() (the last requests,
// each refusal with its reason). Traffic goes through the SDK against mock.fetch.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerMatchers } from 'personal-ledger-sdk/mocks/vitest';

const mock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch, retry: false });
const sam = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.sam, fetch: mock.fetch, retry: false });
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    account_id: DEMO_IDS.accounts.everydayChecking,
    snapshot_date: `2027-01-${String(i + 1).padStart(2, '0')}`,
    balance: i,
  }));

/** The message a failing assertion throws. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed');
}

beforeEach(async () => {
  await mock.control.reset();
  await ledger.snapshots.bulkUpsert(rows(3), { chunkSize: 1 }); // three bulk calls, 200 each
  await expect(sam.accounts.get(DEMO_IDS.accounts.everydayChecking)).rejects.toMatchObject({ status: 404 }); // Alex's private account
});

describe('toHaveReceived', () => {
  it('passes: at least once, exactly `times`, and with any field of a journal filter', () => {
    expect(mock).toHaveReceived('bulkUpsertSnapshots');
    expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 3, status: 200 });
    expect(mock).toHaveReceived('bulkUpsertSnapshots', {
      times: 3,
      method: 'POST',
      status: '2xx',
      tokenId: DEMO_IDS.tokens.alex,
    });
    expect(mock).toHaveReceived('getAccount', {
      times: 1,
      status: 404,
      code: 'not_found',
      tokenId: DEMO_IDS.tokens.sam,
    });
    expect(mock).toHaveReceived('*', { times: 4 });
    expect(mock.control).toHaveReceived('getAccount'); // the control API works as well as the fake
  });

  it('fails with the counts, and the message ends with journal.explain()', () => {
    const message = failure(() => expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 2, status: 200 }));
    expect(message).toBe(
      'expected the fake to have received bulkUpsertSnapshots (status 200) 2 times, but it received 3 times ' +
        '(of 4 requests kept; bulkUpsertSnapshots with any status: 3 times)\n\n' +
        mock.control.journal.explain(),
    );
    expect(message).toContain(
      '#4 GET /api/public/v1/accounts/acc00000-0000-4000-8000-000000000001 -> 404 not_found\n    account acc0… (Everyday checking) is Alex',
    );
    const guide = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');
    expect(guide).toContain(`\`\`\`text\n${message}\`\`\``); // docs/testing.md shows this very failure
    expect(failure(() => expect(mock).toHaveReceived('deleteSnapshot'))).toMatch(
      /^expected the fake to have received deleteSnapshot, but it received none \(of 4 requests kept\)\n\nThe fake's last 4 requests/,
    );
  });

  it('.not passes when no request matches, and fails naming how many did', () => {
    expect(mock).not.toHaveReceived('deleteSnapshot');
    expect(mock).not.toHaveReceived('*', { status: '5xx' });
    expect(mock).not.toHaveReceived('bulkUpsertSnapshots', { times: 2 });
    const message = failure(() => expect(mock).not.toHaveReceived('getAccount', { status: '4xx' }));
    expect(message).toBe(
      `expected the fake not to have received getAccount (status 4xx), but it received once (of 4 requests kept; getAccount with any status: once)\n\n${mock.control.journal.explain()}`,
    );
  });

  it('a misspelt operation or filter throws (with or without .not), naming the near miss', () => {
    expect(() => expect(mock).toHaveReceived('bulkUpsertSnapshot' as 'bulkUpsertSnapshots')).toThrow(
      '(did you mean bulkUpsertSnapshots?)',
    );
    expect(() => expect(mock).not.toHaveReceived('getMee' as 'getMe')).toThrow('(did you mean getMe?)');
    expect(() => expect(mock).toHaveReceived('getMe', { status: '6xx' as '5xx' })).toThrow('status: must be 0');
    expect(() => expect(mock).toHaveReceived('getMe', { times: -1 })).toThrow(
      'toHaveReceived: times must be a whole number >= 0 (got -1)',
    );
    expect(() => expect({}).toHaveReceived('getMe')).toThrow(
      'toHaveReceived needs a fake made by createLedgerMock (or its control), not object',
    );
  });

  it('is registered by importing the entry, and exported for expect.extend elsewhere', () => {
    expect(Object.keys(ledgerMatchers)).toEqual(['toHaveReceived']);
    expect(typeof (expect(mock) as unknown as Record<string, unknown>).toHaveReceived).toBe('function');
  });
});
