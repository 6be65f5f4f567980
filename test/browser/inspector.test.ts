// ledger-mock's inspector page in headless Chromium, against ledger-mock over HTTP on 127.0.0.1: a request made with
// node's http client shows up on the page as it is answered (the delay is measured and printed, not asserted), an
// account's chart after a bulk write, a reset from the page, keyboard use, no CSP violation (and the policy enforced),
// the token asked for off loopback and never put in a URL, no cross-site page driving it, a foreign Host refused. The
// screenshot in docs/ledger-mock.md is taken here.
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { launchChromium } from './support/chromium';
import {
  goLive,
  nodeRequest,
  openInspector,
  rowArrival,
  writeScreenshotIfChanged,
  type Inspected,
} from './support/inspector-page';

const EVIL = 'evil.test';
const SCREENSHOT = fileURLToPath(new URL('../../docs/images/ledger-mock-inspector.png', import.meta.url));
const ALEX = { authorization: `Bearer ${DEMO_TOKENS.alex}` };
/** How long a page may take to show what it was told (a bound against hanging, not a measure: busy CI machines are slow). */
const SOON = { timeout: 20_000 };

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium([EVIL]);
}, 60_000);
afterAll(() => browser?.close());

type InspectArgs = Parameters<typeof openInspector> extends [unknown, ...infer Rest] ? Rest : never;

/** openInspector in the shared browser; its server and context are closed when the calling test ends. */
async function inspect({ onTestFinished }: TestContext, ...args: InspectArgs): Promise<Inspected> {
  const inspected = await openInspector(browser!, ...args);
  onTestFinished(() => inspected.close());
  return inspected;
}

// Side by side: each test has its own ledger-mock and its own browser context.
describe.concurrent('the inspector page in Chromium', { timeout: 60_000 }, () => {
  it('a request made with node’s http client shows up on the page as it is answered (each delay measured and printed)', async (test) => {
    const { page, running, problems } = await inspect(test);
    await goLive(page, running.url);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const path = `/api/public/v1/accounts/not-there-${i}`;
      const arrived = await rowArrival(page, path);
      const { status, sentAt } = await nodeRequest(running.url, 'GET', path, ALEX);
      expect(status).toBe(404);
      delays.push((await arrived()) - sentAt);
      const row = page.locator('tr.request').first();
      await test.expect
        .poll(() => row.locator('td').allInnerTexts(), SOON)
        .toEqual([
          'GET',
          `/accounts/not-there-${i}\ngetAccount`,
          '404\nnot_found',
          'Alex',
          expect.stringMatching(/^\d+\.\d$/),
          `there is no account not-there-${i}`,
        ]);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    console.log(
      `request -> its row on the page: ${delays.map((d) => `${d.toFixed(0)} ms`).join(', ')} (median ${sorted[2]!.toFixed(0)} ms, request sent to MutationObserver callback)`,
    );
    expect(await page.locator('tr.request').count()).toBe(5); // newest first, each once
    expect(await problems()).toEqual([]);
  });

  it('a row opens with Enter to its request and response bodies; the list is one tab stop, and every action a button', async (test) => {
    const { page, running, problems } = await inspect(test, {}, { expectConsole: () => false });
    await goLive(page, running.url);
    const body = JSON.stringify({
      account_id: DEMO_IDS.accounts.everydayChecking,
      snapshot_date: '2026-11-02',
      balance: 2500.5,
    });
    const arrived = await rowArrival(page, '/api/public/v1/snapshots');
    await nodeRequest(
      running.url,
      'POST',
      '/api/public/v1/snapshots',
      { ...ALEX, 'content-type': 'application/json' },
      body,
    );
    await arrived();
    await nodeRequest(running.url, 'GET', '/api/public/v1/me', ALEX);
    await page.locator('tr.request').nth(1).waitFor();

    // From the top of the page, Tab walks the actions, the filters, then one row of the list.
    await page.locator('body').focus();
    const stops: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const element = document.activeElement!;
          return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.classList.contains('request') ? '.request' : ''}`;
        }),
      );
    }
    expect(stops).toEqual([
      'button#reset',
      'button#clear-journal',
      'input#checkpoint-name',
      'button',
      'select#filter-status',
      'select#filter-operation',
      'select#filter-account',
      'tr.request',
    ]);
    await page.keyboard.press('ArrowDown'); // the older row: the POST
    await page.keyboard.press('Enter');
    const details = page.locator('tr.details');
    await details.locator('pre').first().waitFor();
    expect(JSON.parse(await details.locator('pre').first().innerText())).toEqual(JSON.parse(body));
    expect(JSON.parse(await details.locator('pre').nth(1).innerText())).toMatchObject({
      action: 'inserted',
      snapshot: { balance: 2500.5 },
    });
    expect(await page.locator('tr.request[aria-expanded="true"] td.path').getAttribute('title')).toBe(
      '/api/public/v1/snapshots',
    );
    await page.keyboard.press('Enter');
    await details.waitFor({ state: 'detached' });
    expect(
      await page
        .locator('header button, .state button')
        .evaluateAll((buttons) => buttons.every((b) => b instanceof HTMLButtonElement)),
    ).toBe(true);
    expect(await problems()).toEqual([]);
  });

  it('after a bulk write, the chart of the account: every balance on the line, estimated ones marked, the table beside it (and the docs’ screenshot)', async (test) => {
    const { page, running, problems } = await inspect(test, {}, { viewport: { width: 1400, height: 1050 } });
    await goLive(page, running.url);
    const ledger = createLedgerClient({ baseUrl: running.url, token: DEMO_TOKENS.alex });
    const cash = (await ledger.categories.list()).find((category) => category.name === 'Cash')!;
    const account = await ledger.accounts.create({ name: 'Travel fund', category_id: cash.id });
    const days = Array.from({ length: 90 }, (_, i) =>
      new Date(Date.UTC(2026, 7, 1) + i * 86_400_000).toISOString().slice(0, 10),
    );
    const rows = days.map((day, i) => ({
      account_id: account.id,
      snapshot_date: day,
      balance: Math.round((1200 + 400 * Math.sin(i / 9) + 6 * i) * 100) / 100,
    }));
    const report = await ledger.snapshots.bulkUpsert(rows);
    expect(report.inserted).toBe(90);
    // Three more days the bank has not reported: carried forward, estimated.
    const seeded = await fetch(`${running.url}/__mock/snapshots/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        snapshots: ['2026-10-30', '2026-10-31', '2026-11-01'].map((day) => ({
          account_id: account.id,
          snapshot_date: day,
          balance: rows.at(-1)!.balance,
          is_estimated: true,
        })),
      }),
    });
    expect(seeded.status).toBe(200);

    const chartButton = page.getByRole('button', { name: 'Chart of Travel fund' });
    await chartButton.click();
    await test.expect
      .poll(() => page.locator('#balances-title').innerText(), SOON)
      .toBe('Balances of Travel fund: 93, 3 estimated');
    const chart = page.locator('#chart svg');
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.locator('desc').textContent()).toMatch(
      /^93 balances from 2026-08-01 to 2026-11-01, between .*; 3 estimated, drawn as hollow points\.$/,
    );
    expect(
      await chart
        .locator('circle.point.estimated')
        .evaluateAll((points) => points.map((p) => p.getAttribute('data-date'))),
    ).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
    expect(await chart.locator('path.series').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){92}$/); // one segment per balance
    const table = page.locator('#balances-table tbody tr');
    expect(await table.count()).toBe(93);
    expect(await table.first().locator('td').allInnerTexts()).toEqual(['2026-11-01', expect.any(String), 'estimated']);
    expect(await chartButton.getAttribute('aria-pressed')).toBe('true');
    // The bulk write is on the list, and the account filter finds it by the account it wrote to.
    await page.locator('#filter-account').selectOption(account.id);
    await test.expect
      .poll(
        () =>
          page
            .locator('tr.request:not([hidden]) td.path')
            .evaluateAll((cells) => cells.map((c) => c.getAttribute('title'))),
        SOON,
      )
      .toEqual([
        '/api/public/v1/snapshots/bulk',
        '/api/public/v1/accounts', // createAccount: the account it made
      ]);
    await page.locator('#filter-account').selectOption('');
    // One refusal, so the picture shows why a request was answered so.
    const refused = JSON.stringify({ account_id: account.id, snapshot_date: '2026-02-30', balance: 1 });
    await nodeRequest(
      running.url,
      'POST',
      '/api/public/v1/snapshots',
      { ...ALEX, 'content-type': 'application/json' },
      refused,
    );
    await test.expect
      .poll(() => page.locator('tr.request').first().locator('td.why').innerText(), SOON)
      .toMatch(/^body.snapshot_date must be a real calendar date/);
    expect(await problems()).toEqual([]);

    const png = await page.screenshot({ fullPage: false });
    console.log(`docs/images/ledger-mock-inspector.png: ${await writeScreenshotIfChanged(browser!, png, SCREENSHOT)}`);
  });

  it('Reset from the page (asked first) puts the starting scenario back: the user made since is gone, the list starts over', async (test) => {
    const { page, running, server, problems } = await inspect(test);
    await server.mock.control.createUser({ name: 'Made after the start' });
    await nodeRequest(running.url, 'GET', '/api/public/v1/me', ALEX);
    await goLive(page, running.url);
    await test.expect.poll(() => page.locator('#users').innerText(), SOON).toContain('Made after the start');
    expect(await page.locator('tr.request').count()).toBe(1);

    await page.getByRole('button', { name: 'Reset…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Reset ledger-mock to its starting scenario');
    await dialog.getByRole('button', { name: 'Cancel' }).click(); // asked first: Cancel changes nothing
    expect((await server.mock.control.listUsers()).map((u) => u.name)).toContain('Made after the start');

    await page.getByRole('button', { name: 'Reset…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await test.expect.poll(() => page.locator('#notice').innerText(), SOON).toBe('Reset to the starting scenario.');
    expect((await server.mock.control.listUsers()).map((u) => u.name).sort()).toEqual(['Alex', 'Sam']);
    await test.expect.poll(() => page.locator('#users').innerText(), SOON).not.toContain('Made after the start');
    await test.expect.poll(() => page.locator('tr.request').count(), SOON).toBe(0); // the journal was cleared: a new epoch
    expect(await problems()).toEqual([]);
  });

  it('checkpoint, restore and remove a fault from the page, each through the control API', async (test) => {
    const { page, running, server, problems } = await inspect(test);
    await server.mock.control.faults.inject({ operation: 'getMe', kind: { status: 503 } });
    await goLive(page, running.url);
    await page.locator('#checkpoint-name').fill('before');
    await page.getByRole('button', { name: 'Take' }).click();
    await test.expect.poll(() => page.locator('#checkpoints').innerText(), SOON).toContain('before');
    await server.mock.control.createUser({ name: 'After the checkpoint' });
    await page.getByRole('button', { name: 'Restore checkpoint before' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await test.expect
      .poll(async () => (await server.mock.control.listUsers()).map((u) => u.name).sort(), SOON)
      .toEqual(['Alex', 'Sam']);
    // A restore clears the faults too: arm one again over HTTP (the page hears of it at once), and remove it with its button.
    const armed = await fetch(`${running.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'listAccounts', latency_ms: 5 }),
    });
    const { id } = (await armed.json()) as { id: string };
    await page.getByRole('button', { name: `Remove fault ${id}` }).click();
    await test.expect.poll(() => server.mock.control.faults.list(), SOON).toEqual([]);
    await test.expect.poll(() => page.locator('#faults').innerText(), SOON).toContain('No fault armed.');
    expect(await problems()).toEqual([]);
  });
});

describe('what the page is allowed, and what it refuses', { timeout: 60_000 }, () => {
  it('runs under its Content-Security-Policy with no violation, and the policy is enforced: an injected inline script does not run', async (test) => {
    const { page, running, problems } = await inspect(test);
    const response = await page.goto(`${running.url}/__mock/`);
    expect(response?.headers()['content-security-policy']).toMatch(
      /^default-src 'none'; script-src 'self'; style-src 'self'/,
    );
    await page.locator('#connection[data-state="live"]').waitFor();
    await nodeRequest(running.url, 'GET', '/api/public/v1/me', ALEX);
    await page.locator('tr.request').first().waitFor();
    expect(await problems()).toEqual([]);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      return (window as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await test.expect
      .poll(async () => (await problems()).filter((p) => p.startsWith('CSP violation: script-src-elem')), SOON)
      .toHaveLength(1);
  });

  it('off loopback it asks for the control token, says when one is wrong, sends it as /__mock expects and never in a URL', async (test) => {
    const token = 'inspector-control-token-0123456789';
    const { page, running, urls, context } = await inspect(
      test,
      { controlToken: token },
      { expectConsole: (text) => /status of 401/.test(text) },
    );
    const sent: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/__mock/inspector/events'))
        sent.push(request.headers()['x-ledger-mock-control']);
    });
    await page.goto(`${running.url}/__mock/`);
    const dialog = page.getByRole('dialog', { name: 'Control token' });
    await dialog.waitFor();
    expect(await page.locator('#connection').innerText()).toBe('Needs the control token');
    await dialog.getByLabel('Control token').fill('not-the-token-0123456789');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await test.expect
      .poll(() => page.locator('#token-problem').innerText(), SOON)
      .toBe('That is not the control token of this ledger-mock.');
    await dialog.getByLabel('Control token').fill(token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await page.locator('#connection[data-state="live"]').waitFor();
    await page.locator('#accounts tbody tr').first().waitFor();
    expect(sent.at(-1)).toBe(token);
    expect(await page.evaluate(() => sessionStorage.getItem('ledger-mock-control-token'))).toBe(token); // this tab only
    // A reload in the same tab asks no more.
    await page.reload();
    await page.locator('#connection[data-state="live"]').waitFor();
    expect(await page.locator('#token-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(urls.filter((url) => url.includes(token))).toEqual([]);
    expect((await context.cookies()).length).toBe(0);
  });

  it('a page of another site can neither frame it nor read or change anything through it', async (test) => {
    const { page, running, server } = await inspect(test);
    const before = await server.mock.control.dump();
    // Any page of evil.test: ledger-mock's own refusal of that Host will do as its document.
    await page.goto(`http://${EVIL}:${running.port}/`).catch(() => undefined);
    const outcome = await page.evaluate(async (inspector) => {
      const frame = document.createElement('iframe');
      frame.src = `${inspector}/__mock/`;
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await loaded;
      const read = await fetch(`${inspector}/__mock/inspector/state`).then(
        (r) => `read ${r.status}`,
        (e: Error) => `failed: ${e.name}`,
      );
      const reset = await fetch(`${inspector}/__mock/reset`, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }).then(
        (r) => `answered ${r.type}`,
        (e: Error) => `failed: ${e.name}`,
      );
      return { read, reset };
    }, running.url);
    expect(outcome).toEqual({ read: 'failed: TypeError', reset: 'answered opaque' }); // the reset reached ledger-mock and was refused (403)
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed?.url()).toBe('chrome-error://chromewebdata/'); // frame-ancestors 'none': Chromium refused to show it
    expect(await server.mock.control.dump()).toEqual(before);
  });

  it('a foreign Host is refused: the page of http://evil.test on ledger-mock’s port is 403 host_not_allowed, with no page in it', async (test) => {
    const { page, running } = await inspect(test, {}, { expectConsole: (text) => /status of 403/.test(text) });
    const response = await page.goto(`http://${EVIL}:${running.port}/__mock/`);
    expect(response?.status()).toBe(403);
    expect(JSON.parse(await response!.text())).toMatchObject({ code: 'host_not_allowed' });
    expect(await page.locator('#requests-body').count()).toBe(0);
  });

  it('on a phone-sized screen nothing is wider than the screen: wide tables scroll inside their own box', async (test) => {
    const { page, running, problems } = await inspect(test, {}, { viewport: { width: 390, height: 844 } });
    await goLive(page, running.url);
    await nodeRequest(running.url, 'GET', '/api/public/v1/accounts/a-long-path-that-a-phone-must-still-fit', ALEX);
    await page.locator('tr.request').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await problems()).toEqual([]);
  });
});
