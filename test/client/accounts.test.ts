import { describe, expect, it } from 'vitest';
import { account, accountDetail, ACCOUNT_ID, CATEGORY_ID } from './support/fixtures';
import { bothTransports } from './support/transports';

describe.each(bothTransports())('account helpers through $name', (transport) => {
  const detailPath = '/api/public/v1/accounts/:id';

  it('accounts.list() sends GET /api/public/v1/accounts (no query) and returns Account[]', async () => {
    transport.reply('get', '/api/public/v1/accounts', { json: { accounts: [account] } });
    await expect(transport.client().accounts.list()).resolves.toEqual([account]);
    expect(transport.requests.map((r) => `${r.method} ${r.target}`)).toEqual(['GET /api/public/v1/accounts']);
  });

  it('accounts.get(id) sends GET /api/public/v1/accounts/{id} and returns the detail form', async () => {
    transport.reply('get', detailPath, { json: accountDetail });
    await expect(transport.client().accounts.get(ACCOUNT_ID)).resolves.toEqual(accountDetail);
    expect(transport.requests[0]?.target).toBe(`/api/public/v1/accounts/${ACCOUNT_ID}`);
  });

  it('path ids are passed as path params, so openapi-fetch percent-encodes them', async () => {
    transport.reply('get', detailPath, { json: accountDetail });
    await transport.client().accounts.get('a/b c?d');
    expect(transport.requests[0]?.url.pathname).toBe('/api/public/v1/accounts/a%2Fb%20c%3Fd');
    expect(transport.requests[0]?.url.search).toBe('');
  });

  it('accounts.create(body) sends POST /api/public/v1/accounts with the JSON body; defaulted fields may be omitted', async () => {
    transport.reply('post', '/api/public/v1/accounts', { status: 201, json: accountDetail });
    const created = await transport.client().accounts.create({ name: 'Everyday', category_id: CATEGORY_ID });
    expect(created).toEqual(accountDetail);
    const [request] = transport.requests;
    expect(request?.method).toBe('POST');
    expect(request?.target).toBe('/api/public/v1/accounts');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({ name: 'Everyday', category_id: CATEGORY_ID });
  });

  it('accounts.update(id, patch) sends PATCH /api/public/v1/accounts/{id} with only the fields given', async () => {
    transport.reply('patch', detailPath, { json: { ...accountDetail, auto_carry_forward: true } });
    const updated = await transport.client().accounts.update(ACCOUNT_ID, { auto_carry_forward: true });
    expect(updated.auto_carry_forward).toBe(true);
    expect(transport.requests[0]).toMatchObject({
      method: 'PATCH',
      target: `/api/public/v1/accounts/${ACCOUNT_ID}`,
      body: { auto_carry_forward: true },
    });
  });

  it("accounts.archive(id) is PATCH with { lifecycle_status: 'archived' }", async () => {
    transport.reply('patch', detailPath, { json: { ...accountDetail, lifecycle_status: 'archived' } });
    const archived = await transport.client().accounts.archive(ACCOUNT_ID);
    expect(archived.lifecycle_status).toBe('archived');
    expect(transport.requests[0]).toMatchObject({
      method: 'PATCH',
      target: `/api/public/v1/accounts/${ACCOUNT_ID}`,
      body: { lifecycle_status: 'archived' },
    });
  });

  it("accounts.unarchive(id) is PATCH with { lifecycle_status: 'active' }", async () => {
    transport.reply('patch', detailPath, { json: accountDetail });
    await transport.client().accounts.unarchive(ACCOUNT_ID);
    expect(transport.requests[0]).toMatchObject({ method: 'PATCH', body: { lifecycle_status: 'active' } });
  });
});
