// vitest's order of test files, with the long ones first: the files that start processes, browsers or servers (those
// the quick loop leaves out: scripts/repeat/luck-files.ts `quickFiles`) and the property and fuzz files (fast-check:
// CPU-bound for seconds). Without timings from an earlier run (a clean clone, as in CI) vitest runs the largest files
// first, which put the browser files, a few lines each but 15 to 25 s, and the fuzz file at the end of the run with
// the other workers idle; the many short in-process files now fill the end instead.
//
// The files that wait for a consumer project (npm installs of the packed tarball: test/package/consumer-projects.ts)
// start their installs here, as the run starts, and come after the other files with processes: the installs (20 to
// 40 s) run beside the first files instead of inside the time of the file that asked first. The files that are only
// CPU-bound (properties and fuzzing, no process) come after those: at the start, beside the installs, vitest's type
// check and the first processes, a file that only computes got a third of a core and took four times as long.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { luckFiles } from '../../scripts/repeat/luck-files.js';
import { projectsCalledBy } from '../package/consumer-projects.js';
import { inBackground } from './background.js';

const LONG_SIGNS = new Set(['processes', 'network', 'randomness']);
/** A long file without these only computes (fast-check). */
const STARTS_SOMETHING = new Set(['processes', 'network']);

export default class HeavyFirstSequencer extends BaseSequencer {
  /** The installs started in this run (a rerun in watch mode finds them done). */
  private readonly started = new Set<(runDir: string) => Promise<string>>();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    // One read of the test files (scripts/repeat/luck-files.ts): what each one starts or draws.
    const signs = new Map(luckFiles(root).map((file) => [file.file, file.touches as readonly string[]]));
    const signsOf = (spec: TestSpecification) => signs.get(relative(root, spec.moduleId)) ?? [];
    const isLong = (spec: TestSpecification) => signsOf(spec).some((sign) => LONG_SIGNS.has(sign));
    const onlyComputes = (spec: TestSpecification) => !signsOf(spec).some((sign) => STARTS_SOMETHING.has(sign));
    const installs = new Map(
      sorted.filter(isLong).map((spec) => [spec, projectsCalledBy(readFileSync(spec.moduleId, 'utf8'))]),
    );
    for (const [spec, projects] of installs) {
      // Each install once (a second call would only wait for the first), in the run's directory (run-dir.ts).
      for (const install of projects.filter((p) => !this.started.has(p))) {
        this.started.add(install);
        inBackground(install(spec.project.getProvidedContext().runDir));
      }
    }
    const waits = (spec: TestSpecification) => (installs.get(spec)?.length ?? 0) > 0;
    return [
      ...sorted.filter((spec) => isLong(spec) && !waits(spec) && !onlyComputes(spec)),
      ...sorted.filter(waits),
      ...sorted.filter((spec) => isLong(spec) && !waits(spec) && onlyComputes(spec)),
      ...sorted.filter((spec) => !isLong(spec)),
    ];
  }
}
