// `npm run parity:record`: records ledger-mock's answers to every probe into test/parity/ledger-mock.recording.json,
// which `npm test` checks the fake against (ledger-parity --against). Run it when a change of the fake's observable
// behaviour is meant; the diff of that file is then part of the review.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runParity } from 'personal-ledger-sdk/parity';
import { parityScenario, RECORDING_FILE, SCRATCH, TOKEN } from './parity-scenario';

const dir = mkdtempSync(join(tmpdir(), 'parity-record-'));
const scenario = join(dir, 'scenario.json');
writeFileSync(scenario, JSON.stringify(parityScenario()));
// ledger-mock itself, as another process: the recording is of the server users run.
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'mocks/server/cli.ts', '--port', '0', '--scenario', scenario, '--base-url-print'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
try {
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    });
    server.once('exit', (code) => reject(new Error(`ledger-mock exited with ${code}`)));
  });
  const run = await runParity({
    baseUrl: url,
    token: TOKEN,
    scratchAccount: SCRATCH,
    record: true,
    rate: Number.POSITIVE_INFINITY,
  });
  const differs = run.report.probes.filter((p) => p.outcome === 'differs').map((p) => p.id);
  if (differs.length > 0)
    throw new Error(`ledger-mock differs from the in-process fake in ${differs.join(', ')}: fix that before recording`);
  writeFileSync(RECORDING_FILE, `${JSON.stringify(run.recording, null, 2)}\n`);
  console.log(
    `${RECORDING_FILE}: ${Object.keys(run.recording!.probes).length} probes recorded (${run.report.summary.same} same, ${run.report.summary.skipped} skipped)`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
