import { describe, expect, it } from 'vitest';
import { category, identity, TOKEN } from './support/fixtures';
import { bothTransports } from './support/transports';

describe.each(bothTransports())('identity and categories through $name', (transport) => {
  it('me() sends GET /api/public/v1/me and returns the Identity', async () => {
    transport.reply('get', '/api/public/v1/me', { json: identity });
    await expect(transport.client().me()).resolves.toEqual(identity);
    const [request] = transport.requests;
    expect(request?.method).toBe('GET');
    expect(request?.target).toBe('/api/public/v1/me');
    expect(request?.body).toBeUndefined();
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('categories.list() sends GET /api/public/v1/categories and returns the array, unwrapped', async () => {
    transport.reply('get', '/api/public/v1/categories', { json: { categories: [category] } });
    await expect(transport.client().categories.list()).resolves.toEqual([category]);
    expect(transport.requests.map((r) => `${r.method} ${r.target}`)).toEqual(['GET /api/public/v1/categories']);
  });

  it('clients must ignore unknown response fields: extra fields pass through untouched', async () => {
    transport.reply('get', '/api/public/v1/me', { json: { ...identity, added_later: 1 } });
    await expect(transport.client().me()).resolves.toMatchObject(identity);
  });

  it('the raw typed GET returns { data, error, response } and does not throw', async () => {
    transport.reply('get', '/api/public/v1/me', { status: 401, json: { error: 'no', code: 'invalid_token' } });
    const { data, error, response } = await transport.client().GET('/api/public/v1/me');
    expect(data).toBeUndefined();
    expect(error).toEqual({ error: 'no', code: 'invalid_token' });
    expect(response.status).toBe(401);
  });
});
