// `npm run test:repeat`'s parts: its command line, the tally of the runs' reports (tests, hooks, unhandled errors,
// runs that failed with no report), and the CPU hog, whose busy processes end with the script even after a kill -9.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { parseRepeatArgs } from '../../scripts/repeat/args';
import { startHog } from '../../scripts/repeat/hog';
import { luckFiles } from '../../scripts/repeat/luck-files';
import { failuresOf, formatTally, tally, type RunOutcome, type VitestJsonReport } from '../../scripts/repeat/tally';
import { ROOT } from '../server/support';

const root = '/repo';

/** A run whose JSON report has these tests (`[file, name, message?]`: a message means it failed). */
function run(number: number, tests: Array<[string, string, string?]>, extra: Partial<RunOutcome> = {}): RunOutcome {
  const files = [...new Set(tests.map(([file]) => file))];
  const report: VitestJsonReport = {
    numTotalTests: tests.length,
    numFailedTests: tests.filter(([, , message]) => message).length,
    testResults: files.map((file) => {
      const mine = tests.filter(([f]) => f === file);
      return {
        name: `${root}/${file}`,
        status: mine.some(([, , message]) => message) ? 'failed' : 'passed',
        message: '',
        assertionResults: mine.map(([, fullName, message]) => ({
          fullName,
          status: message ? 'failed' : 'passed',
          failureMessages: message ? [message] : [],
        })),
      };
    }),
  };
  return {
    run: number,
    report,
    errors: { tests: [], suites: [], unhandled: [] },
    exitCode: tests.some(([, , m]) => m) ? 1 : 0,
    signal: null,
    logTail: '',
    ...extra,
  };
}

/** True while `pid` is a live process (a zombie, killed but not yet reaped, counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return true; // not Linux: signal 0 alone decides
  }
}

describe('the command line', () => {
  it('takes the number of runs first, --hog and --msw3 anywhere, and hands everything else to vitest run as given', () => {
    expect(parseRepeatArgs(['50', 'test/server/state-lock-cli.test.ts', '--hog', '-t', 'kill -9'])).toEqual({
      runs: 50,
      hog: true,
      msw3: false,
      luck: false,
      vitestArgs: ['test/server/state-lock-cli.test.ts', '-t', 'kill -9'],
    });
    expect(parseRepeatArgs(['3', '--msw3'])).toEqual({ runs: 3, hog: false, msw3: true, luck: false, vitestArgs: [] });
    expect(parseRepeatArgs(['50', '--luck', '--hog'])).toEqual({
      runs: 50,
      hog: true,
      msw3: false,
      luck: true,
      vitestArgs: [],
    });
  });

  it.each([[[]], [['0']], [['-1']], [['ten']], [['--hog', '5']], [['2.5']]])(
    'refuses %j: the first argument must be a number of runs',
    (argv) => {
      expect(() => parseRepeatArgs(argv)).toThrow(/the first argument must be the number of runs/);
    },
  );
});

describe('the luck files (--luck)', () => {
  /** A test/ tree in a fresh directory, from relative paths and their sources. */
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'luck-files-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    return root;
  }

  it('selects a test file by what it and the test/ modules it imports (to any depth, cycles too) use', () => {
    const root = tree({
      'test/a/spawns.test.ts': "import { run } from '../support/run.js';\nrun();",
      'test/support/run.ts': "export { start as run } from './start';",
      'test/support/start.ts':
        "import { spawn } from 'node:child_process';\nimport './run';\nexport const start = () => spawn('node');",
      'test/a/pure.test.ts':
        "import { readFileSync } from 'node:fs';\nimport { add } from '../support/add';\nreadFileSync('fixture.csv');",
      'test/support/add.ts': 'export const add = (a: number, b: number) => a + b;',
      'test/b/timed.test.ts': "vi.useFakeTimers();\nconst dir = mkdtempSync('x');",
      'test/b/seeded.test.ts': "import fc from 'fast-check';\nconst url = 'http://127.0.0.1:0';",
      'test/b/stat.test.ts': 'expect(statSync(file).ino).not.toBe(0);',
    });
    expect(luckFiles(root)).toEqual([
      { file: 'test/a/spawns.test.ts', touches: ['processes'] },
      { file: 'test/b/seeded.test.ts', touches: ['network', 'randomness'] },
      { file: 'test/b/stat.test.ts', touches: ['files'] },
      { file: 'test/b/timed.test.ts', touches: ['timers', 'files'] },
    ]);
  });

  it('in this repository: the process, timer and file tests are in, the pure ones are out', () => {
    const files = new Map(luckFiles(ROOT).map((f) => [f.file, f.touches]));
    expect(files.get('test/server/state-lock-cli.test.ts')).toEqual(expect.arrayContaining(['processes', 'files']));
    expect(files.get('test/mocks/any-origin.test.ts')).toEqual(expect.arrayContaining(['randomness']));
    expect(files.get('test/sdk/deadlines.test.ts')).toEqual(expect.arrayContaining(['timers']));
    expect(files.has('test/statements/csv-table.test.ts')).toBe(false);
    expect(files.get('test/statements/mt940.test.ts')).toEqual(['randomness']); // its fast-check property of booking days
  });
});

describe('the tally', () => {
  it('lists every test that failed at least once, most often first, with its runs and each distinct message', () => {
    const outcomes = [
      run(1, [
        ['test/a.test.ts', 'a flaky one', 'AssertionError: expected 2 to be 3\n    at stack'],
        ['test/a.test.ts', 'a steady one'],
      ]),
      run(2, [
        ['test/a.test.ts', 'a flaky one'],
        ['test/a.test.ts', 'a steady one'],
      ]),
      run(3, [
        ['test/a.test.ts', 'a flaky one', 'AssertionError: expected 2 to be 3'],
        ['test/b.test.ts', 'once', '\u001b[31mError: boom\u001b[39m'],
      ]),
      run(4, [['test/a.test.ts', 'a flaky one', 'Error: timed out']]),
    ];
    const failures = tally(outcomes, root);
    expect(failures.map((f) => [f.test, f.runs])).toEqual([
      ['test/a.test.ts > a flaky one', [1, 3, 4]],
      ['test/b.test.ts > once', [3]],
    ]);
    expect([...failures[0]!.messages]).toEqual([
      ['AssertionError: expected 2 to be 3', 2],
      ['Error: timed out', 1],
    ]);
    expect(formatTally(failures, 4)).toBe(
      [
        '2 tests failed at least once in 4 runs:',
        '  3/4  test/a.test.ts > a flaky one',
        '        runs 1, 3, 4',
        '        2x AssertionError: expected 2 to be 3',
        '        1x Error: timed out',
        '  1/4  test/b.test.ts > once',
        '        runs 3',
        '        1x Error: boom',
      ].join('\n'),
    );
    expect(formatTally([], 50)).toBe('No test failed in 50 runs.');
  });

  it('counts what the JSON report leaves out: a failing hook of a describe block, an unhandled error, a file that failed to load', () => {
    const outcome = run(1, [['test/a.test.ts', 'block skipped test']], {
      exitCode: 1,
      errors: {
        tests: [],
        suites: [{ file: `${root}/test/a.test.ts`, suite: 'a block', message: 'beforeAll failed' }],
        unhandled: [
          { file: `${root}/test/a.test.ts`, message: 'Error: late timer' },
          { message: 'Error: no file known' },
        ],
      },
    });
    outcome.report!.testResults.push({
      name: `${root}/test/c.test.ts`,
      status: 'failed',
      message: 'Cannot find module x',
      assertionResults: [],
    });
    expect(failuresOf(outcome, root)).toEqual([
      { test: 'test/c.test.ts (the file itself)', message: 'Cannot find module x' },
      { test: 'test/a.test.ts > a block (a hook or the block itself)', message: 'beforeAll failed' },
      { test: 'test/a.test.ts (an unhandled error)', message: 'Error: late timer' },
      { test: '(the run) (an unhandled error)', message: 'Error: no file known' },
    ]);
  });

  it("takes a failed test's message from its own reporter where the JSON report has only a stack (a timeout's is a placeholder)", () => {
    const outcome = run(1, [['test/a.test.ts', 'slow', 'Error: STACK_TRACE_ERROR\n    at task (runner.js:1:1)']]);
    outcome.report!.testResults[0]!.assertionResults[0]!.ancestorTitles = ['a block'];
    outcome.report!.testResults[0]!.assertionResults[0]!.title = 'slow';
    outcome.errors!.tests.push({
      file: `${root}/test/a.test.ts`,
      test: 'a block > slow',
      message: 'Error: Test timed out in 60000ms.',
    });
    expect(failuresOf(outcome, root)).toEqual([
      { test: 'test/a.test.ts > a block > slow', message: 'Error: Test timed out in 60000ms.' },
    ]);
  });

  it("counts a run that failed with nothing in its reports as a failure of the run, with its output's last error line", () => {
    const crashed: RunOutcome = {
      run: 2,
      report: undefined,
      errors: undefined,
      exitCode: 1,
      signal: null,
      logTail: 'x\nError: worker exited\nJSON report written to /tmp/r.json\n',
    };
    expect(failuresOf(crashed, root)).toEqual([
      { test: '(the run itself)', message: 'no JSON report: Error: worker exited' },
    ]);
    const passed = run(3, [['test/a.test.ts', 'fine']]);
    expect(failuresOf(passed, root)).toEqual([]);
    expect(failuresOf({ ...passed, exitCode: 1, logTail: 'No test files found, exiting with code 1' }, root)).toEqual([
      { test: '(the run itself)', message: 'exit 1: No test files found, exiting with code 1' },
    ]);
  });
});

describe('the CPU hog', { timeout: 60_000 }, () => {
  it('runs one busy process per core asked for, and stop() ends them', async () => {
    const hog = startHog(2);
    try {
      expect(hog.pids).toHaveLength(2);
      expect(hog.pids.every(alive)).toBe(true);
    } finally {
      hog.stop();
    }
    await vi.waitFor(() => expect(hog.pids.filter(alive)).toEqual([]), { timeout: 15_000, interval: 20 });
  });

  it('its busy processes end by themselves when the script that started them is killed with kill -9', async () => {
    const script =
      "import { startHog } from './scripts/repeat/hog.ts'; const hog = startHog(1); console.log(hog.pids[0]); setInterval(() => {}, 1000);";
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    try {
      await vi.waitFor(() => expect(out).toMatch(/^\d+\n/), { timeout: 45_000, interval: 20 });
      const pid = Number(out.trim());
      expect(alive(pid)).toBe(true);
      parent.kill('SIGKILL');
      await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 15_000, interval: 20 });
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
