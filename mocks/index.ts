// personal-ledger-sdk/mocks: an in-memory fake of the Personal Ledger API, for any runtime (no msw, no node:).
// MSW handlers: personal-ledger-sdk/mocks/msw. The node:http server: personal-ledger-sdk/mocks/node.
export { createLedgerMock, type LedgerMock, type LedgerMockOptions } from './create-ledger-mock';
export type { MockFetch } from './adapters/fetch';
export type { RequestHandler } from './core/handle-request';
export type {
  BodyReader,
  MockReply,
  MockRequest,
  MockRequestBody,
  MockResponse,
  NetworkErrorReply,
} from './core/messages';
export type { LedgerControl } from './control/control';
export type { TokenInfo } from './control/operations/access';
export type { AccountChange } from './control/operations/accounts';
export type { LedgerDump } from './control/operations/state';
export type { FaultKind, StatusFault } from './core/fault-kinds';
export type { ActiveFault, FaultOperation, FaultSpec, OperationId } from './core/fault-spec';
export type { JournalEntry } from './core/journal';
export type { JournalFilter, JournalMethod, StatusClass } from './core/journal-filter';
export type { CheckpointInfo } from './control/checkpoints';
export type { ScenarioName } from './control/scenario';
export {
  scenarioFromInventory,
  type InventoryScenario,
  type InventoryScenarioOptions,
} from './control/scenario-from-inventory';
export type {
  Scenario,
  ScenarioAccount,
  ScenarioCategory,
  ScenarioHousehold,
  ScenarioSnapshot,
  ScenarioSnapshotSeries,
  ScenarioToken,
  ScenarioUser,
  ScenarioWebhook,
} from './control/scenario-types';
export { MockControlError, isMockControlError, type ErrorDetail } from './errors';
export type { AccountSeed } from './rules/accounts';
export type { IssuedToken, TokenStatus } from './rules/auth';
export type { SnapshotSeedRow } from './rules/snapshots';
export type { DeliveryResult, WebhookDeliverer } from './rules/webhooks';
export { DEMO_IDS, DEMO_TOKENS } from './scenarios/demo';
export type { Clock } from './store/clock';
export type { DeliveryOutcome, EventLogEntry, LedgerStore, SnapshotUpsertedEvent } from './store/ledger-store';
export type {
  AccountKind,
  AccountRecord,
  CategoryRecord,
  HouseholdRecord,
  LifecycleStatus,
  LiquidityTier,
  Plan,
  Scope,
  TokenRecord,
  UserRecord,
  Visibility,
  WebhookRecord,
} from './store/records';
export type { SnapshotView, UpsertAction } from './store/snapshot-store';
