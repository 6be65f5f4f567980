// docs/state-file.md describes the bytes `ledger-mock --state` writes: checked against a file a real server wrote
// after API writes of each kind (an insert, a change, a delete, a new account with a seed that moves).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer } from 'personal-ledger-sdk/mocks/node';

const doc = readFileSync(new URL('../../docs/state-file.md', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'state-file-doc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface StateRecord {
  offset: number;
  payload: { t: string; [field: string]: unknown };
}
let records: StateRecord[];
let insertedId: string;

/** Reads `<length> <crc32> <json>\n` records as the doc describes them, failing on any byte that does not fit. */
function readRecords(bytes: Buffer): StateRecord[] {
  const out: StateRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const head = /^([0-9a-f]{8}) ([0-9a-f]{8}) $/.exec(bytes.toString('latin1', offset, offset + 18));
    expect(head, `a frame at byte ${offset}`).not.toBeNull();
    const json = bytes.subarray(offset + 18, offset + 18 + parseInt(head![1]!, 16));
    expect(crc32(json), `the CRC-32 of the record at byte ${offset}`).toBe(parseInt(head![2]!, 16));
    expect(bytes[offset + 18 + json.length], `a newline after the record at byte ${offset}`).toBe(0x0a);
    out.push({ offset, payload: JSON.parse(json.toString('utf8')) as StateRecord['payload'] });
    offset += 18 + json.length + 1;
  }
  return out;
}

beforeAll(async () => {
  const server = await createLedgerMockServer({
    scenario: 'demo',
    seed: 'doc',
    state: join(dir, 'ledger.state'),
  }).listen();
  try {
    const ledger = createLedgerClient({ baseUrl: server.url, token: DEMO_TOKENS.alex, retry: false });
    const account = DEMO_IDS.accounts.everydayChecking;
    const inserted = await ledger.snapshots.upsert({ account_id: account, snapshot_date: '2026-11-02', balance: 10 });
    insertedId = inserted.snapshot.id;
    await ledger.snapshots.upsert({ account_id: account, snapshot_date: '2026-11-02', balance: 11 });
    await ledger.snapshots.delete(insertedId);
    await ledger.accounts.create({ name: 'Pot', category_id: DEMO_IDS.categories.cash });
  } finally {
    await server.close();
  }
  records = readRecords(readFileSync(join(dir, 'ledger.state')));
}, 30_000);

describe('docs/state-file.md', () => {
  it('the example record is a whole record: its length and CRC-32 are those of its JSON', () => {
    const example = /```text\n(.+)\n```/.exec(doc)![1]!;
    const [record] = readRecords(Buffer.from(`${example}\n`, 'utf8'));
    expect(record!.payload).toMatchObject({ t: 'header', format: 'ledger-mock-state', version: 1 });
  });

  it('a header, an image (entities per table, snapshots per account, image_end), then batches, in that order', () => {
    const kinds = records.map((r) => r.payload.t);
    const end = kinds.indexOf('image_end');
    expect(kinds[0]).toBe('header');
    expect(new Set(kinds.slice(1, end))).toEqual(new Set(['entities', 'snapshots']));
    expect(kinds.slice(end + 1).length).toBeGreaterThanOrEqual(4);
    expect(new Set(kinds.slice(end + 1))).toEqual(new Set(['batch']));
    for (const kind of new Set(kinds)) expect(doc, kind).toContain(`| \`${kind}\` |`);
  });

  it('the header has the fields the doc names, and no others', () => {
    const header = records[0]!.payload;
    expect(Object.keys(header).sort()).toEqual(['format', 't', 'version', 'written_at']);
    expect(header).toMatchObject({ format: 'ledger-mock-state', version: 1 });
    expect(doc).toContain('`format: "ledger-mock-state"`, `version: 1`, `written_at`');
  });

  it('an entities record per table the doc names; tokens carry a hash, never a token value', () => {
    const tables = records.filter((r) => r.payload.t === 'entities').map((r) => r.payload.table as string);
    expect(tables).toEqual(['households', 'users', 'categories', 'accounts', 'tokens', 'webhooks']);
    expect(doc).toContain(`(${tables.map((t) => `\`${t}\``).join(', ')})`);
    const text = records.map((r) => JSON.stringify(r.payload)).join('\n');
    for (const token of Object.values(DEMO_TOKENS)) expect(text).not.toContain(token);
    const tokens = records.find((r) => r.payload.table === 'tokens')!.payload.records as Array<{ hash: string }>;
    expect(tokens.every((t) => /^[0-9a-f]{64}$/.test(t.hash))).toBe(true);
  });

  it('snapshot rows are [seq, "YYYY-MM-DD", balance, is_estimated], and image_end carries next_snapshot_seq and random', () => {
    const rows = records.filter((r) => r.payload.t === 'snapshots').flatMap((r) => r.payload.rows as unknown[][]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row).toEqual([
        expect.any(Number),
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expect.any(Number),
        expect.any(Boolean),
      ]);
    const end = records.find((r) => r.payload.t === 'image_end')!.payload;
    expect(Object.keys(end).sort()).toEqual(['next_snapshot_seq', 'random', 't']);
    expect(end.random).toEqual([{ seed: 'doc', state: expect.any(Array) }]);
  });

  it('batches hold the changes the doc names; a snapshot id is snp_ and its seq in base 36', () => {
    const batches = records.filter((r) => r.payload.t === 'batch').map((r) => r.payload);
    const changes = batches.flatMap((b) => b.changes as unknown[][]);
    expect(new Set(changes.map((c) => c[0]))).toEqual(new Set(['put', 'snapshot', 'snapshot_deleted']));
    expect(doc).toContain(
      '`["put", table, record]`, `["snapshot", seq, account_id, "YYYY-MM-DD", balance, is_estimated]`, `["snapshot_deleted", seq]`',
    );
    const snapshot = changes.find((c) => c[0] === 'snapshot')!;
    expect(snapshot).toEqual([
      'snapshot',
      expect.any(Number),
      DEMO_IDS.accounts.everydayChecking,
      '2026-11-02',
      10,
      false,
    ]);
    expect(insertedId).toBe(`snp_${(snapshot[1] as number).toString(36)}`);
    expect(changes.find((c) => c[0] === 'snapshot_deleted')).toEqual(['snapshot_deleted', snapshot[1]]);
    expect(
      batches.some((b) => (b.random as { seed?: string } | undefined)?.seed === 'doc'),
      'a batch after the seeded sequence moved',
    ).toBe(true);
  });
});
