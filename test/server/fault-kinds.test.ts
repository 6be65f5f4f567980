// Every kind of fault, driven from the one table of kinds (mocks/core/fault-kinds.ts): injected over /__mock it
// lists back in the shape POST takes, in code it is the same fault, and a malformed one is refused with the same
// invalid_fault message over HTTP as in code (in each one's spelling). A kind added to the table without an
// example here fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_TOKENS, type FaultKind, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { FAULT_KINDS } from '../../mocks/core/fault-kinds';
import { caller, type Answer } from './state-support';

/** One valid fault of each kind: as code writes it, and as the wire of /__mock does (the kind's fields at the top level). */
const EXAMPLES: Record<string, { code: FaultKind; wire: Record<string, unknown> }> = {
  latencyMs: { code: { latencyMs: 1 }, wire: { latency_ms: 1 } },
  status: {
    code: { status: 429, retryAfter: 3, body: { error: 'slow down', code: 'rate_limited' } },
    wire: { status: 429, retry_after: 3, body: { error: 'slow down', code: 'rate_limited' } },
  },
  networkError: { code: { networkError: true }, wire: { network_error: true } },
  afterApply: {
    code: { afterApply: { status: 503, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' } },
    wire: { after_apply: { status: 503, retry_after: 'Wed, 21 Oct 2026 07:28:00 GMT' } },
  },
};

/** Each field of every kind as code spells it -> as the wire spells it, from the table. */
const WIRE_NAMES = new Map(FAULT_KINDS.flatMap((type) => Object.entries(type.fields)));

/** A message about a fault in code's words, in the wire's: `kind.` goes (the kind's fields are top-level) and each field is spelled as the wire spells it. */
function inWireWords(message: string): string {
  return message.replace(/\bkind\./g, '').replace(/\b[a-zA-Z]+\b/g, (word) => WIRE_NAMES.get(word) ?? word);
}

const mock: LedgerMock = createLedgerMock({ scenario: 'demo', seed: 'fault-kinds' });
const server = createLedgerMockServer({ scenario: 'demo', seed: 'fault-kinds' });
let running: RunningLedgerMockServer | undefined;
beforeAll(async () => {
  running = await server.listen();
});
afterAll(() => running?.close());

/** Calls through `fetch` at `url`, JSON in and out. */
function callerThrough(fetch: typeof globalThis.fetch, url: string) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${url}${path}`, {
      method,
      ...(method !== 'GET' ? { headers: { 'content-type': 'application/json' } } : {}), // as /__mock requires of a change
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
}

/** The ways in, to /__mock and to the API: mock.fetch, and ledger-mock over real HTTP; each with the fake behind it. */
const waysIn = [
  {
    name: 'mock.fetch',
    fake: () => mock,
    call: callerThrough(mock.fetch, mock.baseUrl),
    fetch: () => mock.fetch,
    url: () => mock.baseUrl,
  },
  {
    name: 'ledger-mock over HTTP',
    fake: () => server.mock,
    call: (method: string, path: string, body?: unknown) => caller(running!.url)(method, path, body),
    fetch: () => globalThis.fetch,
    url: () => running!.url,
  },
];

describe('the table of fault kinds', () => {
  it('every kind of the table has an example here (a new kind is tested once it has one)', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(FAULT_KINDS.map((type) => type.name).sort());
  });

  describe.each(waysIn)('through $name', ({ fake, call, fetch, url }) => {
    // Kinds without an example fail the test above; the rest are tested here.
    describe.each(FAULT_KINDS.filter((type) => type.name in EXAMPLES).map((type) => [type.name, type] as const))(
      '%s',
      (name, type) => {
        const { code, wire } = EXAMPLES[name]!;

        it('round-trips: GET /__mock/faults lists what POST took, POSTed back it lists the same; in code it is the same fault', async () => {
          await call('DELETE', '/__mock/faults');
          const posted = await call('POST', '/__mock/faults', {
            id: `${name}_1`,
            operation: 'getMe',
            times: 2,
            ...wire,
          });
          expect([posted.status, posted.body]).toEqual([201, { id: `${name}_1` }]);
          const listed = (await call('GET', '/__mock/faults')).body;
          expect(listed).toEqual([{ id: `${name}_1`, operation: 'getMe', times: 2, remaining: 2, rate: 1, ...wire }]);
          expect(fake().control.faults.list()).toEqual([
            { id: `${name}_1`, operation: 'getMe', times: 2, remaining: 2, rate: 1, kind: code },
          ]);

          await call('DELETE', '/__mock/faults');
          expect((await call('POST', '/__mock/faults', listed[0])).status).toBe(201);
          expect((await call('GET', '/__mock/faults')).body).toEqual(listed);

          await call('DELETE', '/__mock/faults');
          fake().control.faults.inject({ id: `${name}_2`, kind: code });
          expect((await call('GET', '/__mock/faults')).body).toEqual([
            { id: `${name}_2`, operation: '*', times: null, remaining: null, rate: 1, ...wire },
          ]);
          await call('DELETE', '/__mock/faults');
        });

        it('is journaled in the wire’s words over /__mock, and in code’s in journal.entries()', async () => {
          await call('DELETE', '/__mock/faults');
          await call('DELETE', '/__mock/journal');
          await call('POST', '/__mock/faults', { operation: 'getMe', times: 1, ...wire });
          await fetch()(`${url()}/api/public/v1/me`, { headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` } }).then(
            (res) => res.text(),
            () => 'dropped',
          );
          const [entry] = (await call('GET', '/__mock/journal')).body;
          const [inCode] = fake().control.journal.entries();
          expect(inCode!.fault).toBe(type.describe(code as never));
          expect(entry.fault).toBe(inWireWords(inCode!.fault!));
          for (const [inCodeName, onWire] of WIRE_NAMES)
            if (inCodeName !== onWire) expect(entry.fault).not.toMatch(new RegExp(`\\b${inCodeName}\\b`));
        });

        it('malformed, it is refused with 400 invalid_fault and the same message as in code, in the wire’s words; nothing is injected', async () => {
          await call('DELETE', '/__mock/faults');
          const field = WIRE_NAMES.get(type.name)!;
          for (const bad of ['malformed', -1, { unknown_field: 1 }]) {
            const overWire = await call('POST', '/__mock/faults', { [field]: bad });
            let inCode: unknown;
            try {
              fake().control.faults.inject({ kind: { [type.name]: bad } as unknown as FaultKind });
            } catch (error) {
              inCode = error;
            }
            expect(inCode).toMatchObject({
              status: 400,
              code: 'invalid_fault',
              message: expect.stringMatching(new RegExp(`^Invalid fault: kind\\.${type.name}[.:]`)),
            });
            expect([overWire.status, overWire.body.code]).toEqual([400, 'invalid_fault']);
            expect(overWire.body.error).toBe(inWireWords((inCode as Error).message));
          }
          expect((await call('GET', '/__mock/faults')).body).toEqual([]);
          expect(fake().control.faults.list()).toEqual([]);
        });
      },
    );
  });
});
