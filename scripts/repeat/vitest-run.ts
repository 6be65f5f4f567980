// One run of the suites for `npm run test:repeat`: `vitest run` with its JSON reporter, output to a log file.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorsBesideTheReport } from './errors-reporter';
import type { RunOutcome, VitestJsonReport } from './tally';

export interface RunPlan {
  root: string;
  /** Where run-<n>.json and run-<n>.log go. */
  dir: string;
  msw3: boolean;
  vitestArgs: string[];
}

/** The vitest that runs now, so an interrupt can stop it and every process it started (its process group). */
let current: ChildProcess | undefined;

/** Runs the suites once and reads what vitest reported. */
export async function runOnce(plan: RunPlan, run: number): Promise<RunOutcome> {
  const json = join(plan.dir, `run-${run}.json`);
  const errors = join(plan.dir, `run-${run}.errors.json`);
  const log = join(plan.dir, `run-${run}.log`);
  const reporters = [
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
    `--reporter=${join(plan.root, 'scripts/repeat/errors-reporter.ts')}`,
  ];
  const env = { ...process.env, TEST_REPEAT_ERRORS_FILE: errors, ...(plan.msw3 ? { EXPECT_MSW_MAJOR: '3' } : {}) };
  const fd = openSync(log, 'w');
  // Its own process group (detached), so that an interrupt reaches the servers and CLIs the tests started too.
  const child = plan.msw3
    ? spawn(
        'npx',
        [
          '-y',
          '-p',
          'node@24',
          '-c',
          ['vitest', 'run', '-c', 'vitest.msw3.config.ts', ...reporters, ...plan.vitestArgs].map(shellQuote).join(' '),
        ],
        {
          cwd: plan.root,
          env,
          stdio: ['ignore', fd, fd],
          detached: true,
        },
      )
    : spawn(
        process.execPath,
        [join(plan.root, 'node_modules/vitest/vitest.mjs'), 'run', ...reporters, ...plan.vitestArgs],
        { cwd: plan.root, env, stdio: ['ignore', fd, fd], detached: true },
      );
  current = child;
  const { code, signal } = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: `could not start: ${error.message}` }));
  });
  current = undefined;
  closeSync(fd);
  return {
    run,
    report: readJson<VitestJsonReport>(json),
    errors: readJson<ErrorsBesideTheReport>(errors),
    exitCode: code,
    signal,
    logTail: tail(log, 6000),
  };
}

/** Stops the vitest that runs now, with everything in its process group. */
export function stopCurrentRun(): void {
  if (current?.pid === undefined) return;
  try {
    process.kill(-current.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined; // cut short: the run counts as failed, with its log's last lines
  }
}

function tail(file: string, bytes: number): string {
  const text = readFileSync(file, 'utf8');
  return statSync(file).size > bytes ? text.slice(-bytes) : text;
}

const shellQuote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
