// Requests reach the fake through its own fetch (mock.fetch), without MSW in the page: nothing goes on the network.
import type { Transport } from './flow.js';

export const transport: Transport = {
  name: 'fetch',
  async connect(mock) {
    return mock.fetch;
  },
};
