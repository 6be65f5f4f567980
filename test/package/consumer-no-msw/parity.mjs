// The parity kit from the installed package (ESM): personal-ledger-sdk/parity against ledger-mock's server, read
// only. It reaches the fake through personal-ledger-sdk/mocks, resolved by the package's own name.
import { DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { markdownReport, PROBES, runParity } from 'personal-ledger-sdk/parity';

const running = await createLedgerMockServer({ scenario: 'demo' }).listen();
const run = await runParity({ baseUrl: running.url, token: DEMO_TOKENS.alex, rate: 1000 });
await running.close();
console.log(
  JSON.stringify({
    probes: PROBES.length,
    summary: run.report.summary,
    exitCode: run.exitCode,
    markdown: markdownReport(run.report).split('\n')[0],
  }),
);
