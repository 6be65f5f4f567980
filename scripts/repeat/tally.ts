// What the runs of `npm run test:repeat` add up to: every test that failed at least once, how often, and why.
import type { ErrorsBesideTheReport } from './errors-reporter';

/** The part of vitest's JSON report (`--reporter=json`) that the tally reads. */
export interface VitestJsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message: string;
    assertionResults: Array<{
      fullName: string;
      ancestorTitles?: string[];
      title?: string;
      status: string;
      failureMessages: string[];
    }>;
  }>;
}

/** One run: its JSON reports when vitest wrote them, its exit code, and the end of its output. */
export interface RunOutcome {
  run: number;
  report: VitestJsonReport | undefined;
  errors: ErrorsBesideTheReport | undefined;
  exitCode: number | null;
  signal: string | null;
  logTail: string;
}

export interface Failure {
  /** `file > test name`, or the file, a describe block or the run with what failed in it. */
  test: string;
  runs: number[];
  /** Distinct first lines of the messages, with how many runs gave each. */
  messages: Map<string, number>;
}

/** The failures of one run, each with the first line of its message. */
export function failuresOf(outcome: RunOutcome, root: string): Array<{ test: string; message: string }> {
  const found: Array<{ test: string; message: string }> = [];
  const relative = (file: string) => (file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file);
  const messages = new Map(
    (outcome.errors?.tests ?? []).map(({ file, test, message }) => [`${file}\u0000${test}`, message]),
  );
  for (const file of outcome.report?.testResults ?? []) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      const name = test.title === undefined ? test.fullName : [...(test.ancestorTitles ?? []), test.title].join(' > ');
      const message = messages.get(`${file.name}\u0000${name}`) || test.failureMessages[0] || '';
      found.push({ test: `${relative(file.name)} > ${name}`, message: firstLine(message) });
    }
    // A file can fail outside its tests (an import, a hook, an error thrown while collecting).
    if (file.status === 'failed' && (failed.length === 0 || file.message))
      found.push({ test: `${relative(file.name)} (the file itself)`, message: firstLine(file.message) });
  }
  for (const { file, suite, message } of outcome.errors?.suites ?? [])
    found.push({ test: `${relative(file)} > ${suite} (a hook or the block itself)`, message: firstLine(message) });
  for (const { file, test, message } of outcome.errors?.unhandled ?? []) {
    found.push({
      test: `${file ? relative(file) : '(the run)'}${test ? ` > ${test}` : ''} (an unhandled error)`,
      message: firstLine(message),
    });
  }
  // A run that failed with nothing above to show for it (a crashed worker, a bad option): its output says why.
  if (found.length === 0 && (outcome.exitCode !== 0 || outcome.report === undefined)) {
    const why = outcome.report === undefined ? 'no JSON report' : `exit ${outcome.exitCode ?? outcome.signal}`;
    found.push({ test: '(the run itself)', message: `${why}: ${lastMeaningfulLine(outcome.logTail)}` });
  }
  return found;
}

/** Every test that failed in at least one run, most often first. */
export function tally(outcomes: readonly RunOutcome[], root: string): Failure[] {
  const byTest = new Map<string, Failure>();
  for (const outcome of outcomes) {
    for (const { test, message } of failuresOf(outcome, root)) {
      const failure = byTest.get(test) ?? { test, runs: [], messages: new Map<string, number>() };
      if (!failure.runs.includes(outcome.run)) failure.runs.push(outcome.run);
      failure.messages.set(message, (failure.messages.get(message) ?? 0) + 1);
      byTest.set(test, failure);
    }
  }
  return [...byTest.values()].sort((a, b) => b.runs.length - a.runs.length || a.test.localeCompare(b.test));
}

/** The tally as lines of text: count, test, runs, then each distinct message. */
export function formatTally(failures: readonly Failure[], runs: number): string {
  if (failures.length === 0) return `No test failed in ${runs} run${runs === 1 ? '' : 's'}.`;
  const lines = [
    `${failures.length} test${failures.length === 1 ? '' : 's'} failed at least once in ${runs} run${runs === 1 ? '' : 's'}:`,
  ];
  for (const failure of failures) {
    lines.push(`  ${failure.runs.length}/${runs}  ${failure.test}`, `        runs ${failure.runs.join(', ')}`);
    for (const [message, count] of failure.messages) lines.push(`        ${count}x ${message}`);
  }
  return lines.join('\n');
}

// ANSI colour codes, which vitest puts in some messages, would garble the list.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

function firstLine(message: string): string {
  const line =
    plain(message)
      .split('\n')
      .find((l) => l.trim() !== '') ?? '(no message)';
  return line.trim().slice(0, 300);
}

function lastMeaningfulLine(log: string): string {
  const lines = plain(log)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('JSON report written to'));
  const error = [...lines].reverse().find((l) => /error|no test files/i.test(l));
  return (error ?? lines.at(-1) ?? '(no output)').slice(0, 300);
}
