// The runtime check's report: one row per runtime (its version, install time, each check's outcome and time),
// then every failure in full.
import type { CheckName, Runtime } from './runtimes';

/** One check's outcome. */
export interface CheckResult {
  check: CheckName;
  ms: number;
  error?: string;
}

/** One runtime's outcome: `error` when it could not be installed or did not start. */
export interface RuntimeResult {
  runtime: Runtime;
  version?: string;
  installMs?: number;
  error?: string;
  checks: CheckResult[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The report's text, and whether anything failed (a runtime not installed fails like a failed check). */
export function formatReport(results: RuntimeResult[], totalMs: number): { text: string; failed: boolean } {
  const columns: CheckName[] = ['mock.fetch', 'ledger-mock', 'worker'];
  const rows = [['runtime', 'package', 'version', 'install', ...columns]];
  const failures: string[] = [];
  for (const { runtime, version, installMs, error, checks } of results) {
    if (error) failures.push(`${runtime.name}: ${error}`);
    const cells = columns.map((column) => {
      const check = checks.find((c) => c.check === column);
      if (!check) return runtime.checks.includes(column) ? 'NOT RUN' : '-';
      if (check.error) failures.push(`${runtime.name}, ${column}: ${check.error}`);
      return `${check.error ? 'FAILED' : 'ok'} ${seconds(check.ms)}`;
    });
    rows.push([
      runtime.name,
      runtime.install ?? '(this process)',
      version ?? (error ? 'FAILED' : '?'),
      installMs === undefined ? '-' : seconds(installMs),
      ...cells,
    ]);
  }
  const checkCount = results.reduce((sum, r) => sum + r.runtime.checks.length, 0);
  const verdict = failures.length === 0 ? 'all passed' : `${failures.length} FAILED`;
  const text = [
    table(rows),
    ...failures.map((f) => `\n${f}`),
    `\nruntime check: ${results.length} runtimes, ${checkCount} checks, ${verdict}, in ${seconds(totalMs)}`,
  ].join('\n');
  return { text, failed: failures.length > 0 };
}
