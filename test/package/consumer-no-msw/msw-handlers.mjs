// The MSW entry, for the run where msw 3 is installed on Node 20: it must refuse at once, saying why.
import { createLedgerMock } from 'personal-ledger-sdk/mocks/msw';

try {
  createLedgerMock({ scenario: 'demo' });
  console.log(JSON.stringify({ created: true }));
} catch (error) {
  console.log(JSON.stringify({ created: false, message: error.message }));
}
