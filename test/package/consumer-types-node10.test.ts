// The packed package's declarations under `module: commonjs` with node10 resolution (the classic ts-jest and Node
// service setup: every entry's types through typesVersions), checked by TypeScript in a fresh project
// (test/package/consumer-projects.ts lists every setting and its group).
import { describeTypeChecks } from './consumer-projects';

describeTypeChecks('node10');
