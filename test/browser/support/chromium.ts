// Debian's Chromium, headless, driven by playwright-core (Playwright's own browser download is not reachable).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/** A name that is not localhost: pages opened under it are on an insecure origin. */
export const INSECURE_HOST = 'ledger-app.test';

/**
 * Launches Chromium once per test file. Each of `names` (INSECURE_HOST by default) resolves to 127.0.0.1 in it
 * (--host-resolver-rules): pages of other origins, never a LAN address.
 */
export async function launchChromium(names: readonly string[] = [INSECURE_HOST]): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', // root in CI
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      // Without these Chromium calls home at start, and this machine's closed network refuses it.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=${names.map((name) => `MAP ${name} 127.0.0.1`).join(', ')}`,
    ],
  });
}

/** Everything a page did that a test did not expect: page errors, failed requests, console errors. */
export interface PageWatch {
  problems: string[];
  /** Responses to requests for the API (under `apiBase`): status, and whether the service worker answered. */
  api: { url: string; status: number; fromServiceWorker: boolean }[];
  /** Console errors that were expected, by their text. */
  expectedConsole: string[];
}

declare global {
  interface Window {
    /** Content-Security-Policy violations the page reported, oldest first. */
    cspViolations?: string[];
  }
}

/**
 * Watches a page; call before it loads. `expectConsole` says which console errors are expected (Chromium logs
 * every 4xx or 5xx response to a fetch as "Failed to load resource"); any other, a page error or a failed request
 * is a problem. So is a Content-Security-Policy violation (see problemsOf): Chromium does not log one when the
 * page catches the error, as zod does when it probes for `new Function`.
 */
export async function watchPage(
  page: Page,
  apiBase: string,
  expectConsole: (message: ConsoleMessage) => boolean = () => false,
): Promise<PageWatch> {
  const watch: PageWatch = { problems: [], api: [], expectedConsole: [] };
  page.on('pageerror', (error) => watch.problems.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) =>
    watch.problems.push(`requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (expectConsole(message)) watch.expectedConsole.push(message.text());
    else watch.problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('response', (response) => {
    if (response.url().startsWith(apiBase)) {
      watch.api.push({
        url: response.url(),
        status: response.status(),
        fromServiceWorker: response.fromServiceWorker(),
      });
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return watch;
}

/** The problems so far: the watch's, and the page's Content-Security-Policy violations. */
export async function problemsOf(page: Page, watch: PageWatch): Promise<string[]> {
  const violations = await page.evaluate(() => window.cspViolations ?? ['the violation listener is missing']);
  return [...watch.problems, ...violations.map((violation) => `CSP violation: ${violation}`)];
}
