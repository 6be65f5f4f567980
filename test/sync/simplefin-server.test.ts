// The fake SimpleFIN server answers as protocol.md says a server does: /info, a one-time /claim/:token, /accounts
// behind Basic Auth with its parameters; and it refuses a Host that is not its own.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSimplefin, type FakeSimplefin } from '../support/simplefin-server';
import { accountSet, AT } from './simplefin-support';

let fake: FakeSimplefin;
beforeAll(async () => {
  fake = await startFakeSimplefin(accountSet());
});
afterAll(() => fake.close());

/** GET <root>/accounts?<query> with the Access URL's credentials as Basic Auth. */
async function accounts(
  access: string,
  query: string,
): Promise<{ status: number; body: { errors: unknown[]; accounts: Array<{ id: string; transactions?: unknown[] }> } }> {
  const url = new URL(access);
  const auth = Buffer.from(`${url.username}:${url.password}`).toString('base64');
  const response = await fetch(`${fake.root}/accounts${query ? `?${query}` : ''}`, {
    headers: { authorization: `Basic ${auth}` },
  });
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as never) : (undefined as never),
  };
}

describe('the fake SimpleFIN server', () => {
  it('GET /info lists the versions it speaks', async () => {
    expect(await (await fetch(`${fake.root}/info`)).json()).toEqual({ versions: ['1.0'] });
  });

  it('POST /claim/:token answers an Access URL once, then 403', async () => {
    const claimUrl = Buffer.from(fake.issueToken(), 'base64').toString();
    expect(claimUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/simplefin\/claim\/[0-9a-f]{24}$/);
    const first = await fetch(claimUrl, { method: 'POST' });
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(/^http:\/\/user[0-9a-f]+:pw[0-9a-f]+@127\.0\.0\.1:\d+\/simplefin$/);
    expect((await fetch(claimUrl, { method: 'POST' })).status).toBe(403);
    expect((await fetch(`${fake.root}/claim/unknown`, { method: 'POST' })).status).toBe(403);
  });

  it('GET /accounts: Basic Auth (403 without, or once revoked), account, balances-only, start-date, end-date, pending', async () => {
    const access = fake.issueAccess();
    fake.accountSet.accounts[0] = {
      ...(fake.accountSet.accounts[0] as object),
      transactions: [
        { id: 'old', posted: AT - 10 * 86_400, amount: '-1.00', description: 'old' },
        { id: 'mid', posted: AT - 86_400, amount: '-2.00', description: 'mid' },
        { id: 'pend', posted: 0, amount: '-3.00', description: 'pending', pending: true },
      ],
    };
    expect((await fetch(`${fake.root}/accounts`)).status).toBe(403);
    const all = await accounts(access, '');
    expect(all.body.accounts.map((a) => a.id)).toEqual(['ACT-checking-1', 'ACT-card-2', '77']);
    expect(all.body.accounts[0]!.transactions).toHaveLength(2);
    expect((await accounts(access, 'balances-only=1')).body.accounts.every((a) => a.transactions === undefined)).toBe(
      true,
    );
    expect((await accounts(access, 'account=77&account=ACT-card-2')).body.accounts.map((a) => a.id)).toEqual([
      'ACT-card-2',
      '77',
    ]);
    const window = await accounts(access, `start-date=${AT - 2 * 86_400}&end-date=${AT}&pending=1`);
    expect((window.body.accounts[0]!.transactions as Array<{ id: string }>).map((t) => t.id)).toEqual(['mid']);
    const withPending = await accounts(access, 'pending=1');
    expect((withPending.body.accounts[0]!.transactions as Array<{ id: string }>).map((t) => t.id)).toEqual([
      'old',
      'mid',
      'pend',
    ]);
    fake.revokeAll();
    expect((await accounts(access, '')).status).toBe(403);
  });

  it('refuses a request whose Host is not its own (421)', async () => {
    const port = new URL(fake.root).port;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/simplefin/info', headers: { host: 'evil.example' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });
});
