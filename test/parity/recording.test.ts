// The recording of ledger-mock kept in this repository: `ledger-parity --against` finds the fake answering as
// recorded, with no network and no token; a recording that differs in one answer is reported; and the docs
// generated from the catalogue and the recording are up to date.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkRecording, runParity, type ParityRecording, type ParityReport } from 'personal-ledger-sdk/parity';
import { ROOT } from '../server/support';
import { RECORDING_FILE, runParityCli, TOKEN } from './support';

const recordingText = readFileSync(join(ROOT, RECORDING_FILE), 'utf8');
const recording = () => JSON.parse(recordingText) as ParityRecording;
const dir = mkdtempSync(join(tmpdir(), 'ledger-parity-against-'));

// Side by side: each test reads the recording and writes files of its own; nothing else is shared.
describe.concurrent(`the recording of ledger-mock (${RECORDING_FILE})`, { timeout: 120_000 }, () => {
  it('is a scratch-mode recording of every probe, without the token, names or balances of the ledger', () => {
    const r = checkRecording(recording());
    expect(r.mode).toBe('scratch');
    expect(Object.keys(r.probes).length).toBeGreaterThanOrEqual(100);
    expect(recordingText).not.toContain(TOKEN);
    // Names of the demo ledger's accounts are masked; so are its balances (the demo's first is 2450.12).
    for (const words of ['Everyday checking', 'First Bank', 'Parity scratch'])
      expect(recordingText).not.toContain(words);
    expect(r.inventory.snapshots.every((s) => s.balance === 0)).toBe(true);
  });

  it('ledger-parity --against it: the fake answers as recorded; no base URL, no token, exit 0', async () => {
    const json = join(dir, 'against.json');
    const run = await runParityCli(['--against', RECORDING_FILE, '--json', json], { env: { LEDGER_TOKEN: undefined } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as ParityReport;
    expect(report.target).toMatchObject({ kind: 'recording', recorded_at: recording().recorded_at });
    expect(report.summary).toEqual({
      same: Object.values(recording().probes).filter((p) => 'views' in p).length,
      differs: 0,
      skipped: 1,
    });
    expect(report.safety).toBeUndefined(); // nothing was sent anywhere
  });

  it('a recording that differs in one answer is reported as differs, with both answers (exit 1)', async () => {
    const changed = recording();
    const entry = changed.probes['snapshots.from-malformed'] as {
      views: Array<{ status: number | string; body?: { code?: string } }>;
    };
    entry.views[0]!.status = 422;
    entry.views[0]!.body!.code = 'validation_failed';
    const file = join(dir, 'changed.json');
    writeFileSync(file, JSON.stringify(changed));
    const run = await runParityCli(['--against', file], { env: { LEDGER_TOKEN: undefined } });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/1 differ/);
    expect(run.stdout).toContain('differs: snapshots.from-malformed');

    const result = await runParity({ against: changed, only: ['snapshots.from-malformed'] });
    const probe = result.report.probes.find((p) => p.id === 'snapshots.from-malformed')!;
    expect(probe.differences?.map((d) => [d.where, d.target, d.fake])).toEqual([
      ['answer 1 status', 422, 400],
      ['answer 1 body.code', 'validation_failed', 'invalid_query'],
    ]);
  });

  it('a file that is not a recording stops the command before it starts (exit 2)', async () => {
    const file = join(dir, 'not-a-recording.json');
    writeFileSync(file, JSON.stringify({ probes: {} }));
    const run = await runParityCli(['--against', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/recording .* cannot be used: not a recording of this kit/);
  });

  it('docs/parity.md (the probe table) and docs/spec-gaps.md (a Parity line per entry) are generated from the catalogue', async () => {
    const check = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/parity-docs.ts', '--check'],
      { cwd: ROOT },
    ).then(
      () => 'up to date',
      (error: { stderr: string }) => error.stderr,
    );
    expect(check).toBe('up to date');
  });
});
