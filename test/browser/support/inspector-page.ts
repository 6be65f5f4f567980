// Helpers of the inspector page's browser tests: a ledger-mock per test, the page opened and watched, a request
// made with node's own http client (as curl would), the moment its row appears, and the docs' screenshot.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  createLedgerMockServer,
  type LedgerMockServer,
  type LedgerMockServerOptions,
  type RunningLedgerMockServer,
} from 'personal-ledger-sdk/mocks/node';
import { problemsOf, watchPage, type PageWatch } from './chromium';

export interface Inspected {
  server: LedgerMockServer;
  running: RunningLedgerMockServer;
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
  /** Every URL the page asked for, in order. */
  urls: string[];
  /** Page errors, failed requests, unexpected console errors and CSP violations so far. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Starts a ledger-mock and opens its inspector page in a fresh context. `expectConsole` says which console errors are
 * expected (Chromium logs every fetch answered 4xx as one).
 */
export async function openInspector(
  browser: Browser,
  options: LedgerMockServerOptions = {},
  {
    viewport = { width: 1400, height: 1000 },
    expectConsole = () => false,
  }: { viewport?: { width: number; height: number }; expectConsole?: (text: string) => boolean } = {},
): Promise<Inspected> {
  const server = createLedgerMockServer({ scenario: 'demo', seed: 'inspector', ...options });
  const running = await server.listen();
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  const watch = await watchPage(page, `${running.url}/api/`, (message) => expectConsole(message.text()));
  return {
    server,
    running,
    context,
    page,
    watch,
    urls,
    problems: () => problemsOf(page, watch),
    close: async () => {
      await context.close();
      await running.close();
    },
  };
}

/** Opens /__mock/ and waits until the page follows the requests live and has shown the state. */
export async function goLive(page: Page, url: string): Promise<void> {
  const response = await page.goto(`${url}/__mock/`);
  expect(response?.status()).toBe(200);
  await page.locator('#connection[data-state="live"]').waitFor();
  await page.locator('#accounts tbody tr').first().waitFor();
}

/**
 * A request with node's http client, as curl sends one (no Origin, any type accepted): resolves with the status, and
 * the wall-clock time (ms since the epoch, as the page's `performance.timeOrigin + performance.now()`) it was sent.
 */
export function nodeRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; sentAt: number }> {
  return new Promise((resolve, reject) => {
    const sentAt = performance.timeOrigin + performance.now();
    const request = httpRequest(
      `${url}${path}`,
      { method, headers: { accept: '*/*', 'user-agent': 'curl/8.5.0', ...headers } },
      (response) => {
        response.resume().once('end', () => resolve({ status: response.statusCode!, sentAt }));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/**
 * Resolves, on the page, with the wall-clock time a row for `path` was added to the list of requests: a
 * MutationObserver on the list, set up before the request is sent (the DOM's own event, not a poll).
 */
export async function rowArrival(page: Page, path: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const body = document.getElementById('requests-body')!;
    (window as { rowArrived?: Promise<number> }).rowArrived = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if ([...body.querySelectorAll('tr.request td.path')].some((cell) => cell.getAttribute('title') === wanted)) {
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        }
      });
      observer.observe(body, { childList: true });
    });
  }, path);
  return () => page.evaluate(() => (window as { rowArrived?: Promise<number> }).rowArrived!);
}

/**
 * Writes `png` to `path` when the picture there differs from it (by more than 0.5% of its pixels, or in size):
 * the durations on the page differ from run to run, the page's look does not. Chromium compares the two images.
 */
export async function writeScreenshotIfChanged(
  browser: Browser,
  png: Buffer,
  path: string,
): Promise<'written' | 'unchanged'> {
  if (existsSync(path)) {
    const page = await browser.newPage();
    try {
      const share = await page.evaluate(
        async ([before, after]) => {
          const pixels = async (data: string) => {
            const image = new Image();
            image.src = `data:image/png;base64,${data}`;
            await image.decode();
            const canvas = document.createElement('canvas');
            [canvas.width, canvas.height] = [image.width, image.height];
            const context = canvas.getContext('2d')!;
            context.drawImage(image, 0, 0);
            return context.getImageData(0, 0, image.width, image.height);
          };
          const [a, b] = [await pixels(before!), await pixels(after!)];
          if (a.width !== b.width || a.height !== b.height) return 1;
          let differing = 0;
          for (let i = 0; i < a.data.length; i += 4)
            if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2])
              differing++;
          return differing / (a.width * a.height);
        },
        [readFileSync(path).toString('base64'), png.toString('base64')],
      );
      if (share <= 0.005) return 'unchanged';
    } finally {
      await page.close();
    }
  }
  writeFileSync(path, png);
  return 'written';
}
