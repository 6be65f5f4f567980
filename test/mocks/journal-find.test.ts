// journal.find(filter) and journal.count(filter): the requests a test asks about, by operation, method, status (or a
// class of statuses), error code, token id and time on the fake's clock. Traffic goes through the SDK against
// mock.fetch; a filter that could never match as meant is refused at once, naming the near miss.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient, isLedgerApiError } from 'personal-ledger-sdk';
import {
  createLedgerMock,
  DEMO_IDS,
  DEMO_TOKENS,
  isMockControlError,
  type JournalFilter,
} from 'personal-ledger-sdk/mocks';

const { accounts, users, tokens } = DEMO_IDS;
const mock = createLedgerMock({ scenario: 'demo' }); // the demo's clock is frozen at 2026-11-01T09:00:00Z
const alex = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch, retry: false });
const sam = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.sam, fetch: mock.fetch, retry: false });
let readOnlyTokenId = '';

/** The call, its refusal swallowed: the journal is what these tests read. */
const settle = (call: Promise<unknown>) =>
  call.catch((error: unknown) => void expect(isLedgerApiError(error)).toBe(true));

beforeAll(async () => {
  const readOnly = await mock.control.createToken({ userId: users.alex, scopes: ['ledger:read'] });
  readOnlyTokenId = readOnly.id;
  const reader = createLedgerClient({ baseUrl: mock.baseUrl, token: readOnly.value, fetch: mock.fetch, retry: false });
  await alex.me(); // 09:00
  await sam.me();
  await alex.accounts.list();
  mock.control.clock.advance(60 * 60_000); // 10:00
  await alex.snapshots.bulkUpsert([{ account_id: accounts.everydayChecking, snapshot_date: '2026-10-01', balance: 1 }]);
  await settle(
    reader.snapshots.upsert({ account_id: accounts.everydayChecking, snapshot_date: '2026-10-02', balance: 2 }),
  ); // 403
  mock.control.clock.advance(60 * 60_000); // 11:00
  await settle(sam.accounts.get(accounts.everydayChecking)); // 404: Alex's private account
  await mock.fetch(`${mock.baseUrl}/api/public/v1/nowhere`); // 404 route_not_found, no operation
  mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 0 } });
  await settle(alex.me()); // 503
});

const ops = (filter?: JournalFilter) => mock.control.journal.find(filter).map((e) => `${e.operationId} ${e.status}`);

describe('journal.find and journal.count', () => {
  it('with no filter: every request kept, as entries() has them', () => {
    expect(mock.control.journal.count()).toBe(8);
    expect(mock.control.journal.find()).toEqual(mock.control.journal.entries());
  });

  it('by operation (an operationId of openapi.json); "*" is every request, those to unknown paths too', () => {
    expect(ops({ operation: 'getMe' })).toEqual(['getMe 200', 'getMe 200', 'getMe 503']);
    expect(mock.control.journal.count({ operation: 'bulkUpsertSnapshots' })).toBe(1);
    expect(mock.control.journal.count({ operation: 'deleteSnapshot' })).toBe(0);
    expect(mock.control.journal.count({ operation: '*' })).toBe(8);
  });

  it('by status: a number, or a class such as 4xx', () => {
    expect(ops({ status: 403 })).toEqual(['upsertSnapshot 403']);
    expect(ops({ status: '4xx' })).toEqual(['upsertSnapshot 403', 'getAccount 404', 'null 404']);
    expect(ops({ status: '5xx' })).toEqual(['getMe 503']);
    expect(mock.control.journal.count({ status: '2xx' })).toBe(4);
    expect(mock.control.journal.count({ status: 0 })).toBe(0); // a dropped connection: none here
  });

  it('by method, error code and token id (the id, never the value)', () => {
    expect(ops({ method: 'POST' })).toEqual(['bulkUpsertSnapshots 200', 'upsertSnapshot 403']);
    expect(ops({ code: 'route_not_found' })).toEqual(['null 404']);
    expect(ops({ code: 'insufficient_scope', tokenId: readOnlyTokenId })).toEqual(['upsertSnapshot 403']);
    expect(ops({ tokenId: tokens.sam })).toEqual(['getMe 200', 'getAccount 404']);
    expect(mock.control.journal.count({ tokenId: tokens.alex, operation: 'getMe', status: 200 })).toBe(1);
  });

  it('by time on the fake clock: from and to are both inclusive, given as ISO 8601, Date or epoch ms', () => {
    expect(mock.control.journal.count({ to: '2026-11-01T09:59:59Z' })).toBe(3);
    expect(ops({ from: '2026-11-01T10:00:00Z', to: new Date('2026-11-01T10:00:00Z') })).toEqual([
      'bulkUpsertSnapshots 200',
      'upsertSnapshot 403',
    ]);
    expect(mock.control.journal.count({ from: Date.parse('2026-11-01T11:00:00Z') })).toBe(3);
  });

  it('hands out copies: changing a found entry changes nothing in the journal', () => {
    const [first] = mock.control.journal.find({ operation: 'getMe' });
    first!.status = 999;
    expect(mock.control.journal.find({ operation: 'getMe' })[0]!.status).toBe(200);
  });
});

describe('a filter that cannot match as meant is refused (MockControlError 400 invalid_filter), every problem at once', () => {
  const refusal = (filter: unknown) => {
    try {
      mock.control.journal.count(filter as JournalFilter);
    } catch (error) {
      expect(isMockControlError(error)).toBe(true);
      return error as { status: number; code: string; message: string };
    }
    throw new Error(`accepted ${JSON.stringify(filter)}`);
  };

  it('a misspelt operation names the near miss, as a fault does', () => {
    const error = refusal({ operation: 'bulkUpsertSnapshot' });
    expect([error.status, error.code]).toEqual([400, 'invalid_filter']);
    expect(error.message).toContain(
      '"bulkUpsertSnapshot" is not an operation of openapi.json (did you mean bulkUpsertSnapshots?)',
    );
    expect(() =>
      mock.control.faults.inject({ operation: 'bulkUpsertSnapshot' as 'getMe', kind: { status: 500 } }),
    ).toThrow('(did you mean bulkUpsertSnapshots?)');
  });

  it('a status that is no status, a method in lower case, an unknown field, an empty code, a bad time, from after to', () => {
    expect(refusal({ status: 700 }).message).toContain(
      'status: must be 0 (a dropped connection), a status 100 to 599 or one of 1xx, 2xx, 3xx, 4xx, 5xx (got 700)',
    );
    expect(refusal({ status: '6xx' }).message).toContain('(got "6xx")');
    expect(refusal({ method: 'get' }).message).toContain(
      'method: "get" is not one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (did you mean GET?)',
    );
    expect(refusal({ operationId: 'getMe' }).message).toContain(
      'operationId: is not a field of a filter (did you mean operation?)',
    );
    expect(refusal({ code: '' }).message).toContain('code: must be a non-empty string');
    expect(refusal({ from: 'yesterday' }).message).toContain(
      'from: must be a time (ISO 8601, a Date or epoch milliseconds), got "yesterday"',
    );
    expect(refusal({ from: '2026-11-02', to: '2026-11-01' }).message).toContain(
      'from (2026-11-02T00:00:00.000Z) is after to (2026-11-01T00:00:00.000Z)',
    );
    const all = refusal({ operation: 'getMee', status: 'bad', tokenId: 42 }).message;
    expect(all).toMatch(
      /^Invalid journal filter: operation: .*getMee.*; status: .*; tokenId: must be a non-empty string$/,
    );
  });

  it('find refuses alike, and a refused filter changes nothing', () => {
    expect(() => mock.control.journal.find({ operation: 'listAcounts' as 'listAccounts' })).toThrow(
      'did you mean listAccounts?',
    );
    expect(mock.control.journal.count()).toBe(8);
  });
});
