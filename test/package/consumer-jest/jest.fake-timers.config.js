// The same tests with every timer faked before any module loads, the fake's included (Jest's modern timers fake
// setTimeout, setImmediate, queueMicrotask and process.nextTick; they move only when a test advances them).
module.exports = {
  ...require('./jest.config.js'),
  fakeTimers: { enableGlobally: true },
  testMatch: ['**/ledger-jest.spec.ts'],
};
