// Requests reach the fake through MSW's service worker (mockServiceWorker.js, served beside the page).
import { setupWorker } from 'msw/browser';
import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw';
import type { Transport } from './flow.js';

export const transport: Transport = {
  name: 'msw-service-worker',
  async connect(mock) {
    await setupWorker(...ledgerHandlers(mock)).start({ quiet: true, onUnhandledRequest: 'bypass' });
    return (request, init) => globalThis.fetch(request, init);
  },
};
