// Compiled with moduleResolution node16 and bundler: the package's types resolve and are strict.
import { createLedgerClient, type AccountDetail, type LedgerApiError } from 'personal-ledger-sdk';
import { createLedgerMock, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { createLedgerMock as createMswMock, type LedgerMswMock } from 'personal-ledger-sdk/mocks/msw';
import { createLedgerMockServer, type LedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { PROBES, runParity, type ParityReport, type Probe } from 'personal-ledger-sdk/parity';

const mock: LedgerMock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: 'plk_x', fetch: mock.fetch });
export const mswMock: LedgerMswMock = createMswMock({ scenario: 'demo' });
export const handlerCount: number = mswMock.handlers.length;
export const server: LedgerMockServer = createLedgerMockServer({ mock });
export async function firstAccount(id: string): Promise<AccountDetail> {
  return ledger.accounts.get(id);
}
export async function parity(baseUrl: string, token: string): Promise<ParityReport> {
  return (await runParity({ baseUrl, token })).report;
}
export const firstProbe: Probe | undefined = PROBES[0];
// @ts-expect-error: the kit's options are checked: there is no `scratch` option
void runParity({ baseUrl: 'https://ledger.test', token: 'plk_x', scratch: 'acc' });
export function statusOf(error: LedgerApiError): number {
  return error.status;
}
// @ts-expect-error: an unknown path is a compile error for consumers too
void ledger.GET('/api/public/v1/nope');
// @ts-expect-error: the msw-free fake has no handlers (they come from personal-ledger-sdk/mocks/msw)
void mock.handlers;
