// The fake on any origin: a page served over plain http on a name other than localhost has no
// crypto.randomUUID and no crypto.subtle (only crypto.getRandomValues), and a browser has no node:crypto.
import { createHash, webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../mocks/store/sha256';

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('SHA-256 without node:crypto or WebCrypto', () => {
  it('gives the same hex as node:crypto for the empty string, non-ASCII text, lone surrogates and every length around a block boundary', () => {
    for (const text of [
      '',
      'abc',
      'é',
      '€',
      '😀',
      '\uD800',
      'x\uDC00y',
      'naïve café – 東京 😀',
      'plk_alexDemo7Hq2LmN9pR4sT6vW8xY1zA3bC5dE0fG2',
    ]) {
      expect(sha256Hex(text), JSON.stringify(text)).toBe(nodeSha256(text));
    }
    for (let length = 0; length <= 200; length++)
      expect(sha256Hex('a'.repeat(length)), `length ${length}`).toBe(nodeSha256('a'.repeat(length)));
    expect(sha256Hex('€'.repeat(100_000))).toBe(nodeSha256('€'.repeat(100_000)));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'); // FIPS 180-4's own example
  });

  it('gives the same hex as node:crypto for 2,000 random strings of any UTF-16 code units', () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: codeUnit, maxLength: 300 })),
        (text) => {
          expect(sha256Hex(text)).toBe(nodeSha256(text));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('the fake without crypto.randomUUID, crypto.subtle or node:crypto', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('issues ids and tokens, hashes them as node:crypto does, and authenticates, with only crypto.getRandomValues', async () => {
    // What an insecure origin offers: getRandomValues and nothing else; and no node:crypto to fall back on.
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => webcrypto.getRandomValues(bytes) });
    const builtins: string[] = [];
    const getBuiltinModule = process.getBuiltinModule.bind(process);
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) => {
      builtins.push(id);
      return id === 'node:crypto' || id === 'crypto' ? undefined : getBuiltinModule(id);
    }) as typeof process.getBuiltinModule);
    vi.resetModules(); // the fake's modules are evaluated again, under these globals
    const { createLedgerMock, DEMO_TOKENS } = await import('personal-ledger-sdk/mocks');
    const { createLedgerClient } = await import('personal-ledger-sdk');
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    expect(globalThis.crypto.subtle).toBeUndefined();

    const mock = createLedgerMock({ scenario: 'demo' });
    await mock.ready;
    expect(builtins).toContain('node:crypto'); // it asked, was told no, and used its own SHA-256
    const fetch = mock.fetch;
    const alex = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch, retry: false });
    expect((await alex.me()).token_id).toBeTruthy();

    const account = await alex.accounts.create({
      name: 'Insecure origin',
      category_id: (await alex.categories.list())[0]!.id,
    });
    expect(account.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(
      (await alex.snapshots.upsert({ account_id: account.id, snapshot_date: '2026-10-31', balance: 1 })).action,
    ).toBe('inserted');

    const issued = await mock.control.createToken({ userId: (await mock.control.listUsers())[0]!.id });
    expect(issued.value).toMatch(/^plk_[0-9A-Za-z]{40}$/);
    expect(mock.store.tokens.get(issued.id)!.hash).toBe(nodeSha256(issued.value));
    const fresh = createLedgerClient({ baseUrl: mock.baseUrl, token: issued.value, fetch, retry: false });
    expect((await fresh.me()).token_id).toBe(issued.id);
    await mock.control.revokeToken(issued.id);
    await expect(fresh.me()).rejects.toMatchObject({ status: 401, code: 'token_revoked' });
    // Well formed, and one character off the issued token: its last character replaced by another one (the issued
    // token's own last character is random, and may be the one we would pick).
    const lastChar = issued.value.slice(-1) === 'x' ? 'y' : 'x';
    const wrong = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: `${issued.value.slice(0, -1)}${lastChar}`,
      fetch,
      retry: false,
    });
    await expect(wrong.me()).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(mock.control.journal.internalErrors()).toEqual([]);
  });
});
