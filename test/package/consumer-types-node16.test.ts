// The packed package's declarations under Node's own module settings (ESM, CommonJS, the fake from CommonJS), checked
// by TypeScript in a fresh project (test/package/consumer-projects.ts lists every setting and its group).
import { describeTypeChecks } from './consumer-projects';

describeTypeChecks('node16');
