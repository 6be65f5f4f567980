// How each check of runtimes.ts runs in the fresh project `app` (the packed package installed, app/*.mjs copied in).
// Each resolves with the numbers the flow printed; the caller compares them with expectedResult().
import { CHECK_TIMEOUT_MS, type CheckName, type Runtime } from './runtimes';
import { run, startServer } from './processes';
import { runInWorkerd } from './workerd';

/** Where a check runs: the runtime, its binary's path, and the fresh project. */
export interface CheckContext {
  runtime: Runtime;
  bin: string;
  app: string;
}

/** The bin npm links for the package's `ledger-mock` command, as a user's `npx ledger-mock` finds it. */
const LEDGER_MOCK_BIN = 'node_modules/.bin/ledger-mock';

async function runFlowScript({ runtime, bin, app }: CheckContext, file: string, args: string[]): Promise<unknown> {
  const { stdout } = await run(`${runtime.name}: ${file}`, bin, runtime.script(file, args), {
    cwd: app,
    timeoutMs: CHECK_TIMEOUT_MS,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
}

export const CHECKS: Record<CheckName, (context: CheckContext) => Promise<unknown>> = {
  'mock.fetch': (context) => runFlowScript(context, 'mock-fetch.mjs', []),

  'ledger-mock': async (context) => {
    const { runtime, bin, app } = context;
    const server = await startServer(
      `${runtime.name}: ledger-mock`,
      bin,
      runtime.script(LEDGER_MOCK_BIN, ['--port', '0', '--base-url-print']),
      {
        cwd: app,
        timeoutMs: CHECK_TIMEOUT_MS,
        ready: /^http:\/\/127\.0\.0\.1:\d+$/,
      },
    );
    let result: unknown;
    let code: number | null;
    try {
      await expectInspectorPage(server.readyLine, runtime.name);
      result = await runFlowScript(context, 'over-http.mjs', [server.readyLine]);
    } finally {
      code = await server.stop();
    }
    if (code !== 0) throw new Error(`ledger-mock under ${runtime.name} exited with ${code} on SIGTERM (expected 0)`);
    return result;
  },

  worker: ({ bin, app }) => runInWorkerd(app, bin, CHECK_TIMEOUT_MS),
};

/**
 * ledger-mock's inspector page, built into the bin as strings, is served under this runtime as under Node: its HTML
 * to a browser's Accept, under its Content-Security-Policy, and the script it loads.
 */
async function expectInspectorPage(url: string, runtime: string): Promise<void> {
  const page = await fetch(`${url}/__mock/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  const html = await page.text();
  const script = await fetch(`${url}/__mock/inspector/inspector.js`);
  const problems = [
    page.status !== 200 && `GET /__mock/ answered ${page.status}`,
    !page.headers.get('content-security-policy')?.startsWith("default-src 'none'") &&
      'the page has no Content-Security-Policy',
    !html.includes('<script defer src="/__mock/inspector/inspector.js">') && 'the page does not load its script',
    script.status !== 200 && `its script answered ${script.status}`,
    !(await script.text()).includes('/__mock/inspector/events') && 'its script is not the inspector',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`ledger-mock under ${runtime}: the inspector page: ${problems.join('; ')}`);
}
