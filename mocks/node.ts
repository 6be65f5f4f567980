// personal-ledger-sdk/mocks/node: the fake as a node:http server (what the `ledger-mock` command runs). No msw.
export {
  createLedgerMockServer,
  type LedgerMockServer,
  type LedgerMockServerOptions,
  type LedgerMockStateFile,
  type RunningLedgerMockServer,
} from './server/create-ledger-mock-server';
export { StateFileError } from './server/state-format';
export { StateFileAccessError, type StateFileOperation } from './server/state-errors';
export { StateFileLockedError, type StateLockHolder } from './server/state-lock';
export { createHttpWebhookDeliverer, type HttpWebhookDelivererOptions } from './server/webhook-delivery';
