// Compiled with moduleResolution node16 and bundler: the package's types resolve and are strict.
import { createLedgerClient, type AccountDetail, type LedgerApiError } from 'personal-ledger-sdk';
import { createLedgerMock, type LedgerMock } from 'personal-ledger-sdk/mocks';

const mock: LedgerMock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: 'plk_x' });
export async function firstAccount(id: string): Promise<AccountDetail> {
  return ledger.accounts.get(id);
}
export function statusOf(error: LedgerApiError): number {
  return error.status;
}
// @ts-expect-error: an unknown path is a compile error for consumers too
void ledger.GET('/api/public/v1/nope');
