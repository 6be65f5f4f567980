// `ledger-mock`: the fake as a standalone HTTP server, for clients in any language.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ScenarioName } from '../control/scenario';
import type { Scenario } from '../control/scenario-types';
import { isMockControlError } from '../errors';
import { DEMO_IDS, DEMO_TOKENS } from '../scenarios/demo';
import { createLedgerMockServer, LEDGER_MOCK_VERSION } from './create-ledger-mock-server';

const USAGE = `Usage: ledger-mock [options]

Serves a stateful fake of the Personal Ledger API over HTTP: the API under
<url>/api/public/v1 and the control surface (state, tokens, clock, faults) under <url>/__mock.

Options:
  --port <n>               Port to listen on; 0 picks a free one (default 4010)
  --host <address>         Address to bind (default 127.0.0.1)
  --scenario <s>           demo, empty, or the path of a scenario JSON file (default demo)
  --seed <s>               Make generated ids and token values deterministic
  --allow-remote-webhooks  Also deliver webhooks to non-loopback URLs (default: loopback only)
  --reason-header          Send why each refusal was refused in a Ledger-Mock-Reason header
                           (the real service sends no such header; GET /__mock/explain shows the same)
  --base-url-print         Print only the base URL on one line, nothing else
  -h, --help               Show this help

Exit codes: 0 stopped by SIGINT/SIGTERM, 1 startup failed (bad scenario, port in use), 2 bad usage.
`;

const OPTIONS = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  scenario: { type: 'string', default: 'demo' },
  seed: { type: 'string' },
  'allow-remote-webhooks': { type: 'boolean', default: false },
  'reason-header': { type: 'boolean', default: false },
  'base-url-print': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

async function main(): Promise<void> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun ledger-mock --help for the options.`, 2);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new CliError(`--port must be a number from 0 to 65535, not "${values.port}"`, 2);
  const scenario = readScenario(values.scenario);

  const version = LEDGER_MOCK_VERSION === 'dev' ? packageVersion() : LEDGER_MOCK_VERSION;

  const server = (() => {
    try {
      return createLedgerMockServer({
        scenario,
        port,
        host: values.host,
        allowRemoteWebhooks: values['allow-remote-webhooks'],
        reasonHeader: values['reason-header'],
        version,
        ...(values.seed !== undefined ? { seed: values.seed } : {}),
      });
    } catch (error) {
      throw scenarioError(values.scenario, error);
    }
  })();
  await server.mock.ready.catch((error: unknown) => {
    throw scenarioError(values.scenario, error);
  });
  const running = await server.listen().catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new CliError(`port ${port} on ${values.host} is in use: pick another with --port, or --port 0 for a free one`, 1);
    throw new CliError(`cannot listen on ${values.host}:${port}: ${error.message}`, 1);
  });

  // Handlers first: whoever reads the first line may signal at once.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1); // a second signal: give up waiting
    stopping = true;
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const text = values['base-url-print'] ? `${running.url}\n` : await banner(running.url, values.scenario, scenario, server.mock.control);
  process.stdout.write(text);
  if (!isLoopbackBind(values.host)) {
    process.stderr.write(`ledger-mock: warning: bound to ${values.host}; anyone who can reach it can use the control surface\n`);
  }
}

function readScenario(option: string): ScenarioName | Scenario {
  if (option === 'demo' || option === 'empty') return option;
  let text: string;
  try {
    text = readFileSync(option, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read scenario file ${option}: ${(error as Error).message}`, 1);
  }
  try {
    return JSON.parse(text) as Scenario;
  } catch (error) {
    throw new CliError(`scenario file ${option} is not JSON: ${(error as Error).message}`, 1);
  }
}

function scenarioError(option: string, error: unknown): CliError {
  if (isMockControlError(error)) return new CliError(`scenario ${option} was refused: ${error.message}`, 1);
  return new CliError(`cannot load scenario ${option}: ${error instanceof Error ? error.message : String(error)}`, 1);
}

async function banner(url: string, option: string, scenario: ScenarioName | Scenario, control: { listUsers(): Promise<Array<{ id: string; name: string }>> }): Promise<string> {
  const users = new Map((await control.listUsers()).map((u) => [u.id, u.name]));
  const tokens =
    scenario === 'demo'
      ? [
          { user: DEMO_IDS.users.alex, value: DEMO_TOKENS.alex },
          { user: DEMO_IDS.users.sam, value: DEMO_TOKENS.sam },
        ]
      : scenario === 'empty'
        ? []
        : (scenario.tokens ?? []).filter((t) => !t.revoked_at).map((t) => ({ user: t.user_id, value: t.value }));
  const lines = [
    `ledger-mock listening on ${url}`,
    `  API:      ${url}/api/public/v1`,
    `  Control:  ${url}/__mock   (GET it for the list of routes)`,
    `  Scenario: ${option}`,
  ];
  if (tokens.length > 0) {
    lines.push('  Tokens:');
    for (const t of tokens) lines.push(`    ${(users.get(t.user) ?? t.user).padEnd(8)} ${t.value}`);
    lines.push('  Try:', `    curl -H "Authorization: Bearer ${tokens[0]!.value}" ${url}/api/public/v1/me`);
  } else {
    lines.push(
      '  No tokens yet. Create a user and a token:',
      `    curl -X POST ${url}/__mock/users -H 'content-type: application/json' -d '{"name":"Me"}'`,
      `    curl -X POST ${url}/__mock/tokens -H 'content-type: application/json' -d '{"user_id":"<id from above>"}'`,
    );
  }
  lines.push('  Webhooks are delivered to loopback URLs only (--allow-remote-webhooks to lift). Ctrl-C stops.', '');
  return lines.join('\n');
}

function isLoopbackBind(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

function packageVersion(): string {
  try {
    const url = new URL('../../package.json', import.meta.url); // from mocks/server/ and from dist/bin/
    return (JSON.parse(readFileSync(url, 'utf8')) as { version?: string }).version ?? 'dev';
  } catch {
    return 'dev';
  }
}

main().catch((error: unknown) => {
  const cliError = error instanceof CliError ? error : new CliError(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
  process.stderr.write(`ledger-mock: ${cliError.message}\n`);
  process.exit(cliError.exitCode);
});
