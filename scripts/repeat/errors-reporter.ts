// A vitest reporter for `npm run test:repeat`: what vitest's JSON report leaves out, written as JSON to the file
// named by TEST_REPEAT_ERRORS_FILE: errors of a describe block's hooks (its tests are only "skipped" there),
// unhandled errors (which fail the run with every test passed), and each failed test's message (the JSON report
// has only the stack, which for a timeout is vitest's placeholder `Error: STACK_TRACE_ERROR`).
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** The file's content. */
export interface ErrorsBesideTheReport {
  /** `test` is the test's full name, its describe blocks' names and its own joined by ` > `. */
  tests: Array<{ file: string; test: string; message: string }>;
  suites: Array<{ file: string; suite: string; message: string }>;
  unhandled: Array<{ file?: string; test?: string; message: string }>;
}

export default class ErrorsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const out = process.env.TEST_REPEAT_ERRORS_FILE;
    if (!out) return;
    const tests = testModules.flatMap((module) =>
      [...module.children.allTests('failed')].map((test) => ({
        file: module.moduleId,
        test: test.fullName,
        message: described(test.result().errors?.[0]),
      })),
    );
    const suites = testModules.flatMap((module) =>
      [...module.children.allSuites()].flatMap((suite) =>
        suite.errors().map((error) => ({ file: module.moduleId, suite: suite.fullName, message: error.message })),
      ),
    );
    const unhandled = unhandledErrors.map((error) => ({
      ...(typeof error.VITEST_TEST_PATH === 'string' ? { file: error.VITEST_TEST_PATH } : {}),
      ...(typeof error.VITEST_TEST_NAME === 'string' ? { test: error.VITEST_TEST_NAME } : {}),
      message: described(error),
    }));
    writeFileSync(out, JSON.stringify({ tests, suites, unhandled } satisfies ErrorsBesideTheReport));
  }
}

function described(error: SerializedError | undefined): string {
  return error ? `${error.name ?? 'Error'}: ${error.message}` : '';
}
