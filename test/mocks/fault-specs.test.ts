// A fault that could never fire, or that would break the fake, is refused when it is injected.
import { describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS, MockControlError, type FaultSpec } from 'personal-ledger-sdk/mocks';
import { documentOperations } from '../../mocks/openapi-document';

const mock = createLedgerMock({ scenario: 'demo', seed: 'fault-specs' });
const { faults } = mock.control;
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch, retry: false });

/** Injects a spec that the types may not allow (as plain JavaScript or JSON could). */
const inject = (spec: unknown) => () => faults.inject(spec as FaultSpec);

describe('fault specs: one check when injected (MockControlError 400 invalid_fault)', () => {
  it.each([
    [
      'an operation openapi.json does not have, naming the near miss',
      { operation: 'listAcounts', times: 1, kind: { status: 500 } },
      /operation: "listAcounts" is not an operation of openapi\.json \(did you mean listAccounts\?\); the operations: getMe, /,
    ],
    ['a kind with nothing in it', { kind: {} }, /kind: give exactly one kind of: .*; none was given/],
    [
      'two kinds at once',
      { kind: { status: 503, latencyMs: 5 } },
      /kind: give exactly one kind of: .*; got latencyMs and status/,
    ],
    [
      'a status that is not a failure (204)',
      { kind: { status: 204 } },
      /kind\.status: must be a 4xx or 5xx status: a fault is a failure \(got 204\)/,
    ],
    ['a status that is not a failure (200)', { kind: { status: 200 } }, /kind\.status: must be a 4xx or 5xx status/],
    ['a status that is not HTTP (99)', { kind: { status: 99 } }, /kind\.status: must be a 4xx or 5xx status/],
    ['a status that is not HTTP (600)', { kind: { status: 600 } }, /kind\.status: must be a 4xx or 5xx status/],
    [
      'an after-apply status that is not a failure',
      { kind: { afterApply: { status: 201 } } },
      /kind\.afterApply\.status: must be a 4xx or 5xx status/,
    ],
    [
      'a negative latency',
      { kind: { latencyMs: -5 } },
      /kind\.latencyMs: must be a number of milliseconds within 0\.\.60000 \(got -5\)/,
    ],
    [
      'a latency over a minute',
      { kind: { latencyMs: 60_001 } },
      /kind\.latencyMs: must be a number of milliseconds within 0\.\.60000/,
    ],
    ['a latency that is not a number', { kind: { latencyMs: Number.NaN } }, /kind\.latencyMs: .*\(got NaN\)/],
    ['negative times', { times: -1, kind: { status: 500 } }, /times: must be a whole number >= 0/],
    ['fractional times', { times: 1.5, kind: { status: 500 } }, /times: must be a whole number >= 0/],
    ['a rate over 1', { rate: 2, kind: { status: 500 } }, /rate: must be a number within 0\.\.1 \(got 2\)/],
    ['a negative rate', { rate: -0.1, kind: { status: 500 } }, /rate: must be a number within 0\.\.1/],
    [
      'networkError other than true',
      { kind: { networkError: false } },
      /kind\.networkError: must be true \(got false\)/,
    ],
    [
      'an afterApply that is neither',
      { kind: { afterApply: 'timeout' } },
      /kind\.afterApply: must be "networkError" or a status fault/,
    ],
    [
      'a key the kind does not have',
      { kind: { status: 500, latency: 5 } },
      /kind\.latency: is not a field of a status fault/,
    ],
    [
      'a key a fault does not have',
      { operations: 'getMe', kind: { status: 500 } },
      /operations: is not a field of a fault/,
    ],
    [
      'a Retry-After that is neither seconds nor a date',
      { kind: { status: 429, retryAfter: -1 } },
      /kind\.retryAfter: must be whole seconds >= 0 or an HTTP date/,
    ],
    [
      'more hits left than it was given',
      { times: 1, remaining: 2, kind: { status: 500 } },
      /remaining: must not exceed times \(1\)/,
    ],
  ])('refuses %s', (_name, spec, message) => {
    expect(inject(spec)).toThrow(MockControlError);
    expect(inject(spec)).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_fault', message: expect.stringMatching(message) }),
    );
    expect(faults.list()).toEqual([]);
  });

  it('reports every problem of a spec at once', () => {
    expect(inject({ operation: 'nope', rate: 2, kind: { status: 204 } })).toThrow(
      /operation: .*; rate: .*; kind\.status: /,
    );
  });

  it('a refused status 200 fault can never make ledger.me() resolve to an error body typed as an Identity', async () => {
    expect(inject({ operation: 'getMe', kind: { status: 200 } })).toThrow(MockControlError);
    expect(await ledger.me()).toMatchObject({ user_id: expect.any(String), token_id: expect.any(String) });
  });

  it('accepts every documented kind at its bounds, and every operationId of openapi.json or "*"', () => {
    const accepted: FaultSpec[] = [
      { kind: { latencyMs: 0 } },
      { kind: { latencyMs: 60_000 } },
      { kind: { status: 400 } },
      { kind: { status: 599, retryAfter: 0, body: { error: 'x', code: 'y' } } },
      { kind: { status: 429, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' } },
      { kind: { networkError: true } },
      { kind: { afterApply: 'networkError' } },
      { kind: { afterApply: { status: 503, retryAfter: 1 } } },
      { times: 0, rate: 0, kind: { status: 500 } },
      { times: Infinity, rate: 1, operation: '*', kind: { status: 500 } },
      ...documentOperations().map((o) => ({ operation: o.operationId, times: 1, kind: { status: 500 } }) as FaultSpec),
    ];
    for (const spec of accepted) expect(faults.inject(spec)).toMatch(/^fault_\d+$/);
    expect(faults.list()).toHaveLength(accepted.length);
    faults.clear();
  });
});
