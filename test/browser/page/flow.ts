// The flow every browser page runs against the fake, whatever bundled it and however its requests reach the
// fake (the transport: MSW's service worker, or a plain fetch function). It returns what it saw as plain data;
// test/browser/support/flow-expectations.ts asserts every step.
import { createLedgerClient, isLedgerApiError, type BulkRow, type FetchLike } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';

/** How the page's requests reach the fake: the one thing that differs between the pages. */
export interface Transport {
  readonly name: string;
  /** Starts answering requests under `mock.baseUrl`; returns the fetch the client is given. */
  connect(mock: LedgerMock): Promise<FetchLike>;
}

declare global {
  interface Window {
    /** Set by the page's entry; the test awaits it. */
    ledgerFlow?: Promise<FlowResult>;
  }
}

/** Rows of the bulk step, and which of them are bad (by input position) or repeat an earlier key. */
export const BULK = {
  rows: 12_345,
  badIndexes: [0, 4_999, 5_000, 9_876, 12_344],
  /** Row 10,000 has the key of row 100 (another chunk), so it supersedes it. */
  duplicate: { index: 100, supersededBy: 10_000 },
  firstDay: Date.UTC(1990, 0, 1),
} as const;

const DAY_MS = 86_400_000;
const dayOf = (index: number) => new Date(BULK.firstDay + index * DAY_MS).toISOString().slice(0, 10);

function bulkRows(accountId: string): unknown[] {
  const rows: unknown[] = [];
  for (let i = 0; i < BULK.rows; i++) rows.push({ account_id: accountId, snapshot_date: dayOf(i), balance: i });
  const bad = BULK.badIndexes;
  rows[bad[0]] = { account_id: accountId, snapshot_date: '1990-02-30', balance: 1 }; // no such day
  rows[bad[1]] = { account_id: accountId, snapshot_date: dayOf(bad[1]), balance: Number.NaN };
  rows[bad[2]] = { account_id: 'not-a-uuid', snapshot_date: dayOf(bad[2]), balance: 1 };
  rows[bad[3]] = { account_id: accountId, snapshot_date: dayOf(bad[3]), balance: '12.50' };
  rows[bad[4]] = { account_id: accountId, balance: 1 }; // no date
  rows[BULK.duplicate.supersededBy] = {
    account_id: accountId,
    snapshot_date: dayOf(BULK.duplicate.index),
    balance: -1,
  };
  return rows;
}

/** What an API call that should fail answered. */
async function failure(
  call: Promise<unknown>,
): Promise<{ status: number; code: string | undefined; name: string } | 'no error'> {
  try {
    await call;
    return 'no error';
  } catch (error) {
    if (!isLedgerApiError(error)) throw error;
    return { status: error.status, code: error.code, name: error.name };
  }
}

/** Runs the whole flow and returns what it saw. */
export async function runFlow(transport: Transport) {
  const mock = createLedgerMock({ scenario: 'demo' });
  await mock.ready;
  const fetch = await transport.connect(mock);
  const retry = { baseDelayMs: 1, maxDelayMs: 5 };
  const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch, retry });

  const me = await ledger.me();
  const categories = await ledger.categories.list();
  const cash = categories.find((category) => category.name === 'Cash');
  if (!cash) throw new Error('the demo scenario has no Cash category');
  const account = await ledger.accounts.create({ name: 'Browser checking', category_id: cash.id });
  const upserts = [];
  for (const balance of [100, 2450.75]) {
    upserts.push(
      (await ledger.snapshots.upsert({ account_id: account.id, snapshot_date: '2026-10-31', balance })).action,
    );
  }
  const october = await ledger.snapshots.list({ account_id: account.id, from: '2026-10-01', to: '2026-10-31' });

  const report = await ledger.snapshots.bulkUpsert(bulkRows(account.id) as BulkRow[]);
  const january = await ledger.snapshots.list({ account_id: account.id, from: '1990-01-01', to: '1990-01-31' });
  const stored = await mock.control.listSnapshots({ accountId: account.id });
  const duplicateKey = stored.find((snapshot) => snapshot.snapshot_date === dayOf(BULK.duplicate.index));

  const notFound = await failure(ledger.accounts.get('00000000-0000-4000-8000-00000000dead'));
  await mock.control.setPlan(DEMO_IDS.household, 'household'); // no sharing on this plan
  const paymentRequired = await failure(ledger.accounts.update(account.id, { visibility: 'shared_full_access' }));
  await mock.control.setPlan(DEMO_IDS.household, 'household_sharing');
  const issued = await mock.control.createToken({ userId: DEMO_IDS.users.alex });
  const revocable = createLedgerClient({ baseUrl: mock.baseUrl, token: issued.value, fetch, retry: false });
  const beforeRevoke = (await revocable.me()).token_id;
  await mock.control.revokeToken(issued.id);
  const revoked = await failure(revocable.me());

  mock.control.faults.inject({ operation: 'listAccounts', times: 1, kind: { status: 503 } });
  const accounts = await ledger.accounts.list();
  const journal = mock.control.journal.entries();

  return {
    transport: transport.name,
    secureContext: globalThis.isSecureContext,
    baseUrl: mock.baseUrl,
    me,
    categories: categories.length,
    account: { id: account.id, name: account.name, visibility: account.visibility },
    upserts,
    october: october.map((snapshot) => ({ date: snapshot.snapshot_date, balance: snapshot.balance })),
    bulk: {
      received: report.received,
      inserted: report.inserted,
      updated: report.updated,
      skipped: report.skipped.map((row) => ({ index: row.index, reason: row.reason })),
      duplicates: report.duplicates.map((row) => ({ index: row.index, superseded_by: row.superseded_by })),
      chunks: report.chunks.map((chunk) => ({ rows: chunk.rows, status: chunk.status })),
    },
    january: january.map((snapshot) => snapshot.snapshot_date),
    stored: stored.length,
    duplicateBalance: duplicateKey?.balance,
    notFound,
    paymentRequired,
    revoked: { beforeRevoke, issuedId: issued.id, after: revoked },
    retried: {
      accounts: accounts.length,
      listAccounts: journal.filter((entry) => entry.operationId === 'listAccounts').map((entry) => entry.status),
    },
    requests: journal.length,
    internalErrors: mock.control.journal.internalErrors().map((entry) => entry.internalError?.message),
  };
}

/** What the flow saw. */
export type FlowResult = Awaited<ReturnType<typeof runFlow>>;
