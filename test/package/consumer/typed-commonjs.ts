// Compiled with `module: commonjs` (moduleResolution node10 under TypeScript 5.9, the classic ts-jest setup; TypeScript 7
// dropped node10): every entry's types resolve (typesVersions) and are strict.
import { createLedgerClient, type LedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { ledgerMatchers, type ReceivedExpectation } from 'personal-ledger-sdk/mocks/matchers';
import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw';
import { createLedgerMockServer, type LedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import type { LedgerTestOptions } from 'personal-ledger-sdk/mocks/vitest';
import { PROBES } from 'personal-ledger-sdk/parity';
import { readStatements, type StatementFormatId } from 'personal-ledger-sdk/statements';

export const mock: LedgerMock = createLedgerMock({ scenario: 'demo' });
export const ledger: LedgerClient = createLedgerClient({ baseUrl: mock.baseUrl, token: 'plk_x', fetch: mock.fetch });
export const handlerCount: number = ledgerHandlers(mock).length;
export const server: LedgerMockServer = createLedgerMockServer({ mock });
export const probes: number = PROBES.length;
export const read: typeof readStatements = readStatements;
export const format: StatementFormatId = 'csv';
export const options: LedgerTestOptions = { scenario: 'demo' };
export const once: ReceivedExpectation = { times: 1, status: '2xx' };
export const received = ledgerMatchers.toHaveReceived;
// @ts-expect-error: the fake's options are checked: there is no scenario 'demos'
void createLedgerMock({ scenario: 'demos' });
// @ts-expect-error: an unknown path is a compile error for consumers too
void ledger.GET('/api/public/v1/nope');
