// `npm run test:repeat -- <runs> [files...] [--hog] [--msw3] [--luck]`: runs the vitest suites many times (optionally beside a
// CPU hog) and lists every test that failed at least once, with its message and in how many runs. Not part of CI:
// it is how a test that depends on luck is found, and how a fix is shown to hold.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRepeatArgs, USAGE, type RepeatArgs } from './repeat/args';
import { startHog, type Hog } from './repeat/hog';
import { luckFiles } from './repeat/luck-files';
import { failuresOf, formatTally, tally, type RunOutcome } from './repeat/tally';
import { runOnce, stopCurrentRun } from './repeat/vitest-run';

const root = fileURLToPath(new URL('..', import.meta.url));
let args: RepeatArgs;
try {
  args = parseRepeatArgs(process.argv.slice(2));
} catch (error) {
  console.error(`test:repeat: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'test-repeat-'));
const outcomes: RunOutcome[] = [];
const started = Date.now();
let hog: Hog | undefined;

function finish(interrupted: string | undefined): never {
  stopCurrentRun();
  hog?.stop();
  const failures = tally(outcomes, root.replace(/\/$/, ''));
  console.log(
    `\n${interrupted ? `Interrupted by ${interrupted} after` : 'Done:'} ${outcomes.length} of ${args.runs} runs in ${minutes(Date.now() - started)}.`,
  );
  console.log(formatTally(failures, outcomes.length));
  console.log(`Each run's JSON report and output: ${dir}`);
  process.exit(interrupted ? 130 : failures.length > 0 ? 1 : 0);
}
// The hog and the running suites are stopped whatever ends this script (a kill -9 too: each hog watches its parent).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => finish(signal));
process.once('exit', () => {
  stopCurrentRun();
  hog?.stop();
});

// --luck: the files that touch processes, timers, files, the network or randomness, listed beside the reports.
const luck = args.luck ? luckFiles(root) : [];
if (args.luck) {
  const count = (kind: string) => luck.filter((f) => f.touches.some((t) => t === kind)).length;
  writeFileSync(join(dir, 'luck-files.txt'), luck.map((f) => `${f.file}\t${f.touches.join(',')}\n`).join(''));
  console.log(
    `--luck: ${luck.length} test files touch processes (${count('processes')}), timers (${count('timers')}), files (${count('files')}), the network (${count('network')}) or randomness (${count('randomness')}); listed in ${join(dir, 'luck-files.txt')}`,
  );
}
const vitestArgs = [...luck.map((f) => f.file), ...args.vitestArgs];
const what = `vitest run${args.msw3 ? ' -c vitest.msw3.config.ts (Node 24)' : ''}${args.luck ? ` <the ${luck.length} luck files>` : ''}${args.vitestArgs.length > 0 ? ` ${args.vitestArgs.join(' ')}` : ''}`;
try {
  if (args.hog) hog = startHog();
  console.log(
    `test:repeat: ${args.runs} run${args.runs === 1 ? '' : 's'} of ${what}${hog ? `, beside a CPU hog (${hog.pids.length} busy processes)` : ''}`,
  );
  for (let run = 1; run <= args.runs; run++) {
    const runStarted = Date.now();
    const outcome = await runOnce({ root, dir, msw3: args.msw3, vitestArgs }, run);
    outcomes.push(outcome);
    const failed = failuresOf(outcome, root.replace(/\/$/, ''));
    const tests = outcome.report ? `${outcome.report.numTotalTests} tests, ` : '';
    console.log(
      `run ${run}/${args.runs}: ${tests}${failed.length === 1 ? '1 failure' : `${failed.length} failures`} (${seconds(Date.now() - runStarted)})${failed.map((f) => `\n  ${f.test}\n    ${f.message}`).join('')}`,
    );
  }
} finally {
  hog?.stop();
}
finish(undefined);

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}
function minutes(ms: number) {
  return ms < 120_000 ? seconds(ms) : `${(ms / 60_000).toFixed(1)} min`;
}
