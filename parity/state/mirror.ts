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
  /** The plan the mirror's household is on, and why (learnSharing may change it). */
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

/** An answer as learnSharing reads it (a probe's view, live or recorded). */
interface Shown {
  request: string;
  status: number | string;
  body?: unknown;
}

/**
 * Where the target set a shared visibility (a PATCH of an account answered 200 with one), its plan includes
 * sharing, which no API shows and the first reading could not tell when no account was shared: the mirror's
 * household is moved to a plan with sharing, and the notes say so. `householdId` is the mirror's own.
 */
export async function learnSharing(mirror: Mirror, householdId: string, shown: readonly Shown[]): Promise<void> {
  if (mirror.plan.name === 'household_sharing') return;
  const set = shown.find((view) => {
    const visibility = (view.body as { visibility?: unknown } | undefined)?.visibility;
    return (
      view.status === 200 &&
      /^PATCH \S*\/accounts\//.test(view.request) &&
      typeof visibility === 'string' &&
      visibility.startsWith('shared_')
    );
  });
  if (!set) return;
  await mirror.mock.control.setPlan(householdId, 'household_sharing');
  mirror.plan = {
    name: 'household_sharing',
    why: `the target set a shared visibility (${set.request} answered 200), so its plan includes sharing`,
  };
  mirror.notes.push(`the plan became household_sharing during the run: ${mirror.plan.why}`);
}
