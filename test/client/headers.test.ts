import { describe, expect, it } from 'vitest';
import type { Middleware } from 'personal-ledger-sdk';
import { identity, TOKEN } from './support/fixtures';
import { bothTransports } from './support/transports';

const sdkAgent = `personal-ledger-sdk/${__SDK_VERSION__}`;

describe.each(bothTransports())('request headers through $name', (transport) => {
  it('every request carries Authorization: Bearer <token>', async () => {
    transport.reply('get', '/api/public/v1/me', { json: identity });
    transport.reply('delete', '/api/public/v1/snapshots/:id', { json: { deleted: true, id: 's' } });
    const client = transport.client();
    await client.me();
    await client.snapshots.delete('s');
    expect(transport.requests.map((r) => r.headers.get('authorization'))).toEqual([
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);
  });

  it('a static Authorization header in the options cannot replace the token', async () => {
    transport.reply('get', '/api/public/v1/me', { json: identity });
    await transport.client({ headers: { Authorization: 'Bearer other' } }).me();
    expect(transport.requests[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('User-Agent is personal-ledger-sdk/<version> by default', async () => {
    transport.reply('get', '/api/public/v1/me', { json: identity });
    await transport.client().me();
    expect(transport.requests[0]?.headers.get('user-agent')).toBe(sdkAgent);
    expect(sdkAgent).toMatch(/^personal-ledger-sdk\/\d+\.\d+\.\d+/);
  });

  it("the caller's userAgent is put before the SDK's: `my-sync/1.0 personal-ledger-sdk/<version>`", async () => {
    transport.reply('get', '/api/public/v1/me', { json: identity });
    await transport.client({ userAgent: 'my-sync/1.0' }).me();
    expect(transport.requests[0]?.headers.get('user-agent')).toBe(`my-sync/1.0 ${sdkAgent}`);
  });

  it('extra headers from options are sent with every request', async () => {
    transport.reply('get', '/api/public/v1/me', { json: identity });
    await transport.client({ headers: { 'X-Trace': 'abc' } }).me();
    expect(transport.requests[0]?.headers.get('x-trace')).toBe('abc');
  });

  it('middleware added with use() runs after the client’s own and sees Authorization; eject() removes it', async () => {
    transport.reply('get', '/api/public/v1/me', { json: identity });
    const client = transport.client();
    const seen: (string | null)[] = [];
    const spy: Middleware = {
      onRequest({ request }) {
        seen.push(request.headers.get('authorization'));
      },
    };
    client.use(spy);
    await client.me();
    client.eject(spy);
    await client.me();
    expect(seen).toEqual([`Bearer ${TOKEN}`]);
  });
});
