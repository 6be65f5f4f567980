// The CommonJS side of the client's types under node16: require-style imports resolve to the .d.cts files.
import sdk = require('personal-ledger-sdk');

export const client: sdk.LedgerClient = sdk.createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x' });
export function isNotFound(error: unknown): boolean {
  return sdk.isLedgerApiError(error, 404);
}

import parity = require('personal-ledger-sdk/parity');

export const probes: number = parity.PROBES.length;
