// msw 3 needs Node 22.12 or newer. On Node 20 it installs and loads, and then every request through it fails
// deep inside msw's interceptor ("Promise.withResolvers is not a function"), which a client only reports as
// "no response was received". Refuse that combination at once, with the way out.

/** What the check looks at. */
export interface MswRuntime {
  /** The msw package's version, if it could be read (Node only). */
  mswVersion: string | undefined;
  /** `process.versions.node`, if this is Node. */
  nodeVersion: string | undefined;
}

/** Why msw cannot work here, or `undefined` when it can (or when there is no telling: not Node). */
export function mswRuntimeProblem(runtime: MswRuntime = currentRuntime()): string | undefined {
  const { mswVersion, nodeVersion } = runtime;
  if (mswVersion === undefined || nodeVersion === undefined) return undefined;
  const [major, minor] = nodeVersion.split('.').map(Number) as [number, number];
  const mswMajor = Number(mswVersion.split('.')[0]);
  if (mswMajor < 3 || major > 22 || (major === 22 && minor >= 12)) return undefined;
  return (
    `msw ${mswVersion} needs Node 22.12 or newer, and this is Node ${nodeVersion}: every request through it would fail ` +
    '("Promise.withResolvers is not a function"). Install msw 2 (npm install --save-dev msw@2), or run on Node 22.12+. ' +
    'personal-ledger-sdk/mocks without msw (mock.fetch) works on Node 20.'
  );
}

function currentRuntime(): MswRuntime {
  const process = (
    globalThis as { process?: { versions?: { node?: string }; getBuiltinModule?: (id: string) => unknown } }
  ).process;
  const nodeVersion = process?.versions?.node;
  let mswVersion: string | undefined;
  try {
    // The msw this module's own `import 'msw'` resolves to (getBuiltinModule: no node: import for bundlers to follow;
    // __filename in the CommonJS build, where import.meta is empty).
    const nodeModule = process?.getBuiltinModule?.('node:module') as
      | { createRequire(from: string): (id: string) => unknown }
      | undefined;
    const here = typeof __filename === 'string' ? __filename : import.meta.url;
    mswVersion = (nodeModule?.createRequire(here)('msw/package.json') as { version?: string } | undefined)?.version;
  } catch {
    mswVersion = undefined;
  }
  return { mswVersion, nodeVersion };
}
