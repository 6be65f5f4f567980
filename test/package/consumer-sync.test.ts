// `npx ledger-sync` in a fresh project that installed the packed package alone (consumer-projects.ts bareProject): bank
// files of each format, and SimpleFIN against a server on loopback, as a user runs the command after `npm install`.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT as repo } from '../support/root';
import { startFakeSimplefin } from '../support/simplefin-server';
import { accountSet as simplefinAccounts, mappingFile as simplefinMapping } from '../sync/simplefin-support';
import { bareProject } from './consumer-projects';

const run = promisify(execFile);
/** A folder of its own inside the shared project (npx finds the project's bins from it); the files it writes stay there. */
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(await bareProject(), 'sync-'));
}, 300_000); // npm installs from its cache: a ceiling for a loaded machine

// Child processes (npm, node) on a busy machine: a ceiling far above their usual few seconds. The two tests write files
// of distinct names, so they run side by side.
describe.concurrent('a fresh project that installed only the packed tarball (no msw)', { timeout: 120_000 }, () => {
  it('`npx ledger-sync <file> --demo --dry-run --json` on an MT940, a camt.053, an OFX and a CSV file, with a mapping', async () => {
    const files = {
      'oct.sta': join(repo, 'test/statements/fixtures/mt940-asn-swift-blocks.sta'),
      'oct.xml': join(repo, 'test/statements/fixtures/camt053-v02-two-accounts.xml'),
      'oct.ofx': join(repo, 'examples/data/statement-v1.ofx'),
      'oct.csv': join(repo, 'examples/data/banks/rabobank-nl.csv'),
    };
    for (const [name, from] of Object.entries(files)) cpSync(from, join(work, name));
    const target = (account: string) => ({ account, category: 'Cash', category_type: 'asset' });
    const mapping = {
      accounts: {
        NL81ASNB0000000001: target('ASN'),
        DE89370400440532013000: target('Giro'),
        '000123451234': target('Everyday checking'),
      },
      banks: { rabo: { profile: 'rabobank-nl', accounts: { NL00RABO0000000001: target('Rabo') } } },
    };
    writeFileSync(join(work, 'mapping.json'), JSON.stringify(mapping));
    // Each file its own run, the four side by side (each reads only its file and the mapping; --dry-run writes nothing).
    const reports = await Promise.all(
      Object.keys(files).map(async (name) => {
        const { stdout } = await run(
          'npx',
          ['ledger-sync', name, '--mapping', 'mapping.json', '--demo', '--dry-run', '--json'],
          { cwd: work, timeout: 60_000 },
        );
        return [
          name,
          JSON.parse(stdout) as {
            rows: Array<{ account: string; action: string; source: string }>;
            refused: unknown[];
          },
        ] as const;
      }),
    );
    const sources: Record<string, string[]> = {};
    for (const [name, report] of reports) {
      expect(report.refused, name).toEqual([]);
      sources[name] = report.rows.map((r) => `${r.account} ${r.action}`);
    }
    expect(sources).toEqual({
      'oct.sta': ['ASN new', 'ASN new'],
      'oct.xml': ['Giro new'],
      'oct.ofx': ['Everyday checking changed'],
      'oct.csv': ['Rabo new', 'Rabo new'],
    });
    await expect(
      run('npx', ['ledger-sync', 'oct.sta', '--mapping', 'mapping.json'], { cwd: work }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('pass --demo') });
  }, 180_000);

  it('`npx ledger-sync simplefin claim` then `npx ledger-sync simplefin --demo --dry-run --json` against a SimpleFIN server on loopback', async () => {
    const simplefin = await startFakeSimplefin(simplefinAccounts());
    try {
      const claimed = await run(
        'npx',
        ['ledger-sync', 'simplefin', 'claim', simplefin.issueToken(), '--out', 'simplefin-access'],
        { cwd: work, timeout: 60_000 },
      );
      expect(claimed.stdout).toContain('is stored in simplefin-access, readable by you only (mode 600)');
      expect(statSync(join(work, 'simplefin-access')).mode & 0o777).toBe(0o600);
      const access = readFileSync(join(work, 'simplefin-access'), 'utf8').trim();
      expect(claimed.stdout + claimed.stderr).not.toContain(new URL(access).password);
      // Exactly the command of the issue: the Access URL from the environment, every account listed with its key.
      const listed = await run('npx', ['ledger-sync', 'simplefin', '--demo', '--dry-run', '--json'], {
        cwd: work,
        timeout: 60_000,
        env: { ...process.env, SIMPLEFIN_ACCESS_URL: access },
      });
      expect(
        (JSON.parse(listed.stdout) as { skipped: Array<{ reason: string }> }).skipped.map((s) => s.reason),
      ).toEqual([
        'not in the mapping: add "simplefin:mybank.example/ACT-checking-1" to its "accounts" and pass it with --mapping',
        'not in the mapping: add "simplefin:mybank.example/ACT-card-2" to its "accounts" and pass it with --mapping',
        'not in the mapping: add "simplefin:otherbank.example/77" to its "accounts" and pass it with --mapping',
      ]);
      writeFileSync(join(work, 'simplefin-mapping.json'), simplefinMapping());
      const synced = await run(
        'npx',
        [
          'ledger-sync',
          'simplefin',
          '--access-file',
          'simplefin-access',
          '--mapping',
          'simplefin-mapping.json',
          '--time-zone',
          'UTC',
          '--demo',
          '--dry-run',
          '--json',
        ],
        { cwd: work, timeout: 60_000 },
      );
      expect(
        (JSON.parse(synced.stdout) as { rows: Array<{ account: string; date: string; action: string }> }).rows.map(
          (r) => `${r.account} ${r.date} ${r.action}`,
        ),
      ).toEqual(['SimpleFIN checking 2026-10-30 new', 'SimpleFIN card 2026-10-30 new']);
      expect(listed.stdout + listed.stderr + synced.stdout + synced.stderr).not.toContain(new URL(access).password);
    } finally {
      await simplefin.close();
    }
  }, 180_000);
});
