// personal-ledger-sdk/mocks: an in-memory fake of the Personal Ledger API on MSW.
export { createLedgerMock, type LedgerMock, type LedgerMockOptions } from './create-ledger-mock';
export {
  createLedgerMockServer,
  type LedgerMockServer,
  type LedgerMockServerOptions,
  type RunningLedgerMockServer,
} from './server/create-ledger-mock-server';
export { createHttpWebhookDeliverer, type HttpWebhookDelivererOptions } from './server/webhook-delivery';
export type { LedgerControl, LedgerDump, TokenInfo, AccountChange } from './control/control';
export type { ActiveFault, FaultKind, FaultSpec, StatusFault } from './control/faults';
export type { JournalEntry } from './control/journal';
export type { ScenarioName } from './control/scenario';
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
