// ledger-sync's first run (no --mapping): what the files hold and a mapping to start from, nothing written to any
// ledger, exit 2; --write-mapping saves that mapping in a new file. Also: every file given is in the --json report, and
// an unknown option is one line in every command. All through the built bins, as a user runs them.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { binPath, type BinName } from '../support/bins';
import { dataFile, fixture, MAPPING, tempDir } from './support';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a built bin with only `env` (and PATH) in its environment. */
function run(name: BinName, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [binPath(name), ...args],
      { env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

const ASN = fixture('mt940-asn-swift-blocks.sta'); // NL81ASNB0000000001, EUR: :62F: 2,385.50 on 2026-10-29, 2,000.00 on 2026-10-30
const CAMT = fixture('camt053-v02-two-accounts.xml'); // DE89370400440532013000 and 0532013000, EUR
const OFX = dataFile('statement-v1.ofx'); // ACCTID 000123451234, USD, LEDGERBAL 2866.40 on 2026-10-31

/** The printed mapping to start from: the JSON block after its heading. */
function printedMapping(stdout: string): unknown {
  const after = stdout.slice(stdout.indexOf('A mapping to start from'));
  return JSON.parse(after.slice(after.indexOf('\n') + 1));
}

/** A ledger that counts every request it gets: a first run must send it none. */
let ledger: Server;
let requests = 0;
let ledgerEnv: Record<string, string>;
beforeAll(async () => {
  ledger = createServer((_, res) => {
    requests += 1;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => ledger.listen(0, '127.0.0.1', resolve));
  ledgerEnv = {
    LEDGER_BASE_URL: `http://127.0.0.1:${(ledger.address() as AddressInfo).port}`,
    LEDGER_TOKEN: 'plk_FirstRunToken0123456789abcdefghijklmnopqrs',
  };
});
afterAll(() => new Promise((resolve) => ledger.close(resolve)));

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir()));
afterEach(() => dir.cleanup());

describe('ledger-sync <files> without --mapping: a first run', { timeout: 120_000 }, () => {
  it("shows each statement's account, currency and balances, prints a mapping to start from, needs no ledger or token, exits 2 with one line saying to save the mapping and run again", async () => {
    const first = await run('ledger-sync', [ASN, CAMT, OFX]);
    expect(first.code).toBe(2);
    for (const line of [
      /statement 1 \(line 2\)\s+NL81ASNB0000000001\s+EUR\s+closing booked balance 2026-10-29 2,385\.50/,
      /0532013000\s+EUR/,
      /statement 1\s+000123451234\s+USD\s+closing booked balance 2026-10-31 2,866\.40/,
    ]) {
      expect(first.stdout).toMatch(line);
    }
    const starter = printedMapping(first.stdout) as { accounts: Record<string, { currency?: string }> };
    expect(Object.keys(starter.accounts)).toEqual([
      'NL81ASNB0000000001',
      'DE89370400440532013000',
      '0532013000',
      '000123451234',
    ]);
    expect(starter.accounts['000123451234']!.currency).toBe('USD');
    expect(first.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^No --mapping given, so nothing was written: save the mapping above .*run again with --mapping <file>\.$/,
      ),
    ]);

    // The mapping as printed is one ledger-sync takes: every statement then has its row.
    const saved = await dir.file('mapping.json', JSON.stringify(starter));
    const second = await run('ledger-sync', [ASN, CAMT, OFX, '--mapping', saved, '--demo', '--dry-run', '--json']);
    expect(second.code).toBe(0);
    const report = JSON.parse(second.stdout) as {
      rows: Array<{ account: string; date: string; balance: number }>;
      skipped: unknown[];
    };
    expect(report.skipped).toEqual([]);
    expect(report.rows).toContainEqual(
      expect.objectContaining({ account: 'NL81ASNB0000000001', date: '2026-10-30', balance: 2000 }),
    );
    expect(report.rows).toContainEqual(
      expect.objectContaining({ account: '000123451234', date: '2026-10-31', balance: 2866.4 }),
    );
  });

  it('sends nothing to the ledger LEDGER_BASE_URL names, --demo and --dry-run or not', async () => {
    for (const extra of [[], ['--dry-run'], ['--json']]) {
      const result = await run('ledger-sync', [OFX, ...extra], ledgerEnv);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).not.toContain(ledgerEnv.LEDGER_TOKEN);
    }
    expect(requests).toBe(0);
  });

  it('--json: one object with statements (source, format, account, currency, every balance), the mapping, skipped and refused; every file given is in it', async () => {
    const missing = join(dir.path, 'missing.sta');
    const csv = dataFile('first-bank-balances.csv'); // no bank profile without a mapping: refused, saying to name it
    const result = await run('ledger-sync', [OFX, CAMT, missing, csv, '--json']);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as {
      statements: Array<{
        source: string;
        format: string;
        account: string;
        currency: string | null;
        balances: Array<{ kind: string; date: string; balance: number }>;
      }>;
      mapping: { accounts: Record<string, unknown> };
      skipped: Array<{ source: string }>;
      refused: Array<{ file: string; reason: string }>;
    };
    expect(report.statements[0]).toEqual({
      source: `${OFX} statement 1`,
      format: 'ofx',
      account: '000123451234',
      currency: 'USD',
      balances: expect.arrayContaining([{ kind: 'closing_booked', date: '2026-10-31', balance: 2866.4 }]),
    });
    expect(report.statements.map((s) => s.account)).toEqual(['000123451234', 'DE89370400440532013000', '0532013000']);
    expect(Object.keys(report.mapping.accounts).sort()).toEqual([
      '000123451234',
      '0532013000',
      'DE89370400440532013000',
    ]);
    expect(report.refused.map((r) => r.file)).toEqual([missing, csv]);
    expect(report.refused[1]!.reason).toContain('name its bank with --bank');
    // The people's words went to stderr: the mapping, and the line that ends the run.
    expect(result.stderr).toContain('A mapping to start from');
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^No --mapping given, so nothing was written/);
  });

  it('--write-mapping <file> creates the file with the mapping printed, which then works as --mapping', async () => {
    const target = join(dir.path, 'new-mapping.json');
    const result = await run('ledger-sync', [CAMT, OFX, '--write-mapping', target]);
    expect(result.code).toBe(2);
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual(printedMapping(result.stdout));
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `No --mapping given, so nothing was written. Wrote the mapping to start from to ${target}: name each ledger account in it, then run again with --mapping ${target}.`,
    ]);
    expect(await readdir(dir.path)).toEqual(['new-mapping.json']); // no temporary file left beside it
    const next = await run('ledger-sync', [CAMT, OFX, '--mapping', target, '--demo', '--dry-run']);
    expect(next.code).toBe(0);
  });

  it('--write-mapping never overwrites: an existing file is refused before anything is read, and kept as it was', async () => {
    const existing = await dir.file('mapping.json', '{ "accounts": {} } // mine\n');
    const result = await run('ledger-sync', [OFX, '--write-mapping', existing]);
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toContain(`--write-mapping ${existing}: the file exists, and a mapping is never overwritten`);
    expect(await readFile(existing, 'utf8')).toBe('{ "accounts": {} } // mine\n');
  });

  it('--write-mapping into a folder that does not exist: says why, leaves no file', async () => {
    const target = join(dir.path, 'no-such-folder', 'mapping.json');
    const result = await run('ledger-sync', [OFX, '--write-mapping', target]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cannot write the mapping to ${target}: no such file or folder (ENOENT)`);
    expect(await readdir(dir.path)).toEqual([]);
  });

  it('--write-mapping with --mapping is refused: one or the other', async () => {
    const result = await run('ledger-sync', [
      OFX,
      '--mapping',
      MAPPING,
      '--demo',
      '--write-mapping',
      join(dir.path, 'm.json'),
    ]);
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toContain(
      '--write-mapping saves a mapping to start from, on a first run (without --mapping): give one or the other',
    );
    expect(await readdir(dir.path)).toEqual([]);
  });
});

describe('ledger-sync --json: every file given is in the report', { timeout: 120_000 }, () => {
  it('a file nothing is written from (an MT940 page without its closing page, of an unmapped account) is in skipped, with why', async () => {
    // The first page of mt940-abnamro-pages.sta alone, as its own statement's first page (:60F:) and its last (:62M:).
    const pages = await readFile(fixture('mt940-abnamro-pages.sta'), 'utf8');
    const page = await dir.file('page.sta', `${pages.slice(0, pages.indexOf('\n-') + 2)}\n`);
    const result = await run('ledger-sync', [page, OFX, '--mapping', MAPPING, '--demo', '--dry-run', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      rows: Array<{ source: string }>;
      skipped: Array<{ source: string; reason: string }>;
      refused: Array<{ file: string }>;
    };
    for (const file of [page, OFX]) {
      const named = [
        ...report.rows.map((r) => r.source),
        ...report.skipped.map((s) => s.source),
        ...report.refused.map((r) => r.file),
      ];
      expect(
        named.some((source) => source === file || source.startsWith(`${file} `)),
        file,
      ).toBe(true);
    }
    expect(report.skipped).toEqual([
      {
        source: page,
        reason: expect.stringMatching(
          /^nothing to write from it: 1 statement; no balance of the kinds written .*interim closing/,
        ),
      },
    ]);
    expect(result.stderr).toMatch(/1 item skipped:\n.*\n\s+\S*page\.sta\s+517852257\s+nothing to write from it/);
  });
});

describe('an unknown option: one line, then where the options are, in every command', { timeout: 120_000 }, () => {
  it.each([
    ['ledger-sync', [], 'Error: '],
    ['ledger-sync', ['simplefin'], 'Error: '],
    ['ledger-mock', [], 'ledger-mock: '],
    ['ledger-parity', [], 'ledger-parity: '],
  ] as const)('%s %j --bogus', async (name, words, prefix) => {
    const result = await run(name, [...words, '--bogus', 'statement.sta']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `${prefix}Unknown option '--bogus'\nRun npx ${[name, ...words].join(' ')} --help for the options.\n`,
    );
  });

  it('a value that starts with - is said in one line too (ledger-sync --write -x)', async () => {
    const result = await run('ledger-sync', [OFX, '--write', '-x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Error: --write takes a value: write --write=<value> for one that starts with -\nRun npx ledger-sync --help for the options.\n',
    );
  });
});
