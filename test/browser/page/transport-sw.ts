// Requests reach the fake through MSW's service worker (mockServiceWorker.js, served beside the page).
import { setupWorker } from 'msw/browser';
import type { Transport } from './flow.js';

export const transport: Transport = {
  name: 'msw-service-worker',
  async connect(mock) {
    await setupWorker(...mock.handlers).start({ quiet: true, onUnhandledRequest: 'bypass' });
    return (request, init) => globalThis.fetch(request, init);
  },
};
