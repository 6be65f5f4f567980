// ledger-parity against ledger-mock (another process) through a recording proxy: the fake agrees with itself
// served over HTTP, in both modes, and every request the kit sent obeys the safety rules, read off the wire.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ParityReport } from 'personal-ledger-sdk/parity';
import { type Exchange, ledgerMockBehindProxyForThisFile, runParityCli, SCRATCH, TOKEN } from './support';

const served = ledgerMockBehindProxyForThisFile();
afterEach(async () => {
  served.proxy.seen.length = 0;
  await served.upstream.control('POST', '/reset');
});

interface State {
  accounts: Array<Record<string, unknown>>;
  snapshots: Array<{ id: string; account_id: string; snapshot_date: string; balance: number; is_estimated: boolean }>;
  categories: unknown[];
}
const state = async () => (await served.upstream.control('GET', '/state')) as State;
/** The token anywhere in the request: its headers, its query, its path. */
const carriesToken = (e: Exchange) =>
  [...Object.values(e.headers), e.query, e.path].some((value) => value.includes(TOKEN));
/** The token somewhere but `Authorization: Bearer` (or `bearer`). */
const elsewhere = (e: Exchange) =>
  carriesToken(e) && (e.headers.authorization ?? '').toLowerCase() !== `bearer ${TOKEN.toLowerCase()}`;
const unreadable = (e: Exchange) => {
  try {
    JSON.parse(e.body);
    return false;
  } catch {
    return e.body !== '';
  }
};
const outputs = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-parity-out-'));
  return { report: join(dir, 'report.md'), json: join(dir, 'report.json'), record: join(dir, 'recording.json') };
};

/** Every object in a JSON value that names an account_id. */
function rowsOf(value: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value))
    value.forEach((item) => {
      rowsOf(item, out);
    });
  else if (typeof value === 'object' && value !== null) {
    if ('account_id' in value) out.push(value as Record<string, unknown>);
    Object.values(value).forEach((item) => {
      rowsOf(item, out);
    });
  }
  return out;
}

describe('ledger-parity against ledger-mock, through a recording proxy', { timeout: 150_000 }, () => {
  it('without --scratch-account: nothing differs (exit 0), and the token went with GET, HEAD and OPTIONS requests only', async () => {
    const files = outputs();
    const run = await runParityCli([
      '--base-url',
      served.proxy.url,
      '--rate',
      '1000',
      '--report',
      files.report,
      '--json',
      files.json,
    ]);
    expect(run.stderr).not.toMatch(/Error|at .*\.[jt]s:\d+/); // no stack trace, from the built bin (.js) or a source (.ts)
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(files.json, 'utf8')) as ParityReport;
    expect(report.summary.differs).toBe(0);
    expect(report.summary.same).toBeGreaterThanOrEqual(45);
    // Skipped only because they write, or are never sent.
    for (const probe of report.probes.filter((p) => p.outcome === 'skipped'))
      expect(probe.mode, probe.id).not.toBe('read');
    expect(run.stdout).toMatch(/^ledger-parity: \d+ same, 0 differ, \d+ skipped/);

    const withToken = served.proxy.seen.filter(carriesToken);
    expect(withToken.length).toBeGreaterThan(20);
    // The token with the methods that change nothing only; anywhere but the Authorization header, with GET /me only.
    expect(withToken.filter((e) => !['GET', 'HEAD', 'OPTIONS'].includes(e.method))).toEqual([]);
    expect(new Set(withToken.filter(elsewhere).map((e) => `${e.method} ${e.path}`))).toEqual(
      new Set(['GET /api/public/v1/me']),
    );
    expect(withToken.filter(elsewhere).length).toBe(9);
    expect(served.proxy.seen.filter((e) => e.method !== 'GET').length).toBeGreaterThan(3); // writes went out, without a valid token
    expect(served.proxy.seen.filter((e) => e.method === 'POST' && /\/accounts\/?$/i.test(e.path))).toEqual([]);
    expect(report.safety).toMatchObject({
      before_after: { identical: true },
      not_undone: [],
      with_token: {
        GET: withToken.filter((e) => e.method === 'GET').length,
        HEAD: withToken.filter((e) => e.method === 'HEAD').length,
        OPTIONS: withToken.filter((e) => e.method === 'OPTIONS').length,
      },
    });

    for (const text of [run.stdout, run.stderr, readFileSync(files.report, 'utf8'), readFileSync(files.json, 'utf8')])
      expect(text).not.toContain(TOKEN);
  });

  it('with --scratch-account: nothing differs; writes only to that account, in 2000, all undone; never POST /accounts', async () => {
    const before = await state();
    const accountIds = new Set(before.accounts.map((a) => a.id as string));
    const snapshotIds = new Set(before.snapshots.map((s) => s.id));
    const files = outputs();
    const run = await runParityCli([
      '--base-url',
      served.proxy.url,
      '--scratch-account',
      SCRATCH,
      '--rate',
      '1000',
      '--json',
      files.json,
      '--record',
      files.record,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(files.json, 'utf8')) as ParityReport;
    expect(report.summary.differs).toBe(0);
    expect(report.summary.same).toBeGreaterThanOrEqual(100);
    expect(report.probes.filter((p) => p.outcome === 'skipped').map((p) => p.id)).toEqual(['auth.create-account']);

    // Read off the wire, independently of the kit's own rules.
    const writes = served.proxy.seen.filter((e) => carriesToken(e) && !['GET', 'HEAD', 'OPTIONS'].includes(e.method));
    expect(writes.length).toBeGreaterThan(50);
    expect(served.proxy.seen.filter(elsewhere).every((e) => e.method === 'GET')).toBe(true);
    for (const write of writes) {
      const where = `${write.method} ${write.path} ${write.body.slice(0, 200)}`;
      // A body nothing can be read from may go to any path of the API, with any method but DELETE.
      if (unreadable(write) && write.method !== 'DELETE') {
        expect(write.path, where).toMatch(/^\/api\/public\//);
        continue;
      }
      // DELETE of an account: never a real one (the scratch account included).
      if (write.method === 'DELETE' && write.path.includes('/accounts'))
        expect(accountIds.has(decodeURIComponent(write.path.split('/').pop()!)), where).toBe(false);
      expect(write.path, where).toMatch(
        /^\/api\/public\/v1\/(snapshots|snapshots\/bulk|accounts\/[^/]+|snapshots\/[^/]+)$/,
      );
      expect(`${write.method} ${write.path}`, where).not.toMatch(/^POST \/api\/public\/v1\/accounts$/);
      const accountPath = /^\/api\/public\/v1\/accounts\/([^/]+)$/.exec(write.path);
      if (accountPath)
        expect(accountPath[1] === SCRATCH || !accountIds.has(decodeURIComponent(accountPath[1]!)), where).toBe(true);
      const snapshotPath = /^\/api\/public\/v1\/snapshots\/([^/]+)$/.exec(write.path);
      if (snapshotPath && snapshotPath[1] !== 'bulk')
        expect(snapshotIds.has(decodeURIComponent(snapshotPath[1]!)), where).toBe(false);
      let body: unknown;
      try {
        body = JSON.parse(write.body);
      } catch {
        continue; // not JSON: names nothing
      }
      for (const row of rowsOf(body)) {
        if (row.account_id === SCRATCH && write.method === 'POST')
          expect(String(row.snapshot_date), where).toMatch(/^2000-/);
        else if (typeof row.account_id === 'string')
          expect(row.account_id === SCRATCH || !accountIds.has(row.account_id), where).toBe(true);
      }
    }
    expect(writes.filter((e) => e.method === 'DELETE').length).toBeGreaterThan(10);

    // All undone: the ledger is as it was (every account field, every snapshot).
    const after = await state();
    expect(after.accounts).toEqual(before.accounts);
    expect(after.snapshots).toEqual(before.snapshots);
    expect(report.safety).toMatchObject({ before_after: { identical: true }, not_undone: [] });
    expect(report.safety!.undone.snapshots_deleted).toBeGreaterThan(10);

    for (const text of [run.stdout, run.stderr, readFileSync(files.json, 'utf8'), readFileSync(files.record, 'utf8')])
      expect(text).not.toContain(TOKEN);
  });
});
