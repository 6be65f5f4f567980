// What test/package/consumer-jest.test.ts runs: the three setups in one Jest run, each a project (jest.config.js,
// jest.jsdom.config.js, jest.fake-timers.config.js), so TypeScript and the modules load once for all.
module.exports = {
  projects: [
    { displayName: 'node', ...require('./jest.config.js') },
    { displayName: 'jest-fixed-jsdom', ...require('./jest.jsdom.config.js') },
    { displayName: 'global fake timers', ...require('./jest.fake-timers.config.js') },
  ],
};
