import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, snapshot, SNAPSHOT_ID } from './support/fixtures';
import { bothTransports } from './support/transports';

describe.each(bothTransports())('snapshot helpers through $name', (transport) => {
  const byId = '/api/public/v1/snapshots/:id';

  it('snapshots.list() with no filter sends GET /api/public/v1/snapshots with no query string', async () => {
    transport.reply('get', '/api/public/v1/snapshots', { json: { snapshots: [snapshot] } });
    await expect(transport.client().snapshots.list()).resolves.toEqual([snapshot]);
    expect(transport.requests[0]?.target).toBe('/api/public/v1/snapshots');
  });

  it('snapshots.list({ account_id, from, to }) sends them as query parameters', async () => {
    transport.reply('get', '/api/public/v1/snapshots', { json: { snapshots: [] } });
    await transport.client().snapshots.list({ account_id: ACCOUNT_ID, from: '2024-01-01', to: '2024-12-31' });
    const url = transport.requests[0]?.url;
    expect(url?.pathname).toBe('/api/public/v1/snapshots');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      account_id: ACCOUNT_ID,
      from: '2024-01-01',
      to: '2024-12-31',
    });
  });

  it('snapshots.list() leaves out filters that are undefined', async () => {
    transport.reply('get', '/api/public/v1/snapshots', { json: { snapshots: [] } });
    await transport.client().snapshots.list({ account_id: undefined, from: '2024-01-01' });
    expect(transport.requests[0]?.url.search).toBe('?from=2024-01-01');
  });

  it('snapshots.get(id) sends GET /api/public/v1/snapshots/{id}', async () => {
    transport.reply('get', byId, { json: snapshot });
    await expect(transport.client().snapshots.get(SNAPSHOT_ID)).resolves.toEqual(snapshot);
    expect(transport.requests[0]).toMatchObject({ method: 'GET', target: `/api/public/v1/snapshots/${SNAPSHOT_ID}` });
  });

  it('snapshots.upsert(body) sends POST /api/public/v1/snapshots and returns { snapshot, action, webhooks_attempted }', async () => {
    const result = { snapshot, action: 'inserted', webhooks_attempted: 2 };
    transport.reply('post', '/api/public/v1/snapshots', { status: 201, json: result });
    const body = { account_id: ACCOUNT_ID, snapshot_date: '2024-01-31', balance: 1234.5 };
    await expect(transport.client().snapshots.upsert(body)).resolves.toEqual(result);
    expect(transport.requests[0]).toMatchObject({ method: 'POST', target: '/api/public/v1/snapshots', body });
    expect(transport.requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('an upsert that updated answers 200 with action updated, and the helper returns it the same way', async () => {
    const result = { snapshot, action: 'updated', webhooks_attempted: 0 };
    transport.reply('post', '/api/public/v1/snapshots', { status: 200, json: result });
    const body = { account_id: ACCOUNT_ID, snapshot_date: '2024-01-31', balance: 1234.5 };
    await expect(transport.client().snapshots.upsert(body)).resolves.toEqual(result);
  });

  it('snapshots.update(id, patch) sends PATCH /api/public/v1/snapshots/{id} with the patch', async () => {
    transport.reply('patch', byId, { json: { ...snapshot, balance: 10 } });
    await expect(transport.client().snapshots.update(SNAPSHOT_ID, { balance: 10 })).resolves.toMatchObject({
      balance: 10,
    });
    expect(transport.requests[0]).toMatchObject({
      method: 'PATCH',
      target: `/api/public/v1/snapshots/${SNAPSHOT_ID}`,
      body: { balance: 10 },
    });
  });

  it('snapshots.delete(id) sends DELETE /api/public/v1/snapshots/{id} with no body and returns { deleted, id }', async () => {
    transport.reply('delete', byId, { json: { deleted: true, id: SNAPSHOT_ID } });
    await expect(transport.client().snapshots.delete(SNAPSHOT_ID)).resolves.toEqual({ deleted: true, id: SNAPSHOT_ID });
    expect(transport.requests[0]).toMatchObject({ method: 'DELETE', body: undefined });
    expect(transport.requests[0]?.headers.get('content-type')).toBeNull();
  });
});
