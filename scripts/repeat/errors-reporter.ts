// A vitest reporter for `npm run test:repeat`: what vitest's JSON report leaves out, written as JSON to the file
// named by TEST_REPEAT_ERRORS_FILE: errors of a describe block's hooks (its tests are only "skipped" there) and
// unhandled errors (which fail the run with every test passed).
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** The file's content. */
export interface ErrorsBesideTheReport {
  suites: Array<{ file: string; suite: string; message: string }>;
  unhandled: Array<{ file?: string; test?: string; message: string }>;
}

export default class ErrorsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const out = process.env.TEST_REPEAT_ERRORS_FILE;
    if (!out) return;
    const suites = testModules.flatMap((module) =>
      [...module.children.allSuites()].flatMap((suite) => suite.errors().map((error) => ({ file: module.moduleId, suite: suite.fullName, message: error.message }))),
    );
    const unhandled = unhandledErrors.map((error) => ({
      ...(typeof error.VITEST_TEST_PATH === 'string' ? { file: error.VITEST_TEST_PATH } : {}),
      ...(typeof error.VITEST_TEST_NAME === 'string' ? { test: error.VITEST_TEST_NAME } : {}),
      message: `${error.name ?? 'Error'}: ${error.message}`,
    }));
    writeFileSync(out, JSON.stringify({ suites, unhandled } satisfies ErrorsBesideTheReport));
  }
}
