// A fake's one route table (mocks/core/route-table.ts): the API's operations, the control routes under /__mock and
// ledger-mock's inspector routes compiled into one router, matched once per request; each surface keeps its own
// answer to a request none of its routes serves.
import { afterEach, describe, expect, it } from 'vitest';
import { createFrontDoor } from '../../mocks/control-http/front-door';
import { controlSurface } from '../../mocks/control-http/routes';
import { assembleLedgerMock, requestJournalOf } from '../../mocks/create-ledger-mock';
import { apiSurfaceOf, type RequestHandler } from '../../mocks/core/handle-request';
import type { MockReply, MockRequest, MockResponse } from '../../mocks/core/messages';
import { compileRouteTable, type Surface } from '../../mocks/core/route-table';
import { createInspector, type Inspector } from '../../mocks/inspector/inspector';
import { DEMO_IDS, DEMO_TOKENS } from '../../mocks/scenarios/demo';

const alex = { authorization: `Bearer ${DEMO_TOKENS.alex}` };
const request = (method: string, path: string, headers: MockRequest['headers'] = {}): MockRequest => ({
  method,
  path,
  query: '',
  headers,
});
const answered = (reply: MockReply): MockResponse & { json: unknown } => {
  if (!('status' in reply)) throw new Error('a dropped connection');
  return { ...reply, json: JSON.parse(reply.body) };
};

const inspectors: Inspector[] = [];
afterEach(() => {
  for (const inspector of inspectors.splice(0)) inspector.close();
});

/** A demo fake, with its API, control and inspector surfaces. */
async function surfaces() {
  const mock = assembleLedgerMock({ scenario: 'demo', now: '2026-03-01T00:00:00Z' });
  await mock.ready;
  const inspector = createInspector(mock, requestJournalOf(mock)!);
  inspectors.push(inspector);
  return { mock, api: apiSurfaceOf(mock.handle), control: controlSurface(mock.control), inspector: inspector.routes };
}

describe("a front door's one route table", () => {
  it('one compiled table serves an API route, a /__mock route and an inspector route', async () => {
    const { api, control, inspector } = await surfaces();
    const table = compileRouteTable([api, control, inspector]);
    const me = answered(await table.answer(request('GET', '/api/public/v1/me', alex), api));
    expect([me.status, me.json]).toEqual([200, expect.objectContaining({ user_id: DEMO_IDS.users.alex })]);
    const clock = answered(await table.answer(request('GET', '/__mock/clock'), control));
    expect([clock.status, clock.json]).toEqual([200, { now: '2026-03-01T00:00:00.000Z', frozen: true }]);
    const state = answered(await table.answer(request('GET', '/__mock/inspector/state'), control));
    expect([state.status, state.json]).toEqual([200, expect.objectContaining({ state_version: expect.any(Number) })]);
    const account = answered(
      await table.answer(request('GET', `/api/public/v1/accounts/${DEMO_IDS.accounts.everydayChecking}`, alex), api),
    );
    expect(account.json).toMatchObject({ id: DEMO_IDS.accounts.everydayChecking }); // the `:id` decoded and served
  });

  it('a method a path lacks is answered by the surface of the path, in its own words', async () => {
    const { api, control, inspector } = await surfaces();
    const table = compileRouteTable([api, control, inspector]);
    const apiMiss = answered(await table.answer(request('DELETE', '/api/public/v1/me'), api));
    expect([apiMiss.status, apiMiss.json]).toEqual([
      404,
      { error: 'No operation DELETE /api/public/v1/me', code: 'route_not_found' },
    ]);
    const controlMiss = answered(await table.answer(request('DELETE', '/__mock/clock'), control));
    expect([controlMiss.status, controlMiss.headers.allow, controlMiss.json]).toEqual([
      405,
      'GET, PUT',
      { error: 'DELETE is not allowed on /__mock/clock; use GET, PUT', code: 'method_not_allowed' },
    ]);
    // `control` is the owner of the prefix, yet the inspector's own path is the inspector's to answer.
    const inspectorMiss = answered(await table.answer(request('POST', '/__mock/inspector/events'), control));
    expect([inspectorMiss.status, inspectorMiss.headers.allow, inspectorMiss.json]).toEqual([
      405,
      'GET',
      { error: 'POST is not allowed on /__mock/inspector/events; use GET', code: 'method_not_allowed' },
    ]);
  });

  it('a path no route has is answered by the surface that owns its prefix (the front door names it)', async () => {
    const { api, control, inspector } = await surfaces();
    const table = compileRouteTable([api, control, inspector]);
    for (const path of ['/__mock/nope', '/__mock/inspector/requests/abc', '/__mock/inspector/state/']) {
      const miss = answered(await table.answer(request('GET', path), control));
      expect([miss.status, miss.json], path).toEqual([
        404,
        { error: `No control route ${path}; GET /__mock lists them`, code: 'route_not_found' },
      ]);
    }
    const list = answered(await table.answer(request('GET', '/__mock/'), control));
    expect(list.json).toEqual({ routes: expect.arrayContaining([expect.objectContaining({ path: '/__mock/clock' })]) });
    const api404 = answered(await table.answer(request('GET', '/__mock/clock/x'), api));
    expect(api404.json).toEqual({ error: 'No operation GET /__mock/clock/x', code: 'route_not_found' });
  });

  it('the inspector routes join the table only where the front door has an inspector', async () => {
    const { mock, inspector } = await surfaces();
    const target = { api: mock.handle, control: mock.control };
    const plain = answered(await createFrontDoor(target)(request('GET', '/__mock/inspector/state')));
    expect([plain.status, (plain.json as { code: string }).code]).toEqual([404, 'route_not_found']);
    const hooks = { page: () => undefined, routes: inspector, answered: () => undefined };
    const withInspector = answered(
      await createFrontDoor({ ...target, inspector: hooks })(request('GET', '/__mock/inspector/state')),
    );
    expect(withInspector.status).toBe(200);
  });

  it('a front door compiles its table once, on its first request, whatever the surface asked', async () => {
    const { mock, inspector } = await surfaces();
    let compiled = 0;
    const counted: Surface = {
      ...inspector,
      get routes() {
        compiled++; // the table reads each surface's routes once, when it is compiled
        return inspector.routes;
      },
    };
    const door = createFrontDoor({
      api: mock.handle,
      control: mock.control,
      inspector: { page: () => undefined, routes: counted, answered: () => undefined },
    });
    expect(compiled).toBe(0);
    for (const path of ['/api/public/v1/me', '/__mock/clock', '/__mock/inspector/state', '/nope', '/__mock/nope'])
      await door(request('GET', path, alex));
    expect(compiled).toBe(1);
  });

  it('refuses, when it is compiled, two surfaces that route one path', () => {
    const serve = () => Promise.resolve({ status: 200, headers: {}, body: '' });
    const one = (name: Surface['name'], path: string): Surface => ({
      name,
      routes: [{ method: 'GET', path, value: serve }],
      unknown: serve,
    });
    expect(() => compileRouteTable([one('control', '/__mock/x/:id'), one('inspector', '/__mock/x/:name')])).toThrow(
      '/__mock/x/:name is routed by both control and inspector',
    );
    expect(() => compileRouteTable([one('control', '/__mock/x'), one('control', '/__mock/y')])).not.toThrow();
  });

  it("a handler of one's own (wrapping the core) is asked about every path outside /__mock", async () => {
    const { mock } = await surfaces();
    const seen: string[] = [];
    const own: RequestHandler = (req) => {
      seen.push(`${req.method} ${req.path}`);
      return mock.handle(req);
    };
    const door = createFrontDoor({ api: own, control: mock.control });
    expect(answered(await door(request('GET', '/api/public/v1/me', alex))).status).toBe(200);
    expect(answered(await door(request('GET', '/elsewhere'))).status).toBe(404);
    expect(answered(await door(request('GET', '/__mock/clock'))).status).toBe(200);
    expect(seen).toEqual(['GET /api/public/v1/me', 'GET /elsewhere']);
  });
});
