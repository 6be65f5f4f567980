// The packed package's declarations under a bundler's module settings, and personal-ledger-sdk/mocks/vitest's, checked
// by TypeScript in a fresh project (test/package/consumer-projects.ts lists every setting and its group).
import { describeTypeChecks } from './consumer-projects';

describeTypeChecks('bundler');
