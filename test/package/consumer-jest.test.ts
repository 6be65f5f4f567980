// The packed package in a CommonJS TypeScript project with Jest 30 and ts-jest (consumer-projects.ts jestProject, one
// install): docs/testing.md's Jest recipe (ledger-jest.spec.ts, shown there verbatim) under testEnvironment 'node',
// under jest-fixed-jsdom and with every timer faked before any module loads (fakeTimers: { enableGlobally: true });
// @sinonjs/fake-timers installed by hand; and plain jsdom, where every entry loads and the fake says what to use.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { jestProject } from './consumer-projects';

const run = promisify(execFile);

it('runs the Jest recipe in node, jest-fixed-jsdom and under global fake timers; sinon timers; plain jsdom', async () => {
  const dir = await jestProject();
  const { stdout, stderr } = await run(
    process.execPath,
    ['node_modules/jest/bin/jest.js', '--config', 'jest.projects.config.js', '--ci', '--verbose', '--json'],
    { cwd: dir, timeout: 240_000 },
  ).catch((error: { stdout: string; stderr: string }) => error);
  const report = JSON.parse(stdout) as {
    testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string }> }>;
  };
  const results = report.testResults
    .flatMap((file) =>
      file.assertionResults.map((test) => `${file.name.replace(`${dir}/`, '')}: ${test.fullName}: ${test.status}`),
    )
    .sort();
  const recipe = [
    'a bulk upsert writes the good rows and reports the bad one, unsent',
    'code that calls fetch itself reaches the fake through MSW',
    "an injected 503 is retried after its Retry-After, on Jest's fake timers",
  ].map((name) => `ledger-jest.spec.ts: ${name}: passed`);
  expect(results, stderr).toEqual(
    [
      ...recipe,
      ...recipe, // jest-fixed-jsdom
      ...recipe, // global fake timers
      'plain-jsdom.spec.ts: every entry loads; made, the fake and the client say what is missing and what to use: passed',
      'plain-jsdom.spec.ts: the matchers are typed on the global expect (@types/jest): passed',
      'sinon-fake-timers.spec.js: mock.fetch answers while @sinonjs/fake-timers holds every timer: passed',
    ].sort(),
  );
}, 300_000); // an npm install (started with the run) and a cold Jest: ceilings for a loaded machine
