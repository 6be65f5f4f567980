// ledger-sync's command line: usage, refusals to start (exit 2) naming what is wrong, nothing read or sent.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf } from '../../scripts/docs/doc-links';
import { demoFake, MAPPING, dataFile, runSync, tempDir } from './support';

const FILE = dataFile('statement-v1.ofx');

describe('ledger-sync: the command line', () => {
  it.each([['--help'], ['-h'], [FILE, '--help']])('%s prints the usage on stdout and exits 0', async (...argv) => {
    const fake = demoFake();
    const { code, stdout, stderr } = await runSync(
      argv.filter((a) => a !== undefined),
      { fake },
    );
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(/^Usage: ledger-sync <file or folder>\.\.\. --mapping <file>/);
    expect(stdout).toContain('Exit status: 0 done; 1 done but a file was refused');
    expect(fake.control.journal.entries()).toEqual([]);
  });

  it.each([[['--help']], [['simplefin', '--help']], [['simplefin', 'claim', '--help']]])(
    '%j: the docs it names are GitHub URLs (the package ships no guide) to a file and heading that exist',
    async (argv) => {
      const { stdout } = await runSync(argv);
      expect(stdout).not.toMatch(/(?<!blob\/main\/)docs\//);
      for (const [, path, anchor] of stdout.matchAll(
        /https:\/\/github\.com\/personal-ledger\/personal-ledger-sdk\/blob\/main\/([^\s#)]+)(?:#([^\s)]+))?/g,
      )) {
        const file = fileURLToPath(new URL(`../../${path}`, import.meta.url));
        expect(existsSync(file), path).toBe(true);
        if (anchor !== undefined) expect(anchorsOf(readFileSync(file, 'utf8')), anchor).toContain(anchor);
      }
    },
  );

  it.each([
    [[], 'Error: give one or more statement files or folders\nUsage: ledger-sync <file or folder>... --mapping <file>'],
    [['--nope', FILE], "Unknown option '--nope'"],
    [['--mapping', MAPPING, '--demo'], 'give one or more statement files or folders'],
    [
      [FILE, '--mapping', MAPPING, '--mapping', MAPPING, '--demo'],
      'Error: --mapping is given more than once: give it once',
    ],
    [
      [FILE, '--mapping', MAPPING, '--demo', '--write', 'closing_booked', '--write=closing_available'],
      'Error: --write is given more than once: give it once',
    ],
    [
      ['simplefin', 'clam', 'dG9rZW4='],
      'Error: ledger-sync simplefin: unknown subcommand clam (did you mean claim?); its subcommands: claim',
    ],
    [[FILE, '--mapping', '/no/such/mapping.json', '--demo'], 'cannot read mapping file /no/such/mapping.json'],
    [
      [FILE, '--mapping', MAPPING, '--demo', '--bank', 'nope'],
      '--bank nope: no such bank in the mapping\'s "banks", nor a shipped layout',
    ],
    [
      [FILE, '--mapping', MAPPING],
      'no ledger to write to: set LEDGER_BASE_URL and LEDGER_TOKEN to write to your ledger, or pass --demo to use the built-in demo ledger',
    ],
  ])('%j refuses to start: exit 2, %s', async (argv, message) => {
    const fake = demoFake();
    const { code, stdout, stderr } = await runSync(argv, { fake });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(fake.control.journal.entries()).toEqual([]);
  });

  it("no arguments: says what is missing, then the usage's first line and where the rest is (not every usage)", async () => {
    const { code, stderr } = await runSync([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^Error: give one or more statement files or folders\nUsage: ledger-sync <file or folder>\.\.\. .*\nMore: ledger-sync --help; balances from SimpleFIN Bridge, with no file: ledger-sync simplefin --help\n$/,
    );
  });

  it.each([[['--version']], [['simplefin', '--version']]])(
    '%j prints the package version on stdout and exits 0',
    async (argv) => {
      const { version } = JSON.parse(
        readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
      ) as { version: string };
      expect(await runSync(argv)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    },
  );

  it('--bank with an unknown name lists each known bank once', async () => {
    const { code, stderr } = await runSync([FILE, '--mapping', MAPPING, '--demo', '--bank', 'nosuchbank']);
    expect(code).toBe(2);
    const known = /nor a shipped layout \((.*)\)/.exec(stderr)![1]!.split(', ');
    expect(known).toContain('atruvia-de');
    expect(known).toEqual([...new Set(known)]);
  });

  it('a mapping with problems lists every one with its JSON path', async () => {
    const dir = await tempDir();
    try {
      const bad = await dir.file(
        'bad.json',
        JSON.stringify({
          accounts: {
            A: { account: '', category: 'Cash', category_type: 'asset', currency: 'euro' },
            B: { account: 'X', category: 'Cash', category_type: 'asset', negate_balance: 'yes' },
            'DE 89': { account: 'X', category: 'Cash', category_type: 'asset' },
          },
          ofx_accounts: { de89: { account: 'Y', category: 'Cash', category_type: 'asset' } },
          banks: { mine: { profile: 'nope' }, lost: { profile: 'chase-us' } },
        }),
      );
      const { code, stderr } = await runSync([FILE, '--mapping', bad, '--demo']);
      expect(code).toBe(2);
      for (const problem of [
        'accounts["A"].account must be a non-empty string',
        'accounts["A"].currency must be a three-letter ISO 4217 code such as "EUR"',
        'accounts["B"].negate_balance must be true or false',
        'ofx_accounts["de89"] maps "de89" to "Y", but accounts["DE 89"] maps it to "X"',
        'banks.mine.profile "nope" is not a known bank layout',
        'banks.lost.account is required: the ledger account of this single-account export',
      ]) {
        expect(stderr).toContain(problem);
      }
    } finally {
      await dir.cleanup();
    }
  });
});
