// vitest's order of test files, with the files that start processes, browsers or servers first (the ones the quick
// loop leaves out: scripts/repeat/luck-files.ts `quickFiles`). Without timings from an earlier run (a clean clone,
// as in CI) vitest runs the largest files first, which put the browser files, a few lines each but 15 to 25 s, at the
// end of the run with the other workers idle; the many short in-process files now fill the end instead.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { quickFiles } from '../../scripts/repeat/luck-files.js';

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const quick = new Set(quickFiles(root));
    const isQuick = (spec: TestSpecification) => quick.has(relative(root, spec.moduleId));
    return [...sorted.filter((spec) => !isQuick(spec)), ...sorted.filter(isQuick)];
  }
}
