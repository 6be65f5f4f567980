// A page may be served with a Content-Security-Policy without 'unsafe-eval', which forbids `new Function`.
// zod compiles object parsers with it unless configured jitless: the fake's zod (mocks/zod.ts) must never.
import { describe, expect, it } from 'vitest';

describe('the fake under a CSP without unsafe-eval', () => {
  it('zod in the fake never compiles code with `new Function` (scenario checks, store writes, /__mock bodies)', async () => {
    const compiledFrom: string[] = [];
    const original = globalThis.Function;
    const record = () => compiledFrom.push(new Error().stack ?? '');
    globalThis.Function = new Proxy(original, {
      construct: (target, args, newTarget) => (record(), Reflect.construct(target, args, newTarget)),
      apply: (target, self, args) => (record(), Reflect.apply(target, self, args)),
    });
    try {
      // Imported only now, so that the schemas are built (and zod probes for eval) while Function is watched.
      const { createLedgerMock } = await import('personal-ledger-sdk/mocks');
      const mock = createLedgerMock({ scenario: 'demo' });
      await mock.ready;
      await mock.control.loadScenario({
        households: [{ id: 'h', plan: 'household' }],
        users: [{ id: 'u', household_id: 'h' }],
      });
      await mock.control.createAccount({
        userId: 'u',
        name: 'Pot',
        categoryId: (await mock.control.createCategory({ name: 'Cash' })).id,
      });
      const reply = await mock.fetch(`${mock.baseUrl}/__mock/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Kim"}',
      });
      expect(reply.status).toBe(201);
    } finally {
      globalThis.Function = original;
    }
    expect(compiledFrom.filter((stack) => /[\\/]zod[\\/]/.test(stack))).toEqual([]);
  });
});
