// Contract: the README quickstart through the SDK against `prism mock openapi.json` (static
// examples). Prism mock refuses any request that breaks the document (422/400/401 with
// `sl-violations`), so clean answers prove the SDK sends what the document accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { recordingFetch, startPrism, type RunningPrism, type SeenResponse } from './support';

const seen: SeenResponse[] = [];
let prism: RunningPrism;

beforeAll(async () => {
  prism = await startPrism(['mock', 'openapi.json', '--errors']);
}, 120_000);
afterAll(() => prism?.stop());

describe('contract: the SDK against prism mock', () => {
  it('the quickstart calls are accepted by the document', async () => {
    const ledger = createLedgerClient({
      baseUrl: prism.url,
      token: `plk_${'q'.repeat(40)}`,
      fetch: recordingFetch(seen),
      retry: false,
    });
    const ACCOUNT = '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f';

    await ledger.me();
    await ledger.categories.list();
    await ledger.accounts.list();
    await ledger.accounts.create({
      name: 'Everyday checking',
      category_id: ACCOUNT,
      institution_name: 'First Bank',
      visibility: 'private',
    });
    await ledger.snapshots.upsert({ account_id: ACCOUNT, snapshot_date: '2026-10-31', balance: 1234.56 });
    await ledger.snapshots.list({ account_id: ACCOUNT, from: '2026-10-01', to: '2026-10-31' });
    const bulk = await ledger.POST('/api/public/v1/snapshots/bulk', {
      body: { snapshots: [{ account_id: ACCOUNT, snapshot_date: '2026-09-30', balance: 1200 }] },
    });
    expect(bulk.response.ok).toBe(true);

    expect(seen.map((s) => `${s.operationId} ${s.status} ${s.violations ?? 'clean'}`)).toEqual([
      'getMe 200 clean',
      'listCategories 200 clean',
      'listAccounts 200 clean',
      'createAccount 201 clean',
      expect.stringMatching(/^upsertSnapshot 20[01] clean$/),
      'listSnapshots 200 clean',
      'bulkUpsertSnapshots 200 clean',
    ]);
  });

  it('self-check: prism mock does refuse a request that breaks the document', async () => {
    const res = await fetch(`${prism.url}/api/public/v1/snapshots`, {
      method: 'POST',
      headers: { authorization: `Bearer plk_${'q'.repeat(40)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: 'not-a-uuid', snapshot_date: '2026-02-30', balance: '12.50' }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('sl-violations')).toContain('account_id');
    await res.body?.cancel();
  });
});
