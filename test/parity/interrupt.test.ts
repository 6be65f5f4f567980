// Ctrl-C in the middle of the write probes: SIGINT to the real `ledger-parity` process, sent the moment its first
// write reaches the target. It stops probing, undoes every write, reports what ran, and exits 130; the target's
// ledger is as it was.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParityReport } from 'personal-ledger-sdk/parity';
import { ledgerMockBehindProxyForThisFile, runParityCli, SCRATCH, TOKEN } from './support';

const served = ledgerMockBehindProxyForThisFile();

describe('Ctrl-C during the write probes', { timeout: 120_000 }, () => {
  it('SIGINT to the process: the writes are undone, the report covers what ran, exit 130', async () => {
    const before = (await served.upstream.control('GET', '/state')) as { accounts: unknown[]; snapshots: unknown[] };
    let child: ChildProcess | undefined;
    let signalled = -1;
    served.proxy.divergence = {
      request: (e) => {
        // The first write with the token: Ctrl-C now, while it is on its way.
        if (signalled < 0 && e.method === 'POST' && (e.headers.authorization ?? '').includes(TOKEN)) {
          signalled = served.proxy.seen.length;
          child!.kill('SIGINT');
        }
        return e;
      },
    };
    const json = join(mkdtempSync(join(tmpdir(), 'ledger-parity-sigint-')), 'report.json');
    const run = await runParityCli(
      ['--base-url', served.proxy.url, '--scratch-account', SCRATCH, '--rate', '50', '--json', json],
      {
        onSpawn: (spawned) => (child = spawned),
      },
    );
    expect(signalled).toBeGreaterThan(0);
    expect(run.stderr).toContain('SIGINT: stopping; undoing the writes first');
    expect(run.code, run.stderr).toBe(130);
    expect(run.stdout).toMatch(/interrupted/);

    const report = JSON.parse(readFileSync(json, 'utf8')) as ParityReport;
    expect(report.interrupted).toBe(true);
    const reasons = report.probes.filter((p) => p.outcome === 'skipped').map((p) => p.reason);
    expect(reasons).toContain('interrupted while it ran (its writes were undone)');
    expect(reasons.filter((r) => r === 'interrupted before it ran').length).toBeGreaterThan(20);
    expect(report.safety).toMatchObject({ not_undone: [], before_after: { identical: true } });

    // After the signal: no new probe write, only the cleanup (a list, deletes of the kit's snapshots, a read).
    const afterSignal = served.proxy.seen
      .slice(signalled)
      .filter((e) => (e.headers.authorization ?? '').includes(TOKEN) && e.method !== 'GET');
    expect(
      afterSignal.every((e) => e.method === 'DELETE' || e.method === 'PATCH'),
      afterSignal.map((e) => `${e.method} ${e.path}`).join('\n'),
    ).toBe(true);
    expect(afterSignal.some((e) => e.method === 'DELETE')).toBe(true);
    const after = (await served.upstream.control('GET', '/state')) as typeof before;
    expect(after.accounts).toEqual(before.accounts);
    expect(after.snapshots).toEqual(before.snapshots);
  });
});
