// jest.config.js
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node', // or 'jest-fixed-jsdom' for a DOM (plain 'jsdom' lacks fetch, Request, TextEncoder...)
  transform: {
    '^.+\\.tsx?$': 'ts-jest',
    '^.+\\.m?js$': 'babel-jest', // msw 2's ESM-only dependencies, below
  },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft)/)'],
};
