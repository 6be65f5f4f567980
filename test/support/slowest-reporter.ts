// A vitest reporter beside the default one: at the end of every run (CI's too) it lists the slowest test files and
// tests, and names each file over the limit (a warning, never a failure: times vary with the machine's load). Beside
// each file's time, the CPU time it used (./file-cpu.ts): a file far slower than its CPU time waited, on its processes
// or on the files that ran beside it.
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import type {} from './file-cpu'; // its TaskMeta.cpuMs

/** A test file that takes longer than this is named at the end of every run. */
export const SLOW_FILE_SECONDS = 60;
const FILES_LISTED = 15;
const TESTS_LISTED = 10;

/** One test file's time: importing it (collect), and its tests and hooks. */
interface FileTime {
  file: string;
  tests: number;
  importMs: number;
  runMs: number;
  /** CPU time of the file's worker and the processes it waited for, when the setup file measured it. */
  cpuMs: number | undefined;
}

export default class SlowestReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files: FileTime[] = modules.map((m) => {
      const d = m.diagnostic();
      return {
        file: relative(this.root, m.moduleId),
        tests: [...m.children.allTests()].length,
        importMs: d.collectDuration + d.setupDuration + d.prepareDuration,
        runMs: d.duration,
        cpuMs: m.meta().cpuMs,
      };
    });
    if (files.length === 0) return;
    const total = (f: FileTime) => f.importMs + f.runMs;
    const slowest = [...files].sort((a, b) => total(b) - total(a)).slice(0, FILES_LISTED);
    const cpu = files.reduce((sum, f) => sum + (f.cpuMs ?? 0), 0);
    const lines = [
      `Slowest test files (of ${files.length}; import + tests and hooks, as each file's worker measured them; CPU: the worker's and its processes', ${seconds(cpu)} for all files):`,
    ];
    const width = Math.max(...slowest.map((f) => f.file.length));
    for (const f of slowest) {
      const used = f.cpuMs === undefined ? '' : `, CPU ${seconds(f.cpuMs)}`;
      lines.push(
        `  ${seconds(total(f)).padStart(7)}  ${f.file.padEnd(width)}  ${String(f.tests).padStart(4)} tests  (import ${seconds(f.importMs)}${used})`,
      );
    }
    const tests = modules
      .flatMap((m) =>
        [...m.children.allTests()].map((t) => ({
          name: `${relative(this.root, m.moduleId)} > ${t.fullName}`,
          ms: t.diagnostic()?.duration ?? 0,
        })),
      )
      .sort((a, b) => b.ms - a.ms)
      .slice(0, TESTS_LISTED);
    lines.push('Slowest tests:');
    for (const t of tests)
      lines.push(`  ${seconds(t.ms).padStart(7)}  ${t.name.length > 140 ? `${t.name.slice(0, 139)}…` : t.name}`);
    const over = files.filter((f) => total(f) > SLOW_FILE_SECONDS * 1000).sort((a, b) => total(b) - total(a));
    for (const f of over)
      lines.push(
        `WARNING: ${f.file} took ${seconds(total(f))}, over ${SLOW_FILE_SECONDS} s: see CONTRIBUTING.md, "What makes a test slow here"`,
      );
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
