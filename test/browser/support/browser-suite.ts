// One bundler's pages in headless Chromium: built once from the packed tarball, then the flow under MSW's
// service worker and through a plain fetch, under a strict Content-Security-Policy, and on an insecure origin.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowResult } from '../page/flow';
import { createBrowserApp, type BrowserApp, type PageName } from './browser-app';
import type { Bundler } from './bundlers';
import { INSECURE_HOST, launchChromium, problemsOf, watchPage, type PageWatch } from './chromium';
import { API_BASE, expectFlow } from './flow-expectations';
import { serveStatic, type StaticServer } from './static-server';

const STRICT_CSP = "script-src 'self'";
const EVAL_PROBE =
  "try { window.evalProbe = new Function('return \\'eval allowed\\'')(); } catch (error) { window.evalProbe = error.name; }\n";
/** The statuses the flow's API calls answer besides 2xx: Chromium logs each as a console error. */
const ERROR_STATUSES = [404, 402, 401, 503];

// Chromium logs "Failed to load resource: the server responded with a status of 404 ()" for an API answer that
// is an error: expected for the flow's own 404, 402, 401 and 503, and nothing else.
const apiErrorLogged = (message: ConsoleMessage) =>
  message.location().url.startsWith(API_BASE) &&
  /^Failed to load resource: the server responded with a status of (401|402|404|503) /.test(message.text());

export function describeBrowserPages(bundler: Bundler): void {
  // The pages open side by side: each in its own browser context, from servers that only read the built files.
  describe.concurrent(`pages built by ${bundler.name} from the packed tarball, in headless Chromium`, () => {
    let app: BrowserApp | undefined;
    let browser: Browser | undefined;
    let out: string | undefined;
    let buildError: unknown;
    let plain: StaticServer | undefined;
    let strict: StaticServer | undefined;

    beforeAll(async () => {
      const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
      const started = performance.now();
      [app, browser] = await Promise.all([createBrowserApp(), launchChromium()]);
      const ready = performance.now();
      try {
        out = await bundler.build(app.dir);
        console.log(
          `${bundler.name}: packed project and Chromium in ${seconds(started)}, built the pages in ${seconds(ready)}`,
        );
        // A script of the page's own origin that tries eval: CSP applies to it (code Playwright evaluates is exempt).
        writeFileSync(join(out, 'eval-probe.js'), EVAL_PROBE);
        [plain, strict] = await Promise.all([
          serveStatic(out),
          serveStatic(out, { 'content-security-policy': STRICT_CSP }),
        ]);
      } catch (error) {
        buildError = error;
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all([browser?.close(), plain?.close(), strict?.close()]);
      app?.remove();
    });

    /** Opens a page, awaits its flow, and returns what it saw with what the page did. */
    async function open(server: StaticServer | undefined, page: PageName, host = '127.0.0.1') {
      if (!out || !server || !browser)
        throw new Error(`no page: the ${bundler.name} build failed (see "builds the pages")`);
      const context = await browser.newContext();
      try {
        const tab = await context.newPage();
        const watch: PageWatch = await watchPage(tab, API_BASE, apiErrorLogged);
        const response = await tab.goto(`http://${host}:${server.port}/index-${page}.html`);
        expect(response?.status()).toBe(200);
        const flow: FlowResult = await tab.evaluate(() => window.ledgerFlow!);
        const problems = await problemsOf(tab, watch);
        await tab.addScriptTag({ url: '/eval-probe.js' }); // after the flow: a refused eval is logged as a console error
        const csp = await tab.evaluate(() => (window as { evalProbe?: string }).evalProbe);
        const probeViolations = (await problemsOf(tab, watch)).slice(problems.length);
        const environment = await tab.evaluate(() => ({
          randomUUID: typeof globalThis.crypto.randomUUID,
          subtle: typeof globalThis.crypto.subtle,
          serviceWorker: Boolean(navigator.serviceWorker?.controller),
        }));
        return {
          flow,
          watch,
          problems,
          csp,
          probeViolations,
          environment,
          csp_header: response?.headers()['content-security-policy'],
        };
      } finally {
        await context.close();
      }
    }

    it(`builds the pages with ${bundler.name}, with no configuration for the fake`, () => {
      if (buildError) throw buildError;
      for (const file of ['index-sw.html', 'index-fetch.html', 'mockServiceWorker.js'])
        expect(existsSync(join(out!, file)), file).toBe(true);
    });

    it("runs the flow under MSW's service worker: every API response comes from the worker", async () => {
      const { flow, watch, problems, csp, environment } = await open(plain, 'sw');
      expect(csp).toBe('eval allowed'); // no CSP here
      expect(environment.serviceWorker).toBe(true);
      expectFlow(flow, 'msw-service-worker');
      expect(problems).toEqual([]);
      expect(watch.api).toHaveLength(flow.requests);
      expect(watch.api.filter((response) => !response.fromServiceWorker)).toEqual([]);
      expect(watch.api.map((response) => response.status).filter((status) => status >= 400)).toEqual(ERROR_STATUSES);
      expect(watch.expectedConsole).toHaveLength(ERROR_STATUSES.length);
    });

    it('runs the flow through a plain fetch function: no service worker, nothing on the network', async () => {
      const { flow, watch, problems, environment } = await open(plain, 'fetch');
      expectFlow(flow, 'fetch');
      expect(environment.serviceWorker).toBe(false);
      expect(problems).toEqual([]);
      expect(watch.api).toEqual([]);
      expect(watch.expectedConsole).toEqual([]);
    });

    it.each(['sw', 'fetch'] as const)(
      "runs the %s page under Content-Security-Policy: script-src 'self', which Chromium enforces",
      async (page) => {
        const { flow, problems, csp, probeViolations, csp_header } = await open(strict, page);
        expect(csp_header).toBe(STRICT_CSP);
        expectFlow(flow, page === 'sw' ? 'msw-service-worker' : 'fetch');
        expect(problems).toEqual([]); // no CSP violation report, no page error
        // The policy really is enforced on this page, and a violation really is reported.
        expect(csp).toBe('EvalError');
        expect(probeViolations).toEqual([
          expect.stringMatching(/^CSP violation: script-src refused eval \(.*\/eval-probe\.js:1\)$/),
        ]);
      },
    );

    it(`runs the fetch page on an insecure origin (http://${INSECURE_HOST}), without crypto.randomUUID and crypto.subtle`, async () => {
      const { flow, problems, environment } = await open(plain, 'fetch', INSECURE_HOST);
      expect(flow.secureContext).toBe(false);
      expect(environment).toEqual({ randomUUID: 'undefined', subtle: 'undefined', serviceWorker: false });
      expectFlow(flow, 'fetch');
      expect(problems).toEqual([]);
    });
  });
}
