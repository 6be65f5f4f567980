// The cross-site cases of issue 20 in real Chromium, against ledger-mock over HTTP on 127.0.0.1: a page of another
// origin (http://evil.test:PORT, which --host-resolver-rules maps to 127.0.0.1) tries a simple text/plain POST and
// a form POST to /__mock, a JSON fetch (which needs a preflight), and, as after DNS rebinding, same-origin requests
// under its own name on ledger-mock's port: all refused, the state unchanged. With --cors (createLedgerMockServer's
// `cors`) the allowed origin can call the API and another origin cannot. Each test opens its own browser context.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import {
  createLedgerMockServer,
  type LedgerMockServer,
  type RunningLedgerMockServer,
} from 'personal-ledger-sdk/mocks/node';
import { launchChromium } from './support/chromium';
import { serveStatic, type StaticServer } from './support/static-server';

const EVIL = 'evil.test';
const APP = 'app.test';

let browser: Browser | undefined;
let pages: StaticServer | undefined;
let server: LedgerMockServer;
let running: RunningLedgerMockServer | undefined;
const dir = mkdtempSync(join(tmpdir(), 'cross-site-pages-'));

beforeAll(async () => {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>another site</title><p>nothing here</p>');
  [browser, pages] = await Promise.all([launchChromium([EVIL, APP]), serveStatic(dir)]);
  server = createLedgerMockServer({ scenario: 'demo', cors: [`http://${APP}:${pages.port}`] });
  running = await server.listen();
}, 60_000);

afterAll(async () => {
  await Promise.all([browser?.close(), pages?.close(), running?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a page of `origin` in a fresh context, runs `test` on it, and closes the context. */
async function onPage<T>(origin: string, test: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser!.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(`${origin}/index.html`);
    expect(response?.status()).toBe(200);
    return await test(page);
  } finally {
    await context.close();
  }
}

/** The fake's state as /__mock/state shows it (asked from the test, not the page). */
const state = () => server.mock.control.dump();

describe('ledger-mock refuses cross-site changes in Chromium', { timeout: 60_000 }, () => {
  it('a simple text/plain POST (no preflight) from http://evil.test to /__mock/scenario reaches the server, is refused 403, and empties nothing', async () => {
    const before = await state();
    const target = `${running!.url}/__mock/scenario`;
    const status = await onPage(`http://${EVIL}:${pages!.port}`, async (page) => {
      const answered = page.waitForResponse(target);
      await page.evaluate(async (url) => {
        await fetch(url, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: '{"name":"empty"}',
        });
      }, target);
      return (await answered).status();
    });
    expect(status).toBe(403); // origin_not_allowed: the page cannot read it, but the request was made and refused
    expect(await state()).toEqual(before);
  });

  it('a form POST from http://evil.test to /__mock/reset is refused 403, and resets nothing', async () => {
    await server.mock.control.createUser({ name: 'Made before the form' });
    const before = await state();
    const status = await onPage(`http://${EVIL}:${pages!.port}`, async (page) => {
      const navigated = page.waitForResponse(`${running!.url}/__mock/reset`);
      await page.evaluate((action) => {
        const form = Object.assign(document.createElement('form'), { method: 'POST', action, enctype: 'text/plain' });
        form.append(Object.assign(document.createElement('input'), { name: '{"a":"', value: '"}' }));
        document.body.append(form);
        form.submit();
      }, `${running!.url}/__mock/reset`);
      return (await navigated).status();
    });
    expect(status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it('a JSON fetch from http://evil.test needs a preflight, which /__mock refuses: the fetch fails and nothing changes', async () => {
    const before = await state();
    const outcome = await onPage(`http://${EVIL}:${pages!.port}`, (page) =>
      page.evaluate(async (url) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"name":"empty"}',
          });
          return `answered ${response.status}`;
        } catch (error) {
          return `failed: ${(error as Error).name}`;
        }
      }, `${running!.url}/__mock/scenario`),
    );
    expect(outcome).toBe('failed: TypeError');
    expect(await state()).toEqual(before);
  });

  it('DNS rebinding: a page of http://evil.test on ledger-mock’s own port reads and writes nothing (Host: evil.test is refused)', async () => {
    const before = await state();
    const origin = `http://${EVIL}:${running!.port}`;
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      // Once evil.test resolves to 127.0.0.1, a document of http://evil.test:PORT is ledger-mock's own origin to the
      // browser, and its requests need no CORS. Any document of that origin will do: ledger-mock's own refusal of it.
      const document = await page.goto(`${origin}/__mock/clock`);
      expect(document?.status()).toBe(403);
      expect(await page.evaluate(() => window.location.origin)).toBe(origin);
      const seen = await page.evaluate(async (token) => {
        const state = await fetch('/__mock/state');
        const issued = await fetch('/__mock/tokens', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: 'a1e40000-0000-4000-8000-000000000001' }),
        });
        const reset = await fetch('/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' } });
        const me = await fetch('/api/public/v1/me', { headers: { authorization: `Bearer ${token}` } });
        return Promise.all(
          [state, issued, reset, me].map(async (response) => [
            response.status,
            ((await response.json()) as { code?: string }).code,
          ]),
        );
      }, DEMO_TOKENS.alex);
      expect(seen).toEqual([
        [403, 'host_not_allowed'],
        [403, 'host_not_allowed'],
        [403, 'host_not_allowed'],
        [403, 'host_not_allowed'],
      ]);
    } finally {
      await context.close();
    }
    expect(await state()).toEqual(before);
  });
});

describe('--cors in Chromium: the allowed origin calls the API, another cannot', { timeout: 60_000 }, () => {
  /** GET /me from a page of `origin`, as a front end would: with its token, so the browser sends a preflight first. */
  const me = (origin: string) =>
    onPage(origin, (page) =>
      page.evaluate(
        async ({ url, token }) => {
          try {
            const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
            return { status: response.status, user: ((await response.json()) as { user_id?: string }).user_id };
          } catch (error) {
            return { failed: (error as Error).name };
          }
        },
        { url: `${running!.url}/api/public/v1/me`, token: DEMO_TOKENS.alex },
      ),
    );

  it(`a page of http://${APP} (the origin given) gets the answer`, async () => {
    expect(await me(`http://${APP}:${pages!.port}`)).toEqual({
      status: 200,
      user: 'a1e40000-0000-4000-8000-000000000001',
    });
  });

  it(`a page of http://${EVIL}, or of ${APP} on another port, does not`, async () => {
    expect(await me(`http://${EVIL}:${pages!.port}`)).toEqual({ failed: 'TypeError' });
    const otherPort = await serveStatic(dir);
    try {
      expect(await me(`http://${APP}:${otherPort.port}`)).toEqual({ failed: 'TypeError' });
    } finally {
      await otherPort.close();
    }
  });
});
