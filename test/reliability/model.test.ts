// Model-based testing: random sequences of API calls by three tokens in two households, with users moving
// between households, plans lapsing and coming back, and tokens revoked, run against the fake and against a
// reference model written from the specification (test/reliability/model/). After every step the status and
// body agree, and so does what every token sees through GET /accounts and GET /snapshots: re-read after every
// step that changed the model; after a read or a refused write the fake's whole state must be byte-for-byte
// unchanged, so every view is the one compared after the step before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestMock } from '../support/test-mock';
import { COMMANDS, learnStartingIds, type RealLedger } from './model/commands';
import { modelOf } from './model/ledger-model';
import { MODEL_SCENARIO } from './model/scenario';
import { checkProperty, scaled, summary } from './support/config';
import { directCall } from './support/direct';

const { mock, control } = createTestMock({ scenario: MODEL_SCENARIO, seed: 'reliability-model' });
const SEQUENCES = scaled(500);
const MAX_COMMANDS = 15;

const tokenValue = (index: number) => MODEL_SCENARIO.tokens[index]!.value;

const real: RealLedger = {
  control,
  stats: { steps: 0, viewChecks: 0, unchangedSteps: 0, byCommand: new Map(), statuses: new Map() },
  fingerprint() {
    const { store } = mock;
    const tokens = store.tokens.all().map(({ last_used_at: _lastUse, ...token }) => token);
    const snapshots = store.snapshots
      .accountIds()
      .sort()
      .flatMap((id) => store.snapshots.range(id));
    return JSON.stringify([store.households.all(), store.users.all(), tokens, store.accounts.all(), snapshots]);
  },
  async call(tokenIndex, method, path, body) {
    const answer = await directCall(mock, method, path, {
      token: tokenValue(tokenIndex),
      ...(body !== undefined ? { body } : {}),
    });
    real.stats.statuses.set(answer.status, (real.stats.statuses.get(answer.status) ?? 0) + 1);
    return answer;
  },
  view: (tokenIndex, path) => directCall(mock, 'GET', path, { token: tokenValue(tokenIndex) }),
};

describe('model-based: the fake against a reference model written from the specification', () => {
  it(
    'for random sequences of calls by several tokens in two households (moves, plan changes, revocations), every status and body and what every token sees agree with the model after every step',
    async () => {
      const started = performance.now();
      let sequences = 0;
      const property = fc.asyncProperty(fc.commands(COMMANDS, { maxCommands: MAX_COMMANDS }), async (commands) => {
        sequences += 1;
        await control.reset();
        const state = modelOf(MODEL_SCENARIO);
        await learnStartingIds(state, real);
        await fc.asyncModelRun(() => ({ model: state, real }), commands);
      });
      await checkProperty('model', property, SEQUENCES);
      const byCommand = [...real.stats.byCommand]
        .sort()
        .map(([name, n]) => `${name}:${n}`)
        .join(',');
      summary('model', {
        sequences,
        steps: real.stats.steps,
        view_requests: real.stats.viewChecks,
        steps_state_unchanged: real.stats.unchangedSteps,
        max_commands: MAX_COMMANDS,
        disagreements: 0,
        seconds: (performance.now() - started) / 1000,
      });
      console.log(`[reliability] model commands: ${byCommand}`);
      console.log(
        `[reliability] model API statuses: ${[...real.stats.statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}:${n}`)
          .join(',')}`,
      );
      expect(sequences).toBeGreaterThanOrEqual(SEQUENCES);
    },
    scaled(600_000), // a ceiling: CPU-bound, and several times slower on a loaded machine
  );
});
