// Requests reach the fake through a plain fetch function, without MSW in the page: nothing goes on the network.
// For now a tiny fetch over msw's getResponse; it becomes `mock.fetch` once the fake has one.
import { getResponse } from 'msw';
import type { Transport } from './flow.js';

export const transport: Transport = {
  name: 'fetch',
  async connect(mock) {
    return async (input, init) => {
      const request = new Request(input, init);
      const response = await getResponse(mock.handlers, request);
      if (!response || response.type === 'error') throw new TypeError(`Failed to fetch ${request.url}`);
      return response;
    };
  },
};
