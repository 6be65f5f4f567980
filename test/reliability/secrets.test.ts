// Token values never leak: not in answers, errors, console output, the request journal, state dumps, the
// event journal or SDK errors (every issued value is scanned for, whole and in 16-character pieces); and the
// fake compares token hashes in constant time.
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import {
  bulkUpsertSnapshots,
  createLedgerClient,
  isLedgerError,
  type BulkRow,
  type LedgerClient,
} from 'personal-ledger-sdk';
import { constantTimeEqual, hashToken } from '../../mocks/rules/auth';
import { createTestMock } from '../support/test-mock';
import { summary } from './support/config';
import { buildWorld } from './support/world';

const { mock, control, call } = createTestMock({ seed: 'reliability-secrets', now: '2026-01-15T12:00:00Z' });

/** Whole values and every 16-character window of their secret part (after the `plk_xxxx` display prefix). */
function needles(values: string[]): string[] {
  const out = new Set<string>();
  for (const value of values) {
    out.add(value);
    const secret = value.slice(8);
    for (let i = 0; i + 16 <= secret.length; i += 1) out.add(secret.slice(i, i + 16));
  }
  return [...out];
}

/** Every common way of turning a value into text. */
function renderings(value: unknown): string[] {
  const out = [inspect(value, { depth: 12, showHidden: true, getters: true })];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch {
    // circular: inspect covers it
  }
  if (value instanceof Error) out.push(String(value), value.message, value.stack ?? '');
  return out;
}

describe('secrets', () => {
  it('no issued token value appears in answers, errors, console output, the request journal, state dumps, the event journal or SDK errors', async () => {
    const world = await buildWorld(control);
    await control.createWebhook({ userId: world.users.alice });
    const extra = await control.createToken({ userId: world.users.bob, name: 'to revoke after use' });
    const values = [...world.tokenValues, extra.value];
    const scanned: Array<{ where: string; text: string }> = [];
    const keep = (where: string, value: unknown) => scanned.push(...renderings(value).map((text) => ({ where, text })));

    // Capture everything written to the console and the process streams during the run.
    const captured: string[] = [];
    const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
    const spies = methods.map((m) =>
      vi
        .spyOn(console, m)
        .mockImplementation((...args: unknown[]) => void captured.push(args.map((a) => inspect(a)).join(' '))),
    );
    const writes = [process.stdout, process.stderr].map((stream) => {
      const original = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        captured.push(String(chunk));
        return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      return () => (stream.write = original as typeof stream.write);
    });

    let errors = 0;
    try {
      // Raw API traffic with every token, and tokens in odd places.
      const t = world.tokens;
      const headerForms = (v: string) => [
        `Bearer ${v}`,
        `Basic ${v}`,
        `Bearer ${v.slice(0, -1)}`,
        `Bearer ${v}, Bearer ${v}`,
      ];
      for (const token of Object.values(t)) {
        for (const authorization of headerForms(token.value)) {
          for (const [method, path, body] of [
            ['GET', '/me'],
            ['GET', '/accounts'],
            [
              'POST',
              '/snapshots',
              { account_id: world.accounts.alicePrivate, snapshot_date: '2024-05-31', balance: 1 },
            ],
            [
              'POST',
              '/snapshots/bulk',
              { snapshots: [{ account_id: world.accounts.carolPrivate, snapshot_date: '2024-05-31', balance: 1 }] },
            ],
            ['POST', '/accounts', { name: 'Created', category_id: world.categories.checking }],
            ['PATCH', `/accounts/${world.accounts.bobPrivate}`, {}],
            ['GET', '/nope'],
          ] as Array<[string, string, unknown?]>) {
            const answer = await call(method, path, {
              headers: { authorization },
              ...(body !== undefined ? { body } : {}),
            });
            keep(`answer ${method} ${path}`, answer.body);
          }
        }
      }

      // SDK clients: successes, API errors, network errors, timeouts, bulk failures, bad options.
      const client = (value: string, options: Partial<Parameters<typeof createLedgerClient>[0]> = {}): LedgerClient =>
        createLedgerClient({
          baseUrl: mock.baseUrl,
          token: value,
          // Log retries as an application would: the logged info must not carry the token either.
          retry: { baseDelayMs: 1, maxDelayMs: 2, maxRetries: 1, onRetry: (info) => console.warn('retrying', info) },
          timeoutMs: 150,
          ...options,
        });
      const attempt = async (where: string, run: () => Promise<unknown>) => {
        try {
          keep(`${where} result`, await run());
        } catch (error) {
          errors += 1;
          console.error(`${where} failed:`, error); // as an application would log it
          keep(`${where} error`, error);
          if (isLedgerError(error)) keep(`${where} error fields`, { ...error });
        }
      };
      const alice = client(t.alice.value);
      await attempt('sdk me', () => alice.me());
      await attempt('sdk 404', () => alice.accounts.get(world.accounts.bobPrivate));
      await attempt('sdk 422', () =>
        alice.snapshots.upsert({ account_id: world.accounts.carolPrivate, snapshot_date: '2024-01-01', balance: 1 }),
      );
      await attempt('sdk 401 revoked', () => client(t.revoked.value).me());
      await attempt('sdk 401 expired', () => client(t.expired.value).accounts.list());
      await attempt('sdk 402 lapsed', () => client(t.lapsed.value).snapshots.list());
      await attempt('sdk 403 read-only', () =>
        client(t.aliceRead.value).accounts.create({ name: 'x', category_id: world.categories.checking }),
      );
      control.faults.inject({ operation: 'getMe', times: 2, kind: { networkError: true } });
      await attempt('sdk network error', () => alice.me());
      const slow = control.faults.inject({ operation: 'listAccounts', times: 2, kind: { latencyMs: 300 } });
      await attempt('sdk timeout', () => alice.accounts.list());
      control.faults.inject({ operation: 'bulkUpsertSnapshots', times: 5, kind: { status: 503, retryAfter: 0 } });
      const rows: BulkRow[] = Array.from({ length: 30 }, (_, i) => ({
        account_id: world.accounts.alicePrivate,
        snapshot_date: `2023-01-${String(i + 1).padStart(2, '0')}`,
        balance: i,
      }));
      await attempt('sdk bulk 503', () => bulkUpsertSnapshots(alice, rows, { chunkSize: 10 }));
      await attempt('sdk bulk revoked', () =>
        bulkUpsertSnapshots(client(extra.value), rows, { chunkSize: 10 })
          .then(() => control.revokeToken(extra.id))
          .then(() => bulkUpsertSnapshots(client(extra.value), rows)),
      );
      await attempt('sdk bad baseUrl', async () => createLedgerClient({ baseUrl: 'not a url', token: t.alice.value }));
      await attempt('sdk bad token', async () =>
        createLedgerClient({ baseUrl: mock.baseUrl, token: `${t.alice.value} with a space` }).me(),
      );
      await attempt('sdk bad retry', async () =>
        createLedgerClient({ baseUrl: mock.baseUrl, token: t.alice.value, retry: { maxRetries: -1 } }),
      );
      // The timed-out attempts finish in the fake later (latency 300 ms): the journal entries of those that reached it
      // (each took one of the fault's two hits) are waited for.
      const reachedSlow = 2 - (control.faults.list().find((fault) => fault.id === slow)?.remaining ?? 0);
      await vi.waitFor(
        () => expect(control.journal.entries().filter((e) => e.fault === 'latency 300ms')).toHaveLength(reachedSlow),
        { timeout: 15_000, interval: 20 },
      );
      control.faults.clear();
    } finally {
      for (const spy of spies) spy.mockRestore();
      for (const restore of writes) restore();
    }

    keep('console', captured.join('\n'));
    keep('request journal', control.journal.entries());
    keep('state dump', await control.dump());
    keep('event journal', control.events.list());
    keep('token list', await control.listTokens());

    const found = needles(values).flatMap((needle) =>
      scanned.filter((s) => s.text.includes(needle)).map((s) => `${s.where} contains ${needle.slice(0, 12)}…`),
    );
    expect([...new Set(found)].slice(0, 10), 'token values found').toEqual([]);
    expect(control.journal.entries().length).toBeGreaterThan(100);
    expect(control.events.list().length).toBeGreaterThan(0);
    summary('secrets', {
      tokens_scanned_for: values.length,
      texts_scanned: scanned.length,
      journal_entries: control.journal.entries().length,
      events: control.events.list().length,
      sdk_errors: errors,
      console_lines: captured.length,
      leaks: found.length,
    });
  }, 30_000);

  it('the fake compares token hashes in constant time: constantTimeEqual is right for equal, unequal and different-length inputs, and authentication uses it, never an early-exit compare', async () => {
    const a = await hashToken('plk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const b = await hashToken('plk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB');
    expect(constantTimeEqual(a, a)).toBe(true);
    expect(constantTimeEqual(a, `${a}`)).toBe(true);
    expect(constantTimeEqual(a, b)).toBe(false);
    expect(constantTimeEqual(a, `x${a.slice(1)}`)).toBe(false); // differs first
    expect(constantTimeEqual(a, `${a.slice(0, -1)}x`)).toBe(false); // differs last
    expect(constantTimeEqual(a, a.slice(0, -1))).toBe(false); // shorter
    expect(constantTimeEqual(a, `${a}0`)).toBe(false); // longer
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('', 'a')).toBe(false);
    expect(constantTimeEqual('\u0100', '\u0000')).toBe(false); // every bit of each code unit counts

    // Code review, mechanised: the comparison folds every code unit without an early exit, and the
    // authentication path compares hashes only through it.
    const source = readFileSync(new URL('../../mocks/rules/auth.ts', import.meta.url), 'utf8');
    const compare = source.slice(
      source.indexOf('export function constantTimeEqual'),
      source.indexOf('\n}\n', source.indexOf('export function constantTimeEqual')),
    );
    const loop = compare.slice(compare.indexOf('for ('), compare.indexOf('\n', compare.indexOf('for (')));
    expect(loop).toMatch(/difference \|= a\.charCodeAt\(i\) \^ b\.charCodeAt\(i\)/);
    expect(loop).not.toMatch(/return|break|===|!==|if \(/);
    expect(compare).toMatch(/return difference === 0;/);
    const authenticate = source.slice(
      source.indexOf('export async function authenticate'),
      source.indexOf('\n}\n', source.indexOf('export async function authenticate')),
    );
    expect(authenticate).toContain('constantTimeEqual(candidate.hash, hash)');
    expect(authenticate).not.toMatch(/hash\s*[!=]==?|[!=]==?\s*hash\b|\.value\s*[!=]==?|localeCompare/);
    // Every candidate is compared (no break out of the loop on a match).
    expect(
      authenticate.slice(authenticate.indexOf('for (const candidate'), authenticate.indexOf('const user')),
    ).not.toMatch(/break|return/);
  });
});
