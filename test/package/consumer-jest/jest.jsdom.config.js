// The same tests in a DOM: jest-fixed-jsdom, the environment msw recommends (jsdom with Node's fetch, streams, TextEncoder).
module.exports = {
  ...require('./jest.config.js'),
  testEnvironment: 'jest-fixed-jsdom',
  testMatch: ['**/ledger-jest.spec.ts'],
};
