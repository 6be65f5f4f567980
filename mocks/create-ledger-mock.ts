import { createMockFetch, type MockFetch } from './adapters/fetch';
import { createControl, type LedgerControl } from './control/control';
import { createFrontDoor } from './control-http/front-door';
import { resolveScenario, type ScenarioName } from './control/scenario';
import type { Scenario } from './control/scenario-types';
import { FaultInjector } from './core/faults';
import { createRequestHandler, type RequestHandler } from './core/handle-request';
import { RequestJournal } from './core/journal';
import type { MockContext } from './core/pipeline';
import type { WebhookDeliverer } from './rules/webhooks';
import { LedgerStore } from './store/ledger-store';
import { requireWebGlobals } from '../src/shared/web-globals';

/** Options of createLedgerMock. */
export interface LedgerMockOptions {
  /** Where the fake answers; the API lives under `${baseUrl}/api/public/v1`. @default 'https://ledger.test' */
  baseUrl?: string;
  /**
   * The starting state: a shipped scenario by name (`'demo'`, `'empty'`, or `{ name }` with no state) or a scenario
   * object of your own. An unknown name or a scenario that breaks the schema throws MockControlError 400 at once.
   * @default 'empty'
   */
  scenario?: ScenarioName | Scenario;
  /** Makes ids, token values and fault sampling deterministic. @default random (WebCrypto) */
  seed?: string | number;
  /**
   * Freezes the clock at this time (it then moves only by `control.clock`). Without it (and without a scenario
   * `now`) the clock runs with the real one; `control.clock.set(time, { frozen: true })` freezes it later.
   * @default the scenario's `now`, else the real clock
   */
  now?: string | Date | number;
  /**
   * Delivers webhook events. @default records each attempt in `control.events` with outcome
   * `recorded`, without network
   */
  deliverWebhook?: WebhookDeliverer;
  /**
   * Also send each refusal's `reason` (as in the journal) in a `Ledger-Mock-Reason` response header, for watching
   * traffic in a browser's network panel. The real service sends no such header. @default false
   */
  reasonHeader?: boolean;
}

/** One fake of the Personal Ledger API: a fetch that answers from it, a control API, and the store behind both. */
export interface LedgerMock {
  /** The base URL the fake answers under (no trailing slash). */
  readonly baseUrl: string;
  /**
   * A fetch answered by the fake itself, with no msw and no interception: pass it to the client,
   * `createLedgerClient({ baseUrl: mock.baseUrl, token, fetch: mock.fetch })`. Like a network it answers after a
   * macrotask and honours `signal`; a URL outside `baseUrl` is refused with a TypeError. It also serves the control
   * surface under `${baseUrl}/__mock` as `ledger-mock` does over HTTP: a change must say
   * `Content-Type: application/json` (415 otherwise); no control token, Host or Origin is asked (only code holding
   * the fake can reach it).
   */
  readonly fetch: MockFetch;
  /**
   * The core: answers one request to the API given as plain data (method, path, query, headers, body), the API alone
   * (`/__mock` is not served here). For writing an adapter of your own; mock.fetch, the MSW handler and `ledger-mock`
   * serve the same operations through the same pipeline, from a front door whose one route table holds `/__mock` too.
   */
  readonly handle: RequestHandler;
  /** Sets up state, inspects it, moves the clock and injects faults. */
  readonly control: LedgerControl;
  /** The state itself (entities, snapshots, events, clock). */
  readonly store: LedgerStore;
  /** Settles once the starting scenario is loaded (requests and control calls wait for it on their own). */
  readonly ready: Promise<void>;
}

/**
 * Creates an in-memory fake of the whole API. A bad scenario throws MockControlError at once.
 * For MSW's handlers use `ledgerHandlers(mock)` from `personal-ledger-sdk/mocks/msw`; for a server,
 * `createLedgerMockServer` from `personal-ledger-sdk/mocks/node`.
 * @example
 * const mock = createLedgerMock({ scenario: 'demo' });
 * const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
 */
export function createLedgerMock(options: LedgerMockOptions = {}): LedgerMock {
  return assembleLedgerMock(options);
}

/** What a host of the fake may add to createLedgerMock (not part of the package's entries). */
export interface LedgerMockInternals {
  /** `ledger-mock --state`: the file a reset or a scenario load rewrites, named in their /__mock answers. */
  stateFile?: string;
  /**
   * Runs instead of loading the starting scenario (`ledger-mock --state` restores its file here); it may call
   * `loadScenario` to load it after all. `mock.ready` settles with it.
   */
  start?(store: LedgerStore, loadScenario: () => Promise<void>): Promise<void>;
}

// The journal of each fake made here, for a host that watches it (ledger-mock's inspector page); not on the fake
// itself, whose journal is read through control.journal.
const journals = new WeakMap<LedgerMock, RequestJournal>();

/** @internal The request journal of a fake made by createLedgerMock (any entry's), or `undefined` for another object. */
export function requestJournalOf(mock: LedgerMock): RequestJournal | undefined {
  return journals.get(mock);
}

/** What the fake uses of the web platform, checked when one is made (never when the package loads). */
const FAKE_GLOBALS = [
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'crypto',
] as const;

/** createLedgerMock with a host's internals. */
export function assembleLedgerMock(options: LedgerMockOptions, internals: LedgerMockInternals = {}): LedgerMock {
  requireWebGlobals('createLedgerMock', FAKE_GLOBALS);
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
    ...(options.reasonHeader ? { reasonHeader: true } : {}),
    ready: () => ready,
  };
  const start = internals.start;
  const control = createControl(context, {
    scenario,
    now,
    ...(start ? { start: (loadScenario: () => Promise<void>) => start(store, loadScenario) } : {}),
    setReady: (next) => {
      ready = next;
      next.catch(() => undefined); // surfaced by whoever awaits it; never an unhandled rejection
    },
  });
  const handle = createRequestHandler(context);
  const mock: LedgerMock = {
    baseUrl,
    fetch: createMockFetch(createFrontDoor({ api: handle, control, stateFile: internals.stateFile }), baseUrl),
    handle,
    control,
    store,
    get ready() {
      return ready;
    },
  };
  journals.set(mock, context.journal);
  // Code written for the MSW fake of earlier versions reads mock.handlers: say where they went.
  Object.defineProperty(mock, 'handlers', {
    configurable: true,
    get() {
      throw new TypeError(
        "MSW handlers come from personal-ledger-sdk/mocks/msw: import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw', then " +
          'setupServer(...ledgerHandlers(mock)). Or pass mock.fetch to the client, with no msw at all.',
      );
    },
  });
  return mock;
}
