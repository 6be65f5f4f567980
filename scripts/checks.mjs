// `npm test`'s checks before vitest, two (or one per core) at a time instead of one after another: each is mostly one
// thread (tsc, TypeDoc, knip), so on a 2-core machine running them in pairs takes about half the time. Each check is
// its npm script (package.json says what it runs); its output is printed whole when it ends, with its time. The first
// failure stops the rest and exits 1 after printing what failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The checks, longest first (they start in this order); `after`: what must have passed before it starts. */
const CHECKS = [
  { script: 'typecheck' },
  { script: 'build' },
  { script: 'docs:api' },
  { script: 'check:dead' },
  { script: 'check:package', after: ['build'] },
  { script: 'check:generated' },
  { script: 'check:docs' },
  { script: 'lint:openapi' },
  { script: 'lint' },
];

const width = Math.max(2, availableParallelism());
const started = performance.now();
const running = new Map();
const passed = new Set();
const times = [];
let failed = false;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function startReady() {
  for (const check of CHECKS) {
    if (failed || running.size >= width) return;
    if (running.has(check.script) || passed.has(check.script) || times.some((t) => t.script === check.script)) continue;
    if ((check.after ?? []).some((dep) => !passed.has(dep))) continue;
    run(check);
  }
}

function run(check) {
  const at = performance.now();
  const chunks = [];
  const child = spawn('npm', ['run', check.script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  running.set(check.script, child);
  child.on('close', (code, signal) => {
    running.delete(check.script);
    const took = performance.now() - at;
    times.push({ script: check.script, took, ok: code === 0 });
    if (failed) return finishIfDone(); // stopped because another one failed: its output is noise
    const output = Buffer.concat(chunks).toString().trimEnd();
    if (code === 0) {
      passed.add(check.script);
      console.log(`== ${check.script} passed in ${seconds(took)}`);
      if (output) console.log(output);
    } else {
      failed = true;
      console.error(`== ${check.script} FAILED (${signal ?? `exit ${code}`}) after ${seconds(took)}:\n${output}`);
      for (const other of running.values()) other.kill('SIGTERM');
    }
    startReady();
    finishIfDone();
  });
}

function finishIfDone() {
  if (running.size > 0) return;
  if (!failed && passed.size < CHECKS.length) return;
  console.log(`\nChecks (${width} at a time), ${seconds(performance.now() - started)} in all:`);
  for (const t of times)
    console.log(`  ${t.ok ? 'ok    ' : 'FAILED'} ${t.script.padEnd(16)} ${seconds(t.took).padStart(8)}`);
  process.exitCode = failed ? 1 : 0;
}

startReady();
