// The inspector's feed of requests, GET /__mock/inspector/events, and what it keeps: a waiting page is answered as
// soon as a request is, or when its wait runs out; at most INSPECTOR_LIMITS.waitingPolls pages wait at once; an answer
// carries at most the newest INSPECTOR_LIMITS.requestsPerAnswer requests and counts the rest; the last
// INSPECTOR_LIMITS.requestsKept requests are kept with the first INSPECTOR_LIMITS.bodyBytes of each body.
import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { INSPECTOR_LIMITS } from '../../mocks/inspector/limits';
import type { EventsAnswer, RequestBodies } from '../../mocks/inspector/wire';
import { caller } from './state-support';
import { serversForThisFile, within } from './support';

const servers = serversForThisFile();

async function start() {
  const { server, listening } = await servers.serve({ scenario: 'demo' });
  const call = caller(listening.url);
  const events = async (query = ''): Promise<EventsAnswer> => {
    const answer = await call('GET', `/__mock/inspector/events${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as EventsAnswer;
  };
  const me = () => call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex);
  return { server, listening, call, events, me };
}

const { requestsKept, requestsPerAnswer, waitingPolls, bodyBytes } = INSPECTOR_LIMITS;

describe('GET /__mock/inspector/events: news as it happens', () => {
  it('a waiting page is answered with the request as soon as it is answered (well within its 20 s wait)', async () => {
    const { events, me } = await start();
    const seen = await events();
    const waiting = events(`?after=${seen.last_id}&epoch=${seen.epoch}&version=${seen.state_version}&wait=20000`);
    const started = performance.now();
    expect((await me()).status).toBe(200);
    const answer = await waiting;
    console.log(
      `a waiting poll was answered ${(performance.now() - started).toFixed(1)} ms after the request was sent (the request's own round trip included)`,
    );
    expect(answer.requests.map((r) => [r.method, r.path, r.status, r.user?.name])).toEqual([
      ['GET', '/api/public/v1/me', 200, 'Alex'],
    ]);
    expect(answer.last_id).toBe(answer.requests[0]!.id);
    expect(answer.missed).toBe(0);
  });

  it('with nothing new, it answers when its wait runs out, with no request', async () => {
    const { events } = await start();
    const seen = await events();
    const answer = await events(`?after=${seen.last_id}&epoch=${seen.epoch}&version=${seen.state_version}&wait=50`);
    expect(answer).toEqual({ ...seen, requests: [] });
  });

  it('a write or a /__mock change moves state_version (the page reads the state again); a read does not', async () => {
    const { events, me, call } = await start();
    const first = await events();
    await me();
    expect((await events()).state_version).toBe(first.state_version);
    await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-02', balance: 1 },
      DEMO_TOKENS.alex,
    );
    const afterWrite = await events();
    expect(afterWrite.state_version).toBeGreaterThan(first.state_version);
    await call('POST', '/__mock/checkpoints', { name: 'here' });
    expect((await events()).state_version).toBeGreaterThan(afterWrite.state_version);
    const refused = await call('POST', '/__mock/checkpoints', { name: 7 });
    expect(refused.status).toBe(422);
    const unchanged = await events();
    await call('POST', '/__mock/checkpoints', { name: 7 });
    expect((await events()).state_version).toBe(unchanged.state_version); // a refused change changed nothing
  });

  it('a cleared journal is a new epoch: a page of the old one is answered at once with the new list', async () => {
    const { events, me, call } = await start();
    await me();
    const before = await events();
    expect(before.requests).toHaveLength(1);
    const waiting = events(`?after=${before.last_id}&epoch=${before.epoch}&version=${before.state_version}&wait=20000`);
    expect((await call('DELETE', '/__mock/journal')).status).toBe(200);
    const after = await waiting;
    expect(after.epoch).not.toBe(before.epoch);
    expect(after.requests).toEqual([]);
    await me();
    const next = await events(`?after=${before.last_id}&epoch=${before.epoch}`); // still the old epoch: the newest of the new one
    expect(next.requests.map((r) => r.id)).toEqual([before.last_id + 1]);
    expect(next.missed).toBe(0);
  });

  it(`at most ${waitingPolls} pages wait at once: one more is 429 too_many_watchers with Retry-After, and once they are answered one may wait again`, async () => {
    const { events, call, me } = await start();
    const seen = await events();
    const query = `?after=${seen.last_id}&epoch=${seen.epoch}&version=${seen.state_version}&wait=20000`;
    // One more than may wait, all at once: whichever arrives when the others all wait is refused at once, and nothing
    // else can answer before news comes (none does until me() below).
    const polls = Array.from({ length: waitingPolls + 1 }, () => call('GET', `/__mock/inspector/events${query}`));
    const refused = await Promise.race(polls);
    expect([refused.status, refused.body.code, refused.headers.get('retry-after')]).toEqual([
      429,
      'too_many_watchers',
      '2',
    ]);
    await me(); // wakes every waiting page
    const answered = (await Promise.all(polls)).filter((poll) => poll.status === 200);
    expect(answered.map((poll) => (poll.body as EventsAnswer).requests.length)).toEqual(Array(waitingPolls).fill(1));
    const answers = answered.map((poll) => poll.body as EventsAnswer);
    const again = events(
      `?after=${answers[0]!.last_id}&epoch=${seen.epoch}&version=${answers[0]!.state_version}&wait=20000`,
    );
    await me();
    expect((await again).requests).toHaveLength(1);
  });

  it('closing the server answers the pages still waiting: none is left hanging', async () => {
    const { listening, events } = await start();
    const seen = await events();
    const waiting = fetch(
      `${listening.url}/__mock/inspector/events?after=${seen.last_id}&epoch=${seen.epoch}&version=${seen.state_version}&wait=25000`,
    ).then(
      (response) => `answered ${response.status}`,
      () => 'connection closed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50)); // let it start waiting (either way, it must settle)
    await listening.close();
    expect(await within(waiting, 10_000, 'the waiting poll to settle after close()')).toMatch(
      /^(answered 200|connection closed)$/,
    );
  });

  it('a bad query is 400 bad_request, naming what it takes', async () => {
    const { call } = await start();
    expect((await call('GET', '/__mock/inspector/events?wait=soon')).body).toEqual({
      error: 'wait must be a whole number, not "soon"',
      code: 'bad_request',
    });
    expect((await call('GET', '/__mock/inspector/events?after=-1')).status).toBe(400);
    expect((await call('GET', '/__mock/inspector/events?since=3')).body).toEqual({
      error: 'since is not a query parameter of /__mock/inspector/events; it takes after, epoch, version, wait',
      code: 'bad_request',
    });
    expect((await call('GET', '/__mock/inspector/state?x=1')).status).toBe(400);
  });
});

describe('what the inspector keeps, and how much of it one answer carries', () => {
  it(`an answer carries at most the ${requestsPerAnswer} newest requests after the last one seen; the others are counted as missed`, async () => {
    const { events, me } = await start();
    const seen = await events();
    for (let i = 0; i < requestsPerAnswer + 50; i++) await me();
    const answer = await events(`?after=${seen.last_id}&epoch=${seen.epoch}`);
    expect(answer.requests).toHaveLength(requestsPerAnswer);
    expect(answer.missed).toBe(50);
    expect(answer.requests.at(-1)!.id).toBe(answer.last_id); // the newest, oldest first
    expect(answer.requests.map((r) => r.id)).toEqual(
      Array.from({ length: requestsPerAnswer }, (_, i) => answer.last_id - requestsPerAnswer + 1 + i),
    );
    expect((await events(`?after=${answer.last_id}&epoch=${answer.epoch}`)).requests).toEqual([]);
  });

  it(`the last ${requestsKept} requests are kept with their bodies; an older one is 404 and counted as missed`, async () => {
    const { events, me, call } = await start();
    for (let i = 0; i < requestsKept + 30; i++) await me();
    const answer = await events('?after=0');
    expect(answer.missed).toBe(requestsKept + 30 - requestsPerAnswer); // 30 no longer kept, the rest beyond one answer
    const oldest = answer.last_id - requestsKept + 1;
    expect((await call('GET', `/__mock/inspector/requests/${oldest}`)).status).toBe(200);
    const gone = await call('GET', `/__mock/inspector/requests/${oldest - 1}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'not_found']);
    expect(gone.body.error).toContain(`the last ${requestsKept} requests`);
    expect((await call('GET', `/__mock/inspector/requests/${answer.last_id + 1}`)).status).toBe(404);
  });

  it('a request id never issued is 404 saying so (not "no longer kept"); one cleared with the journal says that', async () => {
    const { call, me } = await start();
    const none = await call('GET', '/__mock/inspector/requests/999');
    expect([none.status, none.body]).toEqual([
      404,
      {
        error:
          'There is no request 999: requests are numbered from 1 as they are answered, and none has been answered yet',
        code: 'not_found',
      },
    ]);
    await me();
    await me();
    const after = await call('GET', '/__mock/inspector/requests/999');
    expect(after.body.error).toBe(
      'There is no request 999: requests are numbered from 1 as they are answered, and the last one answered is 2',
    );
    expect((await call('GET', '/__mock/inspector/requests/0')).body.error).toMatch(/^There is no request 0: /);
    await call('DELETE', '/__mock/journal');
    const cleared = await call('GET', '/__mock/inspector/requests/1');
    expect([cleared.status, cleared.body.error]).toEqual([
      404,
      'Request 1 is no longer kept: the journal was cleared after it (a reset, a checkpoint restored, or DELETE /__mock/journal)',
    ]);
  });

  it(`a body is kept up to ${bodyBytes / 1024} KiB: its whole length is counted, the rest not kept`, async () => {
    const { events, call } = await start();
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      account_id: DEMO_IDS.accounts.everydayChecking,
      snapshot_date: day(i),
      balance: i + 0.25,
    }));
    const sent = JSON.stringify({ snapshots: rows });
    expect(Buffer.byteLength(sent)).toBeGreaterThan(2 * bodyBytes);
    const bulk = await call('POST', '/api/public/v1/snapshots/bulk', { snapshots: rows }, DEMO_TOKENS.alex);
    expect(bulk.status).toBe(200);
    const row = (await events()).requests.at(-1)!;
    expect(row).toMatchObject({
      operation_id: 'bulkUpsertSnapshots',
      request_bytes: Buffer.byteLength(sent),
      accounts: [DEMO_IDS.accounts.everydayChecking],
    });
    const bodies = (await call('GET', `/__mock/inspector/requests/${row.id}`)).body as RequestBodies;
    expect(bodies.request).toMatchObject({ bytes: Buffer.byteLength(sent), truncated: true, unread: false });
    expect(Buffer.byteLength(bodies.request.body!)).toBeLessThanOrEqual(bodyBytes + 2); // a character cut at the end decodes as U+FFFD
    expect(sent.startsWith(bodies.request.body!.slice(0, 1000))).toBe(true);
    expect(bodies.response).toMatchObject({ status: 200, truncated: false, content_type: 'application/json' });
    expect(JSON.parse(bodies.response.body!)).toMatchObject({ received: 3000 });
  });

  it('a refused request’s body is never read, so there is none to show: only its declared length', async () => {
    const { events, call } = await start();
    const refused = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-02', balance: 1 },
      'plk_notAToken0000000000000000000000000000',
    );
    expect(refused.status).toBe(401);
    const row = (await events()).requests.at(-1)!;
    expect(row).toMatchObject({ status: 401, code: 'invalid_token', user: null, token_id: null });
    const bodies = (await call('GET', `/__mock/inspector/requests/${row.id}`)).body as RequestBodies;
    expect(bodies.request).toMatchObject({ unread: true, body: null, bytes: expect.any(Number) });
  });
});

function day(offset: number): string {
  return new Date(Date.UTC(2020, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}
