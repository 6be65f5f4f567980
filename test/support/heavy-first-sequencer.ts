// vitest's order of test files, with the long ones first: the files that start processes, browsers or servers (those
// the quick loop leaves out: scripts/repeat/luck-files.ts `quickFiles`) and the property and fuzz files (fast-check:
// CPU-bound for seconds). Without timings from an earlier run (a clean clone, as in CI) vitest runs the largest files
// first, which put the browser files, a few lines each but 15 to 25 s, and the fuzz file at the end of the run with
// the other workers idle; the many short in-process files now fill the end instead.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { luckFiles } from '../../scripts/repeat/luck-files.js';

const LONG_SIGNS = new Set(['processes', 'network', 'randomness']);

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    // One read of the test files: those the quick loop leaves out (processes, network), and the properties.
    const long = new Set(luckFiles(root).filter((file) => file.touches.some((sign) => LONG_SIGNS.has(sign))).map((file) => file.file));
    const isShort = (spec: TestSpecification) => !long.has(relative(root, spec.moduleId));
    return [...sorted.filter((spec) => !isShort(spec)), ...sorted.filter(isShort)];
  }
}
