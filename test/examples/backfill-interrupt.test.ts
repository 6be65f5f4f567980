// Ctrl-C as a terminal gives it: SIGINT to the process group of `node --import tsx examples/backfill.ts` running
// offline (the in-process fake). The fake answers like a network, so the handler runs midway: the checkpoint is
// saved, and `--resume` (a new process, a new demo ledger) finishes the rest. One process, not tsx's CLI: tsx 4
// relays the signal to the program it runs and kills it (SIGKILL) when the program has not taken the signal within
// 60 ms, as a program busy with a chunk on a loaded machine may not have: no checkpoint then, a matter of luck.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../examples/backfill.js';
import { tempDir } from './support.js';

const repo = resolve(import.meta.dirname, '../..');
const offline = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LEDGER_')));

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir()));
afterEach(() => dir.cleanup());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the example in its own process group; `interruptAfter` sends SIGINT to the group once stdout has it. */
function backfill(args: string[], interruptAfter?: RegExp): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/backfill.ts', ...args], {
    cwd: repo,
    env: offline,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let interrupted = false;
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (interruptAfter && !interrupted && interruptAfter.test(stdout)) {
      interrupted = true;
      process.kill(-child.pid!, 'SIGINT'); // what a terminal's Ctrl-C does: the whole foreground group
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((ok) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    }),
  );
}

describe('backfill offline: Ctrl-C midway saves the checkpoint, --resume finishes', () => {
  it('300,000 rows: SIGINT after the first chunks, then --resume writes exactly the rest', {
    timeout: 120_000,
  }, async () => {
    const checkpoint = join(dir.path, 'backfill.checkpoint.json');
    const options = ['--accounts', '100', '--days', '3000', '--end', '2026-10-31', '--checkpoint', checkpoint];
    const stopped = await backfill(options, /progress:[\s\S]*\nprogress:/); // the second progress line
    expect(stopped.stderr).toContain('SIGINT: stopping after the current step');
    expect(stopped.code).toBe(1);
    const written = /Stopped \(aborted\): ([\d,]+) of 300,000 rows written\./.exec(stopped.stdout);
    expect(written, stopped.stdout).not.toBeNull();
    const done = Number(written![1]!.replace(/,/g, ''));
    expect(done).toBeGreaterThanOrEqual(5_000);
    expect(done).toBeLessThan(300_000);

    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as Checkpoint;
    expect(saved).toMatchObject({ reason: 'aborted', target: 'the built-in demo ledger', accounts: 100 });
    expect(saved.pending).toHaveLength(300_000 - done);

    const resumed = await backfill(['--resume', '--checkpoint', checkpoint]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('Created 100 ledger accounts named "Backfill account N"');
    const rest = (300_000 - done).toLocaleString('en-US');
    expect(resumed.stdout).toContain(`Done: ${rest} rows: ${rest} inserted, 0 updated, 0 skipped`);
    expect(existsSync(checkpoint)).toBe(false);
  });
});
