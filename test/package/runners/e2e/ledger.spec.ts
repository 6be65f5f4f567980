// ledger.spec.ts
import { expect, test } from '@playwright/test';
import type { LedgerClient } from 'personal-ledger-sdk';
import { DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';

declare global {
  interface Window {
    ledgerMock: LedgerMock; // what the page (main.js) put there
    ledger: LedgerClient;
  }
}

// Each test opens a new page, so each test has a fake of its own: no reset() needed.
test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => 'ledgerMock' in window);
});

test('the page lists the accounts the fake holds', async ({ page }) => {
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('listitem')).toContainText(['Everyday checking', 'Joint savings']);
  // The journal, read in the page.
  expect(await page.evaluate(() => window.ledgerMock.control.journal.count({ operation: 'listAccounts' }))).toBe(1);
});

test('a 503 injected in the page is retried by the page', async ({ page }) => {
  await page.evaluate(() =>
    window.ledgerMock.control.faults.inject({
      operation: 'listAccounts',
      times: 1,
      kind: { status: 503, retryAfter: 0 },
    }),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.locator('#status')).toHaveText('6 accounts');
  const statuses = await page.evaluate(() => window.ledgerMock.control.journal.entries().map((e) => e.status));
  expect(statuses).toEqual([503, 200]);
});

test('a bulk upsert in the page reports the row it skipped', async ({ page }) => {
  const skipped = await page.evaluate(async () => {
    const report = await window.ledger.snapshots.bulkUpsert([
      { account_id: (await window.ledger.accounts.list())[0].id, snapshot_date: '2026-10-31', balance: 10 },
      { account_id: '00000000-0000-4000-8000-00000000beef', snapshot_date: '2026-10-31', balance: 1 },
    ]);
    return report.skipped.map((row) => row.index);
  });
  expect(skipped).toEqual([1]);
});

test("the page's own fetch is answered by the same fake, through MSW's service worker", async ({ page }) => {
  const names = await page.evaluate(async (token) => {
    const response = await fetch('https://ledger.test/api/public/v1/accounts', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await response.json()).accounts.map((account: { name: string }) => account.name);
  }, DEMO_TOKENS.alex);
  expect(names).toContain('Joint savings');
  expect(await page.evaluate(() => window.ledgerMock.control.journal.count({ operation: 'listAccounts' }))).toBe(1);
});
