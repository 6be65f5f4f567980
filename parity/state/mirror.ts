// The fake that mirrors the target: the scenario of what the token sees (the fake's scenarioFromInventory, the same
// one `ledger-mock copy` writes), loaded into a fake of its own, with one webhook subscription for the token's
// owner so that writes show how many webhooks they fire. Built through the fake's public entry only.
import {
  createLedgerMock,
  scenarioFromInventory,
  type InventoryScenario,
  type LedgerMock,
} from 'personal-ledger-sdk/mocks';
import type { Inventory } from '../../reading/inventory';

/** The mirrored fake, its token, and what the mirror had to assume. */
export interface Mirror {
  mock: LedgerMock;
  /** A token of the mirrored user (the fake's own; never the target's). */
  token: string;
  /** The plan the mirror's household is on, and why. */
  plan: InventoryScenario['plan'];
  /** Where the target's answers could not be copied as they are. */
  notes: string[];
}

const MIRROR_BASE_URL = 'https://ledger-parity-mirror.test';

/** Builds and loads the mirror of `inventory`. Throws when the fake refuses the scenario. */
export async function createMirror(inventory: Inventory): Promise<Mirror> {
  const { scenario, token, plan, notes } = scenarioFromInventory(inventory, {
    name: 'ledger-parity mirror',
    tokenName: 'ledger-parity',
  });
  const mock = createLedgerMock({ scenario, baseUrl: MIRROR_BASE_URL });
  await mock.ready;
  // Deliveries stay in the fake (no deliverer): the subscription only makes webhooks_attempted count one.
  await mock.control.createWebhook({ userId: inventory.me.user_id, url: `${MIRROR_BASE_URL}/webhook` });
  return { mock, token, plan, notes };
}
