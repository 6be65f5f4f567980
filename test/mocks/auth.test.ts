import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control, mock } = createTestMock({ scenario: 'demo' });

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('authentication (spec 5)', () => {
  it('"A missing ... token returns 401": no Authorization header is 401 missing_token', async () => {
    const res = await call('GET', '/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('missing_token');
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="ledger"');
  });

  it('"invalid ... token returns 401": a malformed header is 401 invalid_token', async () => {
    for (const value of ['Basic abc', 'Bearer', 'Token plk_x', `Bearer ${DEMO_TOKENS.alex} extra`]) {
      const res = await call('GET', '/me', { headers: { authorization: value } });
      expect(res.status, value).toBe(401);
      expect(res.body.code, value).toBe('invalid_token');
    }
  });

  it('"invalid ... token returns 401": an unknown token is 401 invalid_token', async () => {
    const res = await call('GET', '/me', { token: `plk_${'A'.repeat(40)}` });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
    // A token that differs from a real one only after the display prefix is unknown too.
    const near = DEMO_TOKENS.alex.slice(0, -1) + (DEMO_TOKENS.alex.endsWith('2') ? '3' : '2');
    expect((await call('GET', '/me', { token: near })).body.code).toBe('invalid_token');
  });

  it('"A token can be revoked at any time, with immediate effect": a revoked token is 401 token_revoked', async () => {
    expect((await call('GET', '/me', { token: DEMO_TOKENS.alex })).status).toBe(200);
    await control.revokeToken(DEMO_IDS.tokens.alex);
    const res = await call('GET', '/me', { token: DEMO_TOKENS.alex });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_revoked');
    expect((await control.listTokens()).find((t) => t.id === DEMO_IDS.tokens.alex)?.status).toBe('revoked');
  });

  it('"expired token returns 401" (spec-gaps 18): expiry at creation, or at once, is 401 token_expired', async () => {
    const token = await control.createToken({
      userId: DEMO_IDS.users.alex,
      expiresAt: new Date(control.clock.now().getTime() + 60_000),
    });
    expect((await call('GET', '/me', { token: token.value })).status).toBe(200);
    control.clock.advance(60_000);
    const res = await call('GET', '/me', { token: token.value });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_expired');

    await control.expireToken(DEMO_IDS.tokens.sam);
    expect((await call('GET', '/me', { token: DEMO_TOKENS.sam })).body.code).toBe('token_expired');
    const listed = await control.listTokens();
    expect(listed.map((t) => t.status).sort()).toEqual(['active', 'expired', 'expired']);
  });

  it('"The service stores only a hash of it and a short prefix" (spec-gaps 19): SHA-256 and 8 characters', async () => {
    const issued = await control.createToken({ userId: DEMO_IDS.users.sam, name: 'cron' });
    expect(issued.value).toMatch(/^plk_[0-9A-Za-z]{40}$/);
    expect(issued.prefix).toBe(issued.value.slice(0, 8));
    const stored = mock.store.tokens.get(issued.id)!;
    expect(stored.hash).toBe(await sha256(issued.value));
    expect(stored.prefix).toBe(issued.prefix);
    expect(JSON.stringify(mock.store.tokens.all())).not.toContain(issued.value);
  });

  it('"The value is shown once at creation": listTokens and dump carry no values or hashes', async () => {
    const issued = await control.createToken({ userId: DEMO_IDS.users.alex });
    const text = JSON.stringify([await control.listTokens(), await control.dump()]);
    expect(text).not.toContain(issued.value);
    expect(text).not.toContain(DEMO_TOKENS.alex);
    expect(text).not.toContain(await sha256(issued.value));
    expect(text).not.toContain('"hash"');
    expect(text).toContain(issued.prefix);
  });

  it('"The token list shows each token\'s prefix and last-used time"', async () => {
    control.clock.set('2026-11-02T10:00:00.000Z');
    await call('GET', '/me', { token: DEMO_TOKENS.sam });
    const sam = (await control.listTokens()).find((t) => t.id === DEMO_IDS.tokens.sam)!;
    expect(sam.prefix).toBe(DEMO_TOKENS.sam.slice(0, 8));
    expect(sam.last_used_at).toBe('2026-11-02T10:00:00.000Z');
    expect((await control.listTokens()).find((t) => t.id === DEMO_IDS.tokens.alex)!.last_used_at).toBeNull();
  });

  it('tokens sharing a display prefix are told apart by their hash', async () => {
    const shared = `plk_same${'a'.repeat(36)}`;
    const other = `plk_same${'b'.repeat(36)}`;
    await control.loadScenario({
      households: [{ id: 'h', plan: 'household' }],
      users: [
        { id: 'u1', household_id: 'h' },
        { id: 'u2', household_id: 'h' },
      ],
      tokens: [
        { id: 't1', user_id: 'u1', value: shared },
        { id: 't2', user_id: 'u2', value: other },
      ],
    });
    expect((await call('GET', '/me', { token: shared })).body.token_id).toBe('t1');
    expect((await call('GET', '/me', { token: other })).body.token_id).toBe('t2');
  });

  it('"A token acts as its owner": GET /me gives user_id, household_id and token_id', async () => {
    const res = await call('GET', '/me', { token: DEMO_TOKENS.sam });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user_id: DEMO_IDS.users.sam,
      household_id: DEMO_IDS.household,
      token_id: DEMO_IDS.tokens.sam,
    });
  });

  it('"Every endpoint except openapi.json requires the header": GET /openapi.json needs no token', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
  });

  it('the request journal records the token id, never its value', async () => {
    await call('GET', '/me', { token: DEMO_TOKENS.alex });
    const entries = control.journal.entries();
    expect(entries.at(-1)).toMatchObject({ operationId: 'getMe', status: 200, tokenId: DEMO_IDS.tokens.alex });
    expect(JSON.stringify(entries)).not.toContain(DEMO_TOKENS.alex);
  });
});
