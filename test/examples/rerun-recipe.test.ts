// The rerun recipe of docs/ledger-mock.md (the README links it): `ledger-mock` (no state file), LEDGER_BASE_URL and a
// demo token set, sync-csv twice: the first run writes 6 balances, the second writes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { main } from '../../examples/sync-csv.js';
import { runCli, within, type CliRun } from '../server/support.js';
import { captureIo, dataFile } from './support.js';

let server: CliRun | undefined;
afterAll(() => server?.kill());

const guide = readFileSync(new URL('../../docs/ledger-mock.md', import.meta.url), 'utf8');

describe('docs/ledger-mock.md: run the sync twice against one ledger-mock', () => {
  it('the guide gives the recipe with the demo token, and the second run writes 0 balances', {
    timeout: 60_000,
  }, async () => {
    expect(guide).toContain(`LEDGER_TOKEN=${DEMO_TOKENS.alex}`);
    expect(guide).toContain('# wrote 0 balances (0 new, 0 changed, 8 already up to date)');
    server = runCli(['--port', '0']);
    const url = /^ledger-mock listening on (\S+)$/.exec(await within(server.firstLine, 45_000, 'the first line'))![1]!;
    const env = { LEDGER_BASE_URL: url, LEDGER_TOKEN: DEMO_TOKENS.alex };
    const sync = async () => {
      const captured = captureIo();
      const code = await main([dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us'], env, captured.io);
      return { code, stdout: captured.stdout() };
    };
    const first = await sync();
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Summary: wrote 6 balances to ${url}`);
    const second = await sync();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Summary: wrote 0 balances to ${url} (0 new, 0 changed, 8 already up to date).`);
  });
});
