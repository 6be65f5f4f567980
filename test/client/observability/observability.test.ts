// docs/observability.md shows the other files of this folder verbatim, and only them: this runs each of them
// through the real path (the client against the fake) and checks the document still shows them as they are.
import { readdirSync, readFileSync } from 'node:fs';
import type { Span, SpanOptions, SpanStatus, Tracer } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient, NetworkError, type ClientLogger } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { loggingClient } from './logging';
import { attemptTimes } from './metrics';
import { traceLedger } from './tracing';

const mock = createLedgerMock({ scenario: 'demo', seed: 'observability' });
const TOKEN = DEMO_TOKENS.alex;
const FAST = { baseDelayMs: 1, maxDelayMs: 1 };
const client = () => createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch: mock.fetch, retry: FAST });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
afterEach(() => mock.control.reset());

describe('docs/observability.md', () => {
  const doc = readFileSync(new URL('../../../docs/observability.md', import.meta.url), 'utf8');
  const examples = readdirSync(new URL('.', import.meta.url)).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  );

  it.each(examples)('shows %s verbatim', (name) => {
    const example = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
    expect(example.startsWith(`// ${name}\n`)).toBe(true);
    expect(doc).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('has no ts code block that is not one of those files (so every block is run here)', () => {
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const files = new Set(examples.map((name) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')));
    expect(blocks.length).toBe(examples.length);
    for (const block of blocks) expect(files.has(block), block.split('\n')[0]).toBe(true);
  });
});

describe('metrics.ts', () => {
  it('keys attempts by method, route template and status, whatever the ids', async () => {
    mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 0 } });
    const ledger = client();
    const times = attemptTimes(ledger);
    await ledger.me();
    await ledger.accounts.get(DEMO_IDS.accounts.everydayChecking);
    await ledger.accounts.get(DEMO_IDS.accounts.jointSavings);
    await expect(ledger.accounts.get(UNKNOWN)).rejects.toMatchObject({ status: 404 });
    expect([...times.keys()].sort()).toEqual([
      'GET /api/public/v1/accounts/{id} 200',
      'GET /api/public/v1/accounts/{id} 404',
      'GET /api/public/v1/me 200',
      'GET /api/public/v1/me 503',
    ]);
    expect(times.get('GET /api/public/v1/accounts/{id} 200')!.attempts).toBe(2);
    expect(times.get('GET /api/public/v1/me 503')!.totalMs).toBeGreaterThanOrEqual(0);
  });
});

describe('logging.ts, against ledger-mock over HTTP', () => {
  const server = createLedgerMockServer({ scenario: 'demo' });
  let running: RunningLedgerMockServer;
  beforeAll(async () => {
    running = await server.listen();
  });
  afterAll(() => running.close());

  it('writes a debug line per attempt, and nothing else for a call that succeeds', async () => {
    const lines: string[] = [];
    const log: ClientLogger = {
      debug: (l) => void lines.push(`debug ${l}`),
      info: (l) => void lines.push(`info ${l}`),
      warn: (l) => void lines.push(`warn ${l}`),
      error: (l) => void lines.push(`error ${l}`),
    };
    await loggingClient(running.url, TOKEN, log).categories.list();
    expect(lines).toEqual([
      expect.stringMatching(
        /^debug personal-ledger-sdk: GET \/api\/public\/v1\/categories -> 200 in [\d.]+ ms \(attempt 1\)$/,
      ),
    ]);
  });
});

/** A span that keeps what the recipe does to it. */
interface RecordedSpan {
  name: string;
  options: SpanOptions | undefined;
  attributes: Record<string, unknown>;
  events: Array<{ name: string; attributes: unknown }>;
  status: SpanStatus | undefined;
  exceptions: unknown[];
  ended: boolean;
}

function recordingTracer() {
  const spans: RecordedSpan[] = [];
  const tracer = {
    startSpan(name: string, options?: SpanOptions): Span {
      const record: RecordedSpan = {
        name,
        options,
        attributes: { ...options?.attributes },
        events: [],
        status: undefined,
        exceptions: [],
        ended: false,
      };
      spans.push(record);
      const span = {
        setAttribute: (key: string, value: unknown) => ((record.attributes[key] = value), span),
        setAttributes: (attributes: Record<string, unknown>) => (Object.assign(record.attributes, attributes), span),
        addEvent: (eventName: string, attributes: unknown) => (
          record.events.push({ name: eventName, attributes }), span
        ),
        setStatus: (status: SpanStatus) => ((record.status = status), span),
        recordException: (exception: unknown) => void record.exceptions.push(exception),
        end: () => void (record.ended = true),
      };
      return span as unknown as Span;
    },
  };
  return { tracer: tracer as unknown as Tracer, spans };
}

describe('tracing.ts (OpenTelemetry)', () => {
  it('one span per call named by its route template, a retry as an event, errors marked, every span ended', async () => {
    const { tracer, spans } = recordingTracer();
    const ledger = client();
    const stop = traceLedger(ledger, tracer);
    mock.control.faults.inject({ operation: 'listAccounts', times: 1, kind: { status: 503, retryAfter: 0 } });
    await ledger.accounts.list();
    await expect(ledger.accounts.get(UNKNOWN)).rejects.toMatchObject({ status: 404 });
    mock.control.faults.inject({ operation: 'createAccount', times: 1, kind: { afterApply: 'networkError' } });
    await expect(
      ledger.accounts.create({ name: 'Traced', category_id: DEMO_IDS.categories.cash }),
    ).rejects.toBeInstanceOf(NetworkError);
    stop();
    await ledger.me(); // after stop(): no span

    expect(spans.map((s) => s.name)).toEqual([
      'GET /api/public/v1/accounts',
      'GET /api/public/v1/accounts/{id}',
      'POST /api/public/v1/accounts',
    ]);
    expect(spans.every((s) => s.ended)).toBe(true);
    const [list, get, create] = spans;
    expect(list!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.template': '/api/public/v1/accounts',
      'http.response.status_code': 200,
      'http.request.resend_count': 1,
    });
    expect(list!.events).toEqual([{ name: 'retry', attributes: { attempt: 1, delay_ms: 0, status: 503 } }]);
    expect(list!.status).toBeUndefined();
    expect(get!.attributes).toMatchObject({
      'url.template': '/api/public/v1/accounts/{id}',
      'http.response.status_code': 404,
    });
    expect(get!.status).toEqual({ code: 2 }); // SpanStatusCode.ERROR
    expect(create!.exceptions).toHaveLength(1);
    expect(create!.exceptions[0]).toBeInstanceOf(NetworkError);
    expect(create!.status).toEqual({ code: 2 });
  });

  it('with the global tracer of @opentelemetry/api (a no-op until an SDK registers one), calls run as before', async () => {
    const ledger = client();
    traceLedger(ledger);
    await expect(ledger.me()).resolves.toMatchObject({ user_id: DEMO_IDS.users.alex });
  });
});
