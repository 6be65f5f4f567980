// main.js
// A page of your app, here with the fake in it (in your app, only in its test build or test mode).
import { setupWorker } from 'msw/browser';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw';

const mock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({
  baseUrl: mock.baseUrl,
  token: DEMO_TOKENS.alex,
  fetch: mock.fetch,
  retry: { baseDelayMs: 1, maxDelayMs: 1 },
});
// Code that calls fetch itself: MSW's service worker answers it from the same fake (`npx msw init public --save`).
await setupWorker(...ledgerHandlers(mock)).start({ quiet: true, onUnhandledRequest: 'bypass' });
// What a Playwright test drives with page.evaluate(): the fake's control API, and the page's client.
window.ledgerMock = mock;
window.ledger = ledger;

document.querySelector('#refresh').addEventListener('click', async () => {
  const accounts = await ledger.accounts.list();
  document
    .querySelector('#accounts')
    .replaceChildren(
      ...accounts.map((account) => Object.assign(document.createElement('li'), { textContent: account.name })),
    );
  document.querySelector('#status').textContent = `${accounts.length} accounts`;
});
