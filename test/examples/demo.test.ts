import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_IDS } from 'personal-ledger-sdk/mocks';
import { describe, expect, it } from 'vitest';
import { main } from '../../examples/demo.js';
import { accountNamed, balancesOf, captureIo, demoFake, ROOT } from './support.js';

const SUMMARY = 'Summary: wrote 6 balances to the built-in demo ledger (5 new, 1 changed, 2 already up to date).';

describe('npm run demo: the README main job, offline, on the first try', () => {
  it('syncs the sample export into the built-in fake and prints a short summary', async () => {
    const fake = demoFake();
    const captured = captureIo({ fake });
    expect(await main([], {}, captured.io)).toBe(0);
    expect(captured.stderr()).toBe('');
    expect((await balancesOf(fake, DEMO_IDS.accounts.jointSavings)).get('2026-10-31')).toBe(13712.48);
    expect(await accountNamed(fake, 'First Bank money market')).toBeDefined();
    const lines = captured.stdout().trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Personal Ledger SDK demo: syncing a bank balance export (examples/data/first-bank-balances.csv).',
    );
    expect(lines).toContain(SUMMARY);
    expect(lines.at(-1)).toBe('Describe your bank and accounts in examples/data/mapping.json: see examples/README.md.');
    expect(lines.length).toBeLessThanOrEqual(20);
  });

  it('LEDGER_BASE_URL and LEDGER_TOKEN set: the demo says it ignores them (never that they are not set), and stays offline', async () => {
    const fake = demoFake();
    const captured = captureIo({ fake });
    const token = 'plk_demoIgnoresThisToken0123456789';
    expect(await main([], { LEDGER_BASE_URL: 'https://ledger.example.com', LEDGER_TOKEN: token }, captured.io)).toBe(0);
    const lines = captured.stdout().split('\n');
    expect(lines[1]).toBe(
      'LEDGER_BASE_URL and LEDGER_TOKEN are set, but the demo ignores them: for your own ledger, see the end.',
    );
    expect(lines[2]).toBe('Using the built-in demo ledger (an offline fake; nothing leaves this machine).');
    expect(captured.all()).not.toMatch(/not set|No LEDGER_/);
    expect(captured.all()).not.toContain(token);
    expect(lines).toContain(SUMMARY);

    const one = captureIo({ fake: demoFake() });
    expect(await main([], { LEDGER_TOKEN: token }, one.io)).toBe(0);
    expect(one.stdout().split('\n')[1]).toBe(
      'LEDGER_TOKEN is set, but the demo ignores it: for your own ledger, see the end.',
    );
  });

  it('a file or other argument: exit 2, the demo takes no arguments, with the usage', async () => {
    const fake = demoFake();
    const captured = captureIo({ fake });
    expect(await main(['extra.csv'], {}, captured.io)).toBe(2);
    expect(captured.stderr().split('\n').slice(0, 2)).toEqual([
      "Error: the demo takes no arguments, not 'extra.csv'",
      'Usage: demo (npm run demo)',
    ]);
    expect(fake.control.journal.entries()).toEqual([]);
  });

  it('says the truth about reruns: a new demo run writes the same balances again, and where to see a rerun write nothing', async () => {
    for (let run = 0; run < 2; run++) {
      const captured = captureIo({ fake: demoFake() }); // what `npm run demo` does each time: a fresh demo ledger
      expect(await main([], {}, captured.io)).toBe(0);
      expect(captured.stdout()).toContain(SUMMARY);
      expect(captured.stdout()).toContain(
        'Each demo run starts a fresh demo ledger, so it writes these balances again.',
      );
      expect(captured.stdout()).not.toContain('reruns are safe');
    }
  });

  it('examples/demo.ts shows the library calls in one file: at most 100 lines, importing only the package and node:', async () => {
    const text = await readFile(join(ROOT, 'examples', 'demo.ts'), 'utf8');
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(100);
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    expect(imports.filter((name) => !name.startsWith('node:'))).toEqual([
      'personal-ledger-sdk',
      'personal-ledger-sdk/mocks',
      'personal-ledger-sdk/statements',
    ]);
    for (const call of [
      'readStatements(',
      'selectBalances(',
      'checkBankProfile(',
      'upsertChangedSnapshots(',
      'createLedgerClient(',
    ])
      expect(text).toContain(call);
  });

  it('`npm run demo` as a child process exits 0 and prints the summary line', async () => {
    const env = { ...process.env };
    delete env.LEDGER_BASE_URL;
    delete env.LEDGER_TOKEN;
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        execFile('npm', ['run', '--silent', 'demo'], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
        );
      },
    );
    expect({ code, stderr: stderr.replace(/^npm warn.*\n/gm, '') }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('Using the built-in demo ledger (an offline fake; nothing leaves this machine).');
    expect(stdout).toContain(SUMMARY);
  }, 70_000);
});
