// The parity bench's ledger: the demo scenario plus a scratch account of Alex's, created "for the kit". Shared by
// the tests and `npm run parity:record` (no test framework here).
import { DEMO_IDS, DEMO_TOKENS, type Scenario } from 'personal-ledger-sdk/mocks';
import demo from '../mocks/scenarios/demo.json' with { type: 'json' };

/** Alex's token: the target's user. */
export const TOKEN = DEMO_TOKENS.alex;
/** The scratch account the parity scenario gives Alex. */
export const SCRATCH = '5c7a0000-0000-4000-8000-0000000000a1';
/** Where the recording of ledger-mock is kept. */
export const RECORDING_FILE = 'test/parity/ledger-mock.recording.json';

/** The demo scenario plus the scratch account. */
export function parityScenario(): Scenario {
  return {
    ...(demo as Scenario),
    name: 'parity',
    accounts: [
      ...((demo as Scenario).accounts ?? []),
      {
        id: SCRATCH,
        owner_user_id: DEMO_IDS.users.alex,
        name: 'Parity scratch',
        category_id: DEMO_IDS.categories.cash,
      },
    ],
  };
}
