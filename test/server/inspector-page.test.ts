// The inspector page of ledger-mock over HTTP: a browser asking for /__mock/ gets the page (a strict
// Content-Security-Policy, its own script and stylesheet, nothing inline), JSON clients keep the list of routes;
// the page's files hold no data and need no control token, while its routes sit behind every check /__mock has.
import { describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import type { LedgerMockServerOptions } from 'personal-ledger-sdk/mocks/node';
import { INSPECTOR_CSP, prefersHtml } from '../../mocks/inspector/page-files';
import { caller, rawRequest } from './state-support';
import { serversForThisFile, within } from './support';

const servers = serversForThisFile();

async function start(options: LedgerMockServerOptions = {}) {
  const { server, listening } = await servers.serve(options);
  return {
    server,
    listening,
    call: caller(listening.url),
    raw: (method: string, path: string, headers: Record<string, string> = {}) =>
      rawRequest(listening.url, method, path, { headers }),
  };
}

/** What Chromium sends when a person opens the address. */
const BROWSER =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const TOKEN = 'control-token-for-tests-0123456789';

describe('GET /__mock/: the page for a browser, the list of routes for everyone else', () => {
  it('a browser (Accept: text/html...) gets the page: HTML under a strict CSP that no page may frame', async () => {
    const { raw } = await start();
    for (const path of ['/__mock/', '/__mock']) {
      const page = await raw('GET', path, { accept: BROWSER });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe(INSPECTOR_CSP);
      expect(INSPECTOR_CSP).toMatch(
        /^default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';.*frame-ancestors 'none'$/,
      );
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('vary')).toBe('Accept');
      expect(page.body).toMatch(/^<!doctype html>/);
    }
  });

  it('the page has no inline script or style: it loads its own script and stylesheet, and nothing from elsewhere', async () => {
    const { raw } = await start();
    const { body: html } = await raw('GET', '/__mock/', { accept: BROWSER });
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every <script> has a src
    expect(html).not.toMatch(/\sstyle=|<style|\son[a-z]+=|javascript:/i);
    const addresses = [...(html as string).matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(addresses.sort()).toEqual(['/__mock/inspector/inspector.css', '/__mock/inspector/inspector.js', 'data:,']);
    const script = await raw('GET', '/__mock/inspector/inspector.js');
    expect([script.status, script.headers.get('content-type'), script.headers.get('x-content-type-options')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'nosniff',
    ]);
    expect(script.body).toContain('/__mock/inspector/events');
    // No eval, no HTML from strings, no address but SVG's namespace (a name, never fetched).
    expect(script.body.replaceAll('"http://www.w3.org/2000/svg"', '')).not.toMatch(
      /\beval\(|new Function\(|innerHTML|insertAdjacentHTML|https?:\/\//,
    );
    const style = await raw('GET', '/__mock/inspector/inspector.css');
    expect([style.status, style.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect(style.body).not.toMatch(/@import|url\(/);
  });

  it.each([
    ['no Accept header', undefined],
    ['Accept: */* (curl, fetch, Python requests)', '*/*'],
    ['Accept: application/json', 'application/json'],
    ['JSON and HTML alike', 'application/json, text/html'],
    ['HTML weighed below JSON', 'text/html;q=0.5, application/json'],
    ['HTML refused', 'text/html;q=0, */*'],
  ])('a JSON client (%s) keeps exactly the list of routes it got before', async (_, accept) => {
    const { raw } = await start();
    const before = await createLedgerMock().fetch('https://ledger.test/__mock/'); // the same surface, which serves no page
    const listed = await raw('GET', '/__mock/', accept === undefined ? {} : { accept });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toBe('application/json');
    expect(listed.headers.get('content-security-policy')).toBeNull();
    expect(listed.body).toEqual(await before.json());
    expect(listed.body.routes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/__mock/reset' }));
  });

  it('in process (mock.fetch) there is no page: a browser Accept still gets the list of routes', async () => {
    const mock = createLedgerMock();
    const answer = await mock.fetch('https://ledger.test/__mock/', { headers: { accept: BROWSER } });
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(Array.isArray(((await answer.json()) as { routes: unknown }).routes)).toBe(true);
    expect((await mock.fetch('https://ledger.test/__mock/inspector/state')).status).toBe(404);
  });

  it('ledger-mock prints the page’s address in its banner, and --help says where it is', {
    timeout: 90_000,
  }, async () => {
    const run = servers.cli(['--port', '0']);
    const url = /^ledger-mock listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(
      await within(run.firstLine, 45_000, 'the first line'),
    )![1]!;
    await within(
      (async () => {
        while (!run.stdout().includes('Ctrl-C')) await new Promise((resolve) => setTimeout(resolve, 20));
      })(),
      15_000,
      'the banner',
    );
    const line = run
      .stdout()
      .split('\n')
      .find((text) => text.includes('Inspector:'));
    expect(line).toBe(`  Inspector: ${url}/__mock/   (open it in a browser: requests as they arrive, and the state)`);
    const page = await rawRequest(url, 'GET', '/__mock/', { headers: { accept: BROWSER } });
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    run.kill();
    const help = servers.cli(['--help']);
    await within(help.exited, 45_000, 'ledger-mock --help');
    expect(help.stdout()).toContain('Open <url>/__mock/ in a browser for the inspector page');
  });

  it('prefersHtml: text/html (or XHTML) named with more weight than application/json, and nothing else', () => {
    expect(prefersHtml(BROWSER)).toBe(true);
    expect(prefersHtml('application/xhtml+xml')).toBe(true);
    expect(prefersHtml('TEXT/HTML; charset=utf-8')).toBe(true);
    expect(prefersHtml('text/html;q=0.9, application/json;q=0.8')).toBe(true);
    for (const accept of [
      undefined,
      '',
      '*/*',
      'text/*',
      'application/json',
      'application/json, text/html',
      'text/html;q=0',
      'text/html;q=x',
    ])
      expect(prefersHtml(accept), String(accept)).toBe(false);
  });
});

describe('GET /__mock/inspector/state: what the page shows of the state', () => {
  it('tokens by id and prefix, accounts with their snapshot count and latest balance, webhook events without their rows but with each delivery’s outcome', async () => {
    const { call } = await start();
    const hook = await call('POST', '/__mock/webhooks', {
      user_id: DEMO_IDS.users.alex,
      url: 'http://127.0.0.1:9/nobody-listens',
    });
    expect(hook.status).toBe(201);
    const rows = ['2026-11-02', '2026-11-03'].map((day) => ({
      account_id: DEMO_IDS.accounts.everydayChecking,
      snapshot_date: day,
      balance: 3000,
    }));
    expect((await call('POST', '/api/public/v1/snapshots/bulk', { snapshots: rows }, DEMO_TOKENS.alex)).status).toBe(
      200,
    );
    await call('POST', '/__mock/faults', { operation: 'getMe', status: 503, times: 2 });
    const { status, body: state } = await call('GET', '/__mock/inspector/state');
    expect(status).toBe(200);
    expect(state.clock).toEqual({ now: '2026-11-01T09:00:00.000Z', frozen: true });
    expect(state.households).toEqual([expect.objectContaining({ id: DEMO_IDS.household, plan: 'household_sharing' })]);
    expect(state.tokens[0]).toEqual({
      id: expect.any(String),
      prefix: DEMO_TOKENS.alex.slice(0, 8),
      user_id: DEMO_IDS.users.alex,
      name: expect.any(String),
      scopes: expect.any(Array),
      status: 'active',
    });
    const checking = state.accounts.find((a: { id: string }) => a.id === DEMO_IDS.accounts.everydayChecking);
    expect(checking).toMatchObject({
      visibility: 'private',
      lifecycle_status: 'active',
      liquidity_tier: 'auto',
      snapshots: 14,
      latest: { snapshot_date: '2026-11-03', balance: 3000, is_estimated: false },
    });
    expect(state.events.total).toBe(1);
    expect(state.events.latest).toEqual([
      {
        id: expect.any(String),
        created_at: '2026-11-01T09:00:00.000Z',
        operation: 'bulkUpsertSnapshots',
        user_id: DEMO_IDS.users.alex,
        snapshots: 2,
        accounts: [DEMO_IDS.accounts.everydayChecking],
        // The demo's own subscription, and this one, which nobody answers.
        deliveries: expect.arrayContaining([
          {
            subscription_id: hook.body.id,
            url: 'http://127.0.0.1:9/nobody-listens',
            outcome: 'failed',
            error: 'connect ECONNREFUSED 127.0.0.1:9',
          },
        ]),
      },
    ]);
    expect(state.faults).toEqual([
      expect.objectContaining({ operation: 'getMe', status: 503, times: 2, remaining: 2 }),
    ]);
    expect(state.checkpoints).toEqual([]);
    expect(JSON.stringify(state)).not.toContain(DEMO_TOKENS.alex);
  });
});

describe('the page obeys every protection of /__mock, and adds no way to change anything', () => {
  it('off loopback the page files need no control token (they hold no data); every inspector route does, and works with it', async () => {
    const { raw, listening } = await start({ controlToken: TOKEN });
    expect((await raw('GET', '/__mock/', { accept: BROWSER })).status).toBe(200);
    expect((await raw('GET', '/__mock/inspector/inspector.js')).status).toBe(200);
    expect((await raw('GET', '/__mock/')).body.code).toBe('control_token_required'); // the JSON list still needs it
    for (const path of [
      '/__mock/inspector/events',
      '/__mock/inspector/state',
      '/__mock/inspector/requests/1',
      '/__mock/snapshots',
    ]) {
      const refused = await raw('GET', path);
      expect([refused.status, refused.body.code], path).toEqual([401, 'control_token_required']);
      expect(JSON.stringify(refused.body)).not.toContain(DEMO_IDS.users.alex);
      expect((await raw('GET', path, { 'x-ledger-mock-control': 'not-the-token-0123456789' })).body.code, path).toBe(
        'invalid_control_token',
      );
    }
    const state = await raw('GET', '/__mock/inspector/state', { 'x-ledger-mock-control': TOKEN });
    expect(state.status).toBe(200);
    expect(state.body.users.map((u: { id: string }) => u.id)).toContain(DEMO_IDS.users.alex);
    expect(listening.controlToken).toBe(TOKEN);
  });

  it('a foreign Host gets neither the page nor its data (403 host_not_allowed); a foreign Origin neither', async () => {
    const { raw, listening } = await start();
    const evil = `evil.example:${listening.port}`;
    for (const path of [
      '/__mock/',
      '/__mock/inspector/inspector.js',
      '/__mock/inspector/events',
      '/__mock/inspector/state',
    ]) {
      const refused = await raw('GET', path, { host: evil, accept: BROWSER });
      expect([refused.status, refused.body.code], path).toEqual([403, 'host_not_allowed']);
      const foreign = await raw('GET', path, { origin: 'http://evil.example', accept: BROWSER });
      expect([foreign.status, foreign.body.code], path).toEqual([403, 'origin_not_allowed']);
    }
    // Its own origin is fine (a browser sends Origin on the page's own POSTs).
    expect((await raw('GET', '/__mock/inspector/state', { origin: listening.url })).status).toBe(200);
  });

  it('its routes are read-only: any other method is 405 (Allow: GET) and changes nothing', async () => {
    const { server, raw } = await start();
    const before = await server.mock.control.dump();
    for (const path of ['/__mock/inspector/events', '/__mock/inspector/state', '/__mock/inspector/requests/1']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const refused = await raw(method, path, { 'content-type': 'application/json' });
        expect([refused.status, refused.body.code, refused.headers.get('allow')], `${method} ${path}`).toEqual([
          405,
          'method_not_allowed',
          'GET',
        ]);
      }
    }
    expect((await raw('POST', '/__mock/inspector/inspector.js', { 'content-type': 'application/json' })).status).toBe(
      404,
    );
    expect((await raw('POST', '/__mock/', { 'content-type': 'text/plain', accept: BROWSER })).status).toBe(415); // as before: a change must be JSON
    expect(await server.mock.control.dump()).toEqual(before);
  });

  it("a request's row and bodies name the user behind the token, never the token", async () => {
    const { call, listening } = await start();
    const write = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-02', balance: 12.5 },
      DEMO_TOKENS.alex,
    );
    expect(write.status).toBe(201);
    const events = await call('GET', '/__mock/inspector/events');
    const row = events.body.requests.at(-1);
    expect(row).toMatchObject({
      method: 'POST',
      path: '/api/public/v1/snapshots',
      status: 201,
      operation_id: 'upsertSnapshot',
      user: { id: DEMO_IDS.users.alex, name: 'Alex' },
    });
    expect(row.accounts).toEqual([DEMO_IDS.accounts.everydayChecking]);
    const bodies = await call('GET', `/__mock/inspector/requests/${row.id}`);
    expect(JSON.parse(bodies.body.request.body)).toEqual({
      account_id: DEMO_IDS.accounts.everydayChecking,
      snapshot_date: '2026-11-02',
      balance: 12.5,
    });
    expect(JSON.parse(bodies.body.response.body)).toMatchObject({ action: 'inserted' });
    const everything = JSON.stringify([events.body, bodies.body, (await call('GET', '/__mock/inspector/state')).body]);
    expect(everything).not.toContain(DEMO_TOKENS.alex);
    expect(everything).not.toContain(DEMO_TOKENS.alex.slice(8)); // not even the part after the listed prefix
    expect(everything.toLowerCase()).not.toContain('authorization');
    expect(listening.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});
