import type { HttpHandler } from 'msw';
import { createControl, type LedgerControl } from './control/control';
import { FaultInjector } from './control/faults';
import { RequestJournal } from './control/journal';
import { resolveScenario, type ScenarioName } from './control/scenario';
import type { Scenario } from './control/scenario-types';
import { createHandlers } from './handlers/index';
import type { MockContext } from './handlers/pipeline';
import type { WebhookDeliverer } from './rules/webhooks';
import { LedgerStore } from './store/ledger-store';

/** Options of createLedgerMock. */
export interface LedgerMockOptions {
  /** Where the fake answers; the API lives under `${baseUrl}/api/public/v1`. @default 'https://ledger.test' */
  baseUrl?: string;
  /** The starting state: a shipped scenario or your own. @default 'empty' */
  scenario?: ScenarioName | Scenario;
  /** Makes ids, token values and fault sampling deterministic. @default random (WebCrypto) */
  seed?: string | number;
  /**
   * Freezes the clock at this time (it then moves only by `control.clock`).
   * @default the scenario's `now`, else the real clock
   */
  now?: string | Date | number;
  /**
   * Delivers webhook events. @default records each attempt in `control.events` with outcome
   * `recorded`, without network
   */
  deliverWebhook?: WebhookDeliverer;
}

/** One fake of the Personal Ledger API: MSW handlers, a control API and the store behind both. */
export interface LedgerMock {
  /** The base URL the handlers answer under (no trailing slash). */
  readonly baseUrl: string;
  /**
   * The MSW handler serving every operation (a 404 `route_not_found` for any other path or method under the API):
   * `setupServer(...mock.handlers)`. Handlers you add in front with `server.use()` override operations.
   */
  readonly handlers: HttpHandler[];
  /** Sets up state, inspects it, moves the clock and injects faults. */
  readonly control: LedgerControl;
  /** The state itself (entities, snapshots, events, clock). */
  readonly store: LedgerStore;
  /** Settles once the starting scenario is loaded (handlers and control wait for it on their own). */
  readonly ready: Promise<void>;
}

/**
 * Creates an in-memory fake of the whole API. A bad scenario throws MockControlError at once.
 * @example
 * const mock = createLedgerMock({ scenario: 'demo' });
 * const server = setupServer(...mock.handlers);
 */
export function createLedgerMock(options: LedgerMockOptions = {}): LedgerMock {
  const baseUrl = (options.baseUrl ?? 'https://ledger.test').replace(/\/+$/, '');
  const scenario = resolveScenario(options.scenario ?? 'empty');
  const now = options.now ?? scenario.now;
  const store = new LedgerStore({ seed: options.seed, now });
  let ready: Promise<void> = Promise.resolve();
  const context: MockContext = {
    store,
    journal: new RequestJournal(),
    faults: new FaultInjector(options.seed),
    ...(options.deliverWebhook ? { deliverWebhook: options.deliverWebhook } : {}),
    ready: () => ready,
  };
  const control = createControl(context, {
    scenario,
    now,
    setReady: (next) => {
      ready = next;
      next.catch(() => undefined); // surfaced by whoever awaits it; never an unhandled rejection
    },
  });
  return {
    baseUrl,
    handlers: createHandlers(context, baseUrl),
    control,
    store,
    get ready() {
      return ready;
    },
  };
}
