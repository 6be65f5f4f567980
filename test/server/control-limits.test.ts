// Bounded control input: /__mock refuses a body over its size limit before reading it, too many rows to seed, a
// scenario that would make too many snapshots or a series spanning centuries, each before any work, and a refusal
// lists at most 20 problems (zod never lists 10,000 wrong rows, and never overflows the stack). The cases:
// a 7.9 MiB seed took seconds of CPU and 1 GB; a 305-byte scenario made 365k rows. Memory after a refused load is
// measured by bench/refused-load.ts (speed and memory belong to benchmarks, never to timed tests).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_IDS } from 'personal-ledger-sdk/mocks';
import { CONTROL_LIMITS } from '../../mocks/control-http/limits';
import { caller } from './state-support';
import { demoServerForThisFile, ROOT } from './support';

const { server, url } = demoServerForThisFile();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(url())(...args);
const CHECKING = DEMO_IDS.accounts.everydayChecking;

/** What the state holds now, to compare before and after a refusal. */
const snapshotCount = () => server.mock.store.snapshots.size;

function row(i: number) {
  const day = new Date(Date.UTC(1900, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return { account_id: CHECKING, snapshot_date: day, balance: i };
}

/** POSTs `body` (a string) chunked, without Content-Length: the limit must stop the reading itself. */
function postChunked(path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url()}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.once('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.once('error', reject);
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024));
    req.end();
  });
}

describe('/__mock input is bounded, each limit refused before the work it bounds', { timeout: 60_000 }, () => {
  it('the issue: an 8 MiB seed is 413 body_too_large from its Content-Length, before a byte is read; nothing is written', async () => {
    const before = snapshotCount();
    const rows = Array.from({ length: 90_000 }, (_, i) => row(i));
    const body = JSON.stringify({ snapshots: rows });
    expect(body.length).toBeGreaterThan(CONTROL_LIMITS.bodyBytes);
    const res = await fetch(`${url()}/__mock/snapshots/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: `Request body exceeds ${CONTROL_LIMITS.bodyBytes} bytes`,
      code: 'body_too_large',
    });
    expect(snapshotCount()).toBe(before);
  });

  it('a chunked body (no Content-Length) is cut off as soon as it passes the limit: 413', async () => {
    const before = snapshotCount();
    const answer = await postChunked(
      '/__mock/snapshots/seed',
      `{"snapshots":[${'{"account_id":"x","snapshot_date":"2026-01-01","balance":1},'.repeat(80_000)}{}]}`,
    );
    expect([answer.status, JSON.parse(answer.text).code]).toEqual([413, 'body_too_large']);
    expect(snapshotCount()).toBe(before);
  });

  it(`more than ${CONTROL_LIMITS.seedRows.toLocaleString('en-US')} rows to seed is 413 too_many_rows, before any row is checked; that many is taken`, async () => {
    const before = snapshotCount();
    const tooMany = await call('POST', '/__mock/snapshots/seed', {
      snapshots: Array.from({ length: CONTROL_LIMITS.seedRows + 1 }, () => ({ bad: true })),
    });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toEqual({
      error: 'Too many rows to seed in one call: 10,001; at most 10,000 over /__mock',
      code: 'too_many_rows',
      detail: [{ path: 'body.snapshots', message: 'at most 10,000 rows' }],
    });
    expect(snapshotCount()).toBe(before);
    const taken = await call('POST', '/__mock/snapshots/seed', {
      snapshots: Array.from({ length: CONTROL_LIMITS.seedRows }, (_, i) => row(i)),
    });
    expect(taken.body).toEqual({ inserted: CONTROL_LIMITS.seedRows, updated: 0 });
  });

  it(`10,000 wrong rows: 422 validation_failed listing the first ${CONTROL_LIMITS.listedProblems} problems and saying there are more`, async () => {
    const rows = Array.from({ length: CONTROL_LIMITS.seedRows }, () => ({
      account_id: 1,
      snapshot_date: 2,
      balance: 'x',
      is_estimated: 3,
      extra: 1,
    }));
    const refused = await call('POST', '/__mock/snapshots/seed', { snapshots: rows });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('validation_failed');
    expect(refused.body.detail).toHaveLength(CONTROL_LIMITS.listedProblems);
    expect(refused.body.detail[0]).toEqual({
      path: 'body.snapshots.0.account_id',
      message: 'Invalid input: expected string, received number',
    });
    expect(refused.body.error).toMatch(/; and more \(the first 20 are listed\)$/);
    // A wrong row far down the list is still found, at its own index.
    const late = Array.from({ length: 3_000 }, (_, i) => (i === 2_345 ? { ...row(i), balance: 'x' } : row(i)));
    const found = await call('POST', '/__mock/snapshots/seed', { snapshots: late });
    expect(found.body.detail).toEqual([{ path: 'body.snapshots.2345.balance', message: expect.any(String) }]);
  });

  it('the issue: one daily series from 1970 to 2969 is 400 invalid_scenario naming its span, and nothing is made or changed', async () => {
    const before = await server.mock.control.dump();
    const scenario = {
      households: [{ id: 'h', plan: 'household' }],
      users: [{ id: 'u', household_id: 'h' }],
      categories: [{ id: 'c', name: 'Cash' }],
      accounts: [{ id: 'a', owner_user_id: 'u', name: 'A', category_id: 'c' }],
      snapshot_series: [{ account_id: 'a', every: 'day', from: '1970-01-01', to: '2969-12-31', start_balance: 1 }],
    };
    expect(JSON.stringify(scenario).length).toBeLessThan(400);
    const refused = await call('POST', '/__mock/scenario', scenario);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error:
        'snapshot_series[0] spans 365,243 days (1970-01-01 to 2969-12-31); over /__mock a series spans at most 36,525 days (100 years)',
      code: 'invalid_scenario',
    });
    expect(await server.mock.control.dump()).toEqual(before);
  });

  it(`a scenario whose rows and series would make more than ${CONTROL_LIMITS.scenarioSnapshots.toLocaleString('en-US')} snapshots is 413 too_many_rows`, async () => {
    const before = await server.mock.control.dump();
    // Ten daily series of 2000-2029 (10,958 days each), 24 month ends, 500 rows: counted from their dates, never made.
    const series = (account: string) => ({
      account_id: account,
      every: 'day',
      from: '2000-01-01',
      to: '2029-12-31',
      start_balance: 1,
    });
    const scenario = {
      snapshots: Array.from({ length: 500 }, (_, i) => row(i)),
      snapshot_series: [...'abcdefghij']
        .map(series)
        .concat({ ...series('k'), every: 'month_end', from: '2024-01-15', to: '2025-12-01' }),
    };
    const refused = await call('POST', '/__mock/scenario', scenario);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      code: 'too_many_rows',
      error: 'The scenario makes too many snapshots: 110,104; at most 100,000 over /__mock',
    });
    expect(await server.mock.control.dump()).toEqual(before);
  });

  it('a daily series of 100 years, exactly the limit, loads', async () => {
    const scenario = {
      households: [{ id: 'h', plan: 'household' }],
      users: [{ id: 'u', household_id: 'h' }],
      categories: [{ id: 'c', name: 'Cash' }],
      accounts: [{ id: 'a', owner_user_id: 'u', name: 'A', category_id: 'c' }],
      snapshot_series: [{ account_id: 'a', every: 'day', from: '1926-01-01', to: '2025-12-31', start_balance: 1 }],
    };
    expect((await call('POST', '/__mock/scenario', scenario)).status).toBe(200);
    expect(snapshotCount()).toBe(CONTROL_LIMITS.seriesDays); // 1926-2025: exactly the limit
  });

  it('12,000 wrong accounts in a scenario: 400 invalid_scenario listing the first 20, never a stack overflow; in code too', async () => {
    const accounts = Array.from({ length: 12_000 }, () => ({
      id: 1,
      owner_user_id: 1,
      name: 1,
      category_id: 1,
      institution_name: 1,
      visibility: 1,
      lifecycle_status: 1,
      liquidity_tier: 1,
      auto_carry_forward: 1,
      kind: 1,
      extra: 1,
    }));
    const refused = await call('POST', '/__mock/scenario', { accounts });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_scenario');
    expect(refused.body.error.split('; ')).toHaveLength(21); // 20 problems, and the note that there are more
    expect(refused.body.error).toMatch(/; and more \(the first 20 are listed\)$/);

    const mock = createLedgerMock();
    await expect(mock.control.loadScenario({ accounts } as never)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_scenario',
      message: expect.stringMatching(/and more \(the first 20 are listed\)$/),
    });
  }, 60_000);

  it('docs/ledger-mock.md states every limit as CONTROL_LIMITS holds it', () => {
    const guide = readFileSync(`${ROOT}/docs/ledger-mock.md`, 'utf8');
    expect(guide).toContain(`| \`/__mock\` body | ${CONTROL_LIMITS.bodyBytes / 1024 / 1024} MiB |`);
    expect(guide).toContain(
      `| rows per \`POST /__mock/snapshots/seed\` | ${CONTROL_LIMITS.seedRows.toLocaleString('en-US')} |`,
    );
    expect(guide).toContain(
      `| snapshots a scenario makes over \`POST /__mock/scenario\` | ${CONTROL_LIMITS.scenarioSnapshots.toLocaleString('en-US')} |`,
    );
    expect(guide).toContain(
      `| days one \`snapshot_series\` spans over \`/__mock\` | ${CONTROL_LIMITS.seriesDays.toLocaleString('en-US')} (100 years) |`,
    );
    expect(guide).toContain(`| problems a refusal lists | ${CONTROL_LIMITS.listedProblems} |`);
  });
});
