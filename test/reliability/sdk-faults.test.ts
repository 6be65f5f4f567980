// The SDK under injected faults: a 50,000-row bulk upsert through 20% transient failures (503, 429 with
// Retry-After 0, connection drops, timeouts, and failures after the write was applied) ends with the stored
// state equal to the input and an exact report; account creation under the same faults never duplicates an
// account, and the fake holds exactly the confirmed accounts plus those applied before their answer was lost.
import { describe, expect, it, vi } from 'vitest';
import {
  bulkUpsertSnapshots,
  createLedgerClient,
  isLedgerApiError,
  isNetworkError,
  isTimeoutError,
  type BulkRow,
  type LedgerClient,
} from 'personal-ledger-sdk';
import type { FaultKind, FaultOperation, LedgerControl } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';
import { scaled, summary } from './support/config';

const { mock, control, server } = createTestMock({ seed: 'reliability-sdk-faults', now: '2026-01-15T12:00:00Z' });
/** Requests that reached the fake (through MSW); the fake journals each one when it answers it. */
let received = 0;
server.events.on('request:start', () => void (received += 1));

const ROWS = scaled(50_000);
const CHUNK = 500;
const ACCOUNTS = 10;
const CREATES = scaled(150);
const TIMEOUT_MS = 200;
const LATENCY_MS = 250; // > TIMEOUT_MS: the client gives up, the fake still applies the write afterwards
const FAULT_RATE = 0.2;

/** The transient failures, each an equal share of FAULT_RATE (503s with `retryAfter: 0`: else the fake asks for 1 s). */
const KINDS: FaultKind[] = [
  { status: 503, retryAfter: 0 },
  { status: 429, retryAfter: 0 },
  { networkError: true },
  { latencyMs: LATENCY_MS },
  { afterApply: 'networkError' },
  { afterApply: { status: 503, retryAfter: 0 } },
];

/** Injects the mix for one operation: faults are tried in order, so each rate is its share of what is left. */
function injectMix(ctl: LedgerControl, operation: FaultOperation): void {
  const share = FAULT_RATE / KINDS.length;
  KINDS.forEach((kind, i) => {
    ctl.faults.inject({ operation, rate: share / (1 - share * i), kind });
  });
}

async function setUp(): Promise<{ client: LedgerClient; accountIds: string[]; retries: { count: number } }> {
  const user = await control.createUser({ name: 'Owner' });
  const category = await control.createCategory({ name: 'Checking' });
  const accountIds: string[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1)
    accountIds.push(
      (await control.createAccount({ userId: user.id, name: `Account ${i}`, categoryId: category.id })).id,
    );
  const token = await control.createToken({ userId: user.id });
  const retries = { count: 0 };
  const client = createLedgerClient({
    baseUrl: mock.baseUrl,
    token: token.value,
    // Retries enough for a chunk that keeps being unlucky: on a busy machine a request may also time out without a fault.
    retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetries: 20, budget: false, onRetry: () => (retries.count += 1) },
    timeoutMs: TIMEOUT_MS,
  });
  return { client, accountIds, retries };
}

/**
 * Waits until the fake has answered every request it received in this test (late writes after timeouts included):
 * its journal holds one entry per request, written when the request is answered.
 */
async function settle(receivedBefore: number): Promise<void> {
  await vi.waitFor(() => expect(control.journal.entries().length).toBe(received - receivedBefore), {
    timeout: 30_000,
    interval: 20,
  });
}

function faultCounts(operation: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of control.journal.entries())
    if (entry.operationId === operation && entry.fault) counts[entry.fault] = (counts[entry.fault] ?? 0) + 1;
  return counts;
}

const DAY_MS = 86_400_000;
const dayText = (n: number) => new Date(Date.UTC(1990, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);

describe('the SDK under injected faults', () => {
  it(
    `a ${ROWS.toLocaleString('en')}-row bulk upsert through 20% transient failures stores exactly the input, with an exact report (no row lost, none doubled)`,
    async () => {
      const started = performance.now();
      const receivedBefore = received;
      const { client, accountIds, retries } = await setUp();
      const rows: BulkRow[] = Array.from({ length: ROWS }, (_, i) => ({
        account_id: accountIds[i % ACCOUNTS]!,
        snapshot_date: dayText(Math.floor(i / ACCOUNTS)),
        balance: Math.round(i * 37.5) / 100 - 1000,
      }));
      injectMix(control, 'bulkUpsertSnapshots');
      const report = await bulkUpsertSnapshots(client, rows, { chunkSize: CHUNK });
      control.faults.clear();
      await settle(receivedBefore);

      // The report: every row accounted for, whole chunks either inserted or (after an applied attempt) updated.
      expect(report.received).toBe(ROWS);
      expect(report.skipped).toEqual([]);
      expect(report.duplicates).toEqual([]);
      expect(report.inserted + report.updated + report.skipped.length).toBe(report.received);
      expect(report.chunks).toHaveLength(ROWS / CHUNK);
      for (const chunk of report.chunks) {
        expect(chunk.inserted + chunk.updated, `chunk ${chunk.chunk}`).toBe(CHUNK);
        if (chunk.updated > 0)
          expect(chunk.attempts, `chunk ${chunk.chunk} updated only after an earlier attempt`).toBeGreaterThan(1);
      }
      // The stored state equals the input: one snapshot per row, each with the row's balance.
      const stored = await control.listSnapshots();
      expect(stored).toHaveLength(ROWS);
      const byKey = new Map(stored.map((s) => [`${s.account_id}|${s.snapshot_date}`, s]));
      expect(byKey.size, 'no key stored twice').toBe(ROWS);
      const wrong = rows.filter((r) => byKey.get(`${r.account_id}|${r.snapshot_date}`)?.balance !== r.balance);
      expect(wrong.slice(0, 5), 'rows whose stored balance differs from the input').toEqual([]);
      expect(stored.every((s) => !s.is_estimated)).toBe(true);

      const faults = faultCounts('bulkUpsertSnapshots');
      const injected = Object.values(faults).reduce((a, b) => a + b, 0);
      const requests = control.journal.entries().filter((e) => e.operationId === 'bulkUpsertSnapshots').length;
      expect(injected, 'faults were injected').toBeGreaterThan(0);
      // Every request beyond one per chunk was a retry, and every injected fault cost one.
      expect(requests).toBe(ROWS / CHUNK + retries.count);
      expect(retries.count).toBeGreaterThanOrEqual(injected);
      summary('sdk-faults bulk', {
        rows: ROWS,
        chunks: ROWS / CHUNK,
        requests,
        faults_injected: injected,
        fault_rate: injected / requests,
        retries: retries.count,
        inserted: report.inserted,
        updated_after_applied_attempt: report.updated,
        rows_lost: ROWS - byKey.size,
        rows_doubled: stored.length - byKey.size,
        wrong_balances: wrong.length,
        seconds: (performance.now() - started) / 1000,
      });
      console.log(`[reliability] sdk-faults bulk faults by kind: ${JSON.stringify(faults)}`);
    },
    scaled(300_000), // a ceiling: several times slower on a loaded machine
  );

  it(
    'account creation under the same faults never creates an account twice; the fake holds the confirmed accounts plus exactly those applied before their answer was lost',
    async () => {
      const started = performance.now();
      const receivedBefore = received;
      const { client, retries } = await setUp();
      const before = new Set((await control.listAccounts()).map((a) => a.id));
      const category = (await control.listCategories())[0]!;
      injectMix(control, 'createAccount');
      const confirmed = new Map<string, string>();
      const failedNames = new Set<string>();
      const outcomes = { created: 0, refused_503: 0, network_error: 0, timeout: 0, other: 0 };
      for (let i = 0; i < CREATES; i += 1) {
        const name = `Created ${i}`;
        try {
          const account = await client.accounts.create({ name, category_id: category.id });
          confirmed.set(name, account.id);
          outcomes.created += 1;
        } catch (error) {
          failedNames.add(name);
          if (isLedgerApiError(error, 503)) outcomes.refused_503 += 1;
          else if (isTimeoutError(error)) outcomes.timeout += 1;
          else if (isNetworkError(error)) outcomes.network_error += 1;
          else {
            outcomes.other += 1;
            throw error;
          }
        }
      }
      control.faults.clear();
      await settle(receivedBefore);

      const created = (await control.listAccounts()).filter((a) => !before.has(a.id));
      const byName = new Map<string, string[]>();
      for (const a of created) byName.set(a.name, [...(byName.get(a.name) ?? []), a.id]);
      const duplicates = [...byName.values()].filter((ids) => ids.length > 1).length;
      expect(duplicates, 'accounts created twice').toBe(0);
      for (const [name, id] of confirmed) expect(byName.get(name), `confirmed ${name}`).toEqual([id]);
      // What the caller did not see confirmed but the fake holds: only calls that failed with an unknown
      // outcome, and exactly the requests applied before their answer was lost (afterApply faults, and timeouts
      // whose write landed after the client gave up).
      const journal = control.journal.entries().filter((e) => e.operationId === 'createAccount');
      const appliedButLost = journal.filter(
        (e) =>
          (e.fault?.startsWith('afterApply') && e.appliedStatus === 201) ||
          (e.fault?.startsWith('latency') && e.status === 201),
      ).length;
      const unconfirmed = created.filter((a) => !confirmed.has(a.name));
      for (const account of unconfirmed)
        expect(failedNames.has(account.name), `${account.name} stored but its call succeeded?`).toBe(true);
      expect(created.length).toBe(journal.filter((e) => e.status === 201 || e.appliedStatus === 201).length);
      const latencyFaults = journal.filter((e) => e.fault?.startsWith('latency')).length;
      // Every latency fault is a timeout (250 ms > 200 ms); a busy machine may add timeouts no fault caused, each one
      // more unknown outcome, applied or not (the fault-free request answered late, or a refusal answered late).
      const spuriousTimeouts = outcomes.timeout - latencyFaults;
      expect(spuriousTimeouts).toBeGreaterThanOrEqual(0);
      expect(unconfirmed.length).toBeGreaterThanOrEqual(appliedButLost);
      expect(unconfirmed.length).toBeLessThanOrEqual(appliedButLost + spuriousTimeouts);
      const unconfirmedStored = unconfirmed.length;

      const faults = faultCounts('createAccount');
      const injected = Object.values(faults).reduce((a, b) => a + b, 0);
      expect(injected).toBeGreaterThan(0);
      summary('sdk-faults accounts', {
        attempts: CREATES,
        requests: journal.length,
        faults_injected: injected,
        retries_429: retries.count,
        confirmed: outcomes.created,
        failed_503: outcomes.refused_503,
        failed_network: outcomes.network_error,
        failed_timeout: outcomes.timeout,
        stored_unconfirmed: unconfirmedStored,
        applied_but_lost: appliedButLost,
        duplicates,
        seconds: (performance.now() - started) / 1000,
      });
      console.log(`[reliability] sdk-faults accounts faults by kind: ${JSON.stringify(faults)}`);
    },
    scaled(300_000), // a ceiling: several times slower on a loaded machine
  );
});
