// What sync-csv and sync-ofx (the work of examples/sync-statements.ts) say about the files they were given: a file
// refused is never summed up as "all up to date", counts are in the singular for one, and each refusal says what to do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main as syncCsv } from '../../examples/sync-csv.js';
import { main as syncOfx } from '../../examples/sync-ofx.js';
import { captureIo, dataFile, demoFake, OFFLINE, runExample, tempDir } from './support.js';

const OFFLINE_LINE = 'Using the built-in demo ledger (an offline fake; nothing leaves this machine).';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir()));
afterEach(() => dir.cleanup());

async function run(main: typeof syncCsv, argv: string[], fake = demoFake()) {
  const captured = captureIo({ fake });
  const code = await main(argv, OFFLINE, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), fake };
}

describe('no file could be read: the summary says so, never "all up to date"', () => {
  it('sync-csv of a missing export: exit 1, "No file could be read", then the refusal', async () => {
    const missing = await dir.file('nofile.csv');
    const { code, stdout, fake } = await run(syncCsv, [missing, '--bank', 'first-bank-us']);
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual([OFFLINE_LINE, 'No file could be read: nothing was written.', expect.stringMatching(`^Refused ${missing}: cannot read it: ENOENT`), '']);
    expect(fake.control.journal.entries().filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('sync-ofx --dry-run of a missing file: "nothing would be written"', async () => {
    const { code, stdout } = await run(syncOfx, [await dir.file('nofile.ofx'), '--dry-run']);
    expect(code).toBe(1);
    expect(stdout).toContain('No file could be read: nothing would be written.');
    expect(stdout).not.toContain('up to date');
  });
});

describe('one balance is "1 balance"', () => {
  it('read, written, would be written, and up to date on a rerun', async () => {
    const file = dataFile('statement-v1.ofx');
    const dry = await run(syncOfx, [file, '--dry-run']);
    expect(dry.stdout).toContain('Read statement-v1.ofx (OFX 1.x): 1 balance.\n');
    expect(dry.stdout).toContain('Summary (dry run): 1 balance would be written (0 new, 1 changed, 0 already up to date); nothing was written.');
    const first = await run(syncOfx, [file]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Summary: wrote 1 balance to the built-in demo ledger (0 new, 1 changed, 0 already up to date).');
    const again = await run(syncOfx, [file], first.fake);
    expect(again.stdout).toContain('Nothing to write: the one balance is already up to date.');
  });
});

describe('what each refusal tells the user to do', () => {
  it('sync-ofx given a CSV export points to sync-csv.ts --bank (sync-ofx has no --bank)', async () => {
    const csv = dataFile('first-bank-balances.csv');
    const { code, stdout } = await run(syncOfx, [csv]);
    expect(code).toBe(1);
    expect(stdout).toContain(`Refused ${csv}: not an OFX/QFX, camt.053 or MT940 file; a bank's CSV export goes to sync-csv.ts with --bank <profile> (or npx ledger-sync --bank <id>)`);
    expect(stdout).not.toContain("needs its bank's profile");
  });

  it('a folder is refused with what to give instead', async () => {
    const { code, stdout } = await run(syncOfx, [dir.path]);
    expect(code).toBe(1);
    expect(stdout).toContain(`Refused ${dir.path}: a folder: give the files in it (npx ledger-sync reads folders)`);
  });

  it('the mapping file among the files given (as `data/*` gives it) is not read as a statement', async () => {
    const mapping = dataFile('mapping.json');
    const given = await run(syncOfx, [dataFile('statement-v1.ofx'), mapping, '--mapping', mapping]);
    expect([given.code, given.stdout]).toEqual([0, expect.not.stringContaining('Refused')]);
    const byDefault = await run(syncOfx, [dataFile('statement-v1.ofx'), mapping]); // the default mapping is that file
    expect([byDefault.code, byDefault.stdout]).toEqual([0, expect.not.stringContaining('Refused')]);
    const alone = await run(syncOfx, [mapping]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe(`Error: ${mapping} is the mapping file (--mapping): give the statement files to sync\n`);
  });
});

describe('sync-statements.ts run on its own', { timeout: 70_000 }, () => {
  it('says it is the work the two scripts share and which to run: exit 2', async () => {
    const { code, stdout, stderr } = await runExample('sync-statements.ts', []);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe('sync-statements.ts is the work sync-csv.ts and sync-ofx.ts share, not a program: run examples/sync-csv.ts or examples/sync-ofx.ts (--help says how).\n');
  });
});
