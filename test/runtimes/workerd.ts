// The `worker` check: app/worker.mjs bundled by esbuild from the fresh project (so from the packed package, as a
// user's bundler would), served by workerd on 127.0.0.1 at a free port, and asked once to run the flow.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { startServer } from './processes';

/** The newest date this workerd accepts is its own release date; no compatibility flags (no nodejs_compat). */
export const WORKERD_COMPATIBILITY_DATE = '2026-11-01';

// Port 0 in the socket's address: workerd picks a free port and reports it on the control descriptor.
const CONFIG = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .flowWorker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const flowWorker :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.bundle.js")],
  compatibilityDate = "${WORKERD_COMPATIBILITY_DATE}",
);
`;

/** Bundles the worker in `app`, serves it with `workerd` and resolves with the JSON body of its one answer. */
export async function runInWorkerd(app: string, workerd: string, timeoutMs: number): Promise<unknown> {
  await build({
    absWorkingDir: app,
    entryPoints: ['worker.mjs'],
    outfile: 'worker.bundle.js',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    logLevel: 'error',
  });
  writeFileSync(join(app, 'worker.capnp'), CONFIG);
  const server = await startServer('workerd serve worker.capnp', workerd, ['serve', 'worker.capnp', '--control-fd=3'], {
    cwd: app,
    timeoutMs,
    ready: /"event":"listen"/,
    readyOnFd3: true,
  });
  try {
    const { port } = JSON.parse(server.readyLine) as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`the worker answered ${response.status}: ${body}`);
    return JSON.parse(body);
  } finally {
    await server.stop();
  }
}
