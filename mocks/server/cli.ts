// `ledger-mock`: the fake as a standalone HTTP server, for clients in any language.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ScenarioName } from '../control/scenario';
import type { Scenario } from '../control/scenario-types';
import { ApiError, isMockControlError } from '../errors';
import { banner } from './banner';
import { controlTokenProblem, isLoopbackAddress } from '../control-http/control-token';
import { createLedgerMockServer, LEDGER_MOCK_VERSION, type LedgerMockServer } from './create-ledger-mock-server';
import { StateFileAccessError } from './state-errors';
import { StateFileError } from './state-format';
import { StateFileLockedError } from './state-lock';

const USAGE = `Usage: ledger-mock [options]

Serves a stateful fake of the Personal Ledger API over HTTP: the API under
<url>/api/public/v1 and the control surface (state, tokens, clock, faults) under <url>/__mock.

Options:
  --port <n>               Port to listen on; 0 picks a free one (default 4010)
  --host <address>         Address to bind (default 127.0.0.1)
  --scenario <s>           demo, empty, or the path of a scenario JSON file (default demo)
  --seed <s>               Make generated ids and token values deterministic
  --state <file>           Keep the state in <file>, so it survives restarts and kills: loaded from it
                           when it exists (else from --scenario, then written to it); every change is in
                           the file before its answer is sent. POST /__mock/reset and a scenario load
                           rewrite the file too. Not kept: the clock, faults, the request journal and
                           the webhook event journal. A damaged file stops the start (exit 1).
                           One process per file: <file>.lock names it, and a second start on the
                           same file exits 1 naming its pid; a lock left by a process that no longer
                           runs is taken over (said on stderr). A symbolic link is written through.
  --control-token <t>      Require <t> on every /__mock request (X-Ledger-Mock-Control: <t> or
                           Authorization: Bearer <t>), on any address
  --open-control           Leave /__mock open on any address (no control token)
  --allow-remote-webhooks  Also deliver webhooks to non-loopback URLs (default: loopback only)
  --reason-header          Send why each refusal was refused in a Ledger-Mock-Reason header
                           (the real service sends no such header; GET /__mock/explain shows the same)
  --base-url-print         Print only the base URL on one line, nothing else
  -h, --help               Show this help

The control surface /__mock can reset, rewrite and read everything. On a loopback address (127.0.0.1,
::1) it is open. On any other address (--host 0.0.0.0 in a container or on a shared machine) it
requires a control token: generated and printed at start, or given with --control-token; refused
requests get 401 (code control_token_required or invalid_control_token). The API's own tokens are
not affected.

Exit codes: 0 stopped by SIGINT/SIGTERM/SIGHUP, 1 startup failed (bad scenario, damaged, locked or
unwritable state file, port in use), 2 bad usage.
`;

const OPTIONS = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  scenario: { type: 'string', default: 'demo' },
  seed: { type: 'string' },
  state: { type: 'string' },
  'control-token': { type: 'string' },
  'open-control': { type: 'boolean', default: false },
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
  const controlToken = values['control-token'];
  if (controlToken !== undefined && values['open-control']) throw new CliError('give --control-token or --open-control, not both', 2);
  const tokenProblem = controlToken === undefined ? undefined : controlTokenProblem(controlToken);
  if (tokenProblem) throw new CliError(`--control-token ${tokenProblem}`, 2);
  if (values.state === '') throw new CliError('--state needs a file name', 2);
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
        ...(values.state !== undefined
          ? { state: values.state, stateFileOptions: { onFailure: (error: Error) => process.stderr.write(`ledger-mock: ${error.message}\n`) } }
          : {}),
        ...(controlToken !== undefined ? { controlToken } : {}),
        openControl: values['open-control'],
        // For tests only: treat the loopback address bound as if it were not (never documented).
        assumeNonLoopback: process.env.LEDGER_MOCK_ASSUME_NON_LOOPBACK === '1',
      });
    } catch (error) {
      throw startError(values.scenario, error);
    }
  })();
  await server.mock.ready.catch((error: unknown) => {
    throw startError(values.scenario, error);
  });
  reportTakeover(server);
  reportDropped(server);
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
  process.on('SIGHUP', stop); // the terminal closed: stop as cleanly, so the state file's lock goes too

  const control = { ...(running.controlToken !== undefined ? { token: running.controlToken } : {}), generated: running.controlToken !== undefined && controlToken === undefined };
  const text = values['base-url-print']
    ? `${running.url}\n`
    : await banner({
        url: running.url,
        scenarioOption: values.scenario,
        scenario,
        store: server.mock.store,
        control,
        ...(server.stateFile ? { stateFile: server.stateFile } : {}),
      });
  process.stdout.write(text);
  const bound = new URL(running.url).hostname.replace(/^\[|\]$/g, '');
  if (running.controlToken === undefined && !isLoopbackAddress(bound)) {
    process.stderr.write(`ledger-mock: warning: bound to ${values.host} with --open-control; anyone who can reach it can use the control surface\n`);
  }
}

function reportTakeover(server: LedgerMockServer): void {
  const holder = server.stateFile?.lockTakenOver;
  if (holder) {
    const who = holder.pid === undefined ? 'an unreadable lock file' : `the lock of pid ${holder.pid} (started ${holder.startedAt})`;
    process.stderr.write(`ledger-mock: state file ${server.stateFile!.path}: took over ${who}, which no longer runs\n`);
  }
}

function reportDropped(server: LedgerMockServer): void {
  const dropped = server.stateFile?.dropped;
  if (dropped) {
    process.stderr.write(
      `ledger-mock: state file ${server.stateFile!.path}: dropped an unfinished last record at byte ${dropped.offset} (${dropped.bytes} bytes, ` +
        'a write cut short by a kill or crash, never acknowledged); everything before it was loaded\n',
    );
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

function startError(option: string, error: unknown): CliError {
  if (error instanceof StateFileLockedError || error instanceof StateFileAccessError) return new CliError(`${error.message}\nNothing was changed.`, 1);
  if (error instanceof StateFileError) {
    const hint = error.inLog
      ? `Nothing was changed. To keep the state as it was before that record, cut the file there (truncate -s ${error.offset} ${error.file}); or move it away to start over.`
      : 'Nothing was changed. Give another --state file, or move this one away to start over.';
    return new CliError(`${error.message}\n${hint}`, 1);
  }
  if (error instanceof ApiError && error.code === 'state_not_saved') return new CliError(error.message, 1);
  if (error instanceof TypeError && /^createLedgerMockServer: /.test(error.message)) return new CliError(error.message.replace(/^createLedgerMockServer: /, ''), 2);
  if (isMockControlError(error)) return new CliError(`scenario ${option} was refused: ${error.message}`, 1);
  return new CliError(`cannot load scenario ${option}: ${error instanceof Error ? error.message : String(error)}`, 1);
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
