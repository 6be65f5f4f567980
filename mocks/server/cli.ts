#!/usr/bin/env node
// `ledger-mock`: the fake as a standalone HTTP server, for clients in any language.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SCENARIO_NAMES, type ScenarioName } from '../control/scenario';
import type { Scenario } from '../control/scenario-types';
import { ApiError, isMockControlError } from '../errors';
import { didYouMean } from '../../src/shared/suggest';
import { commandLineMistake } from '../../src/shared/command-line';
import { withNegativeNumbersJoined } from './args';
import { banner } from './banner';
import { runCopyCommand } from './copy-command';
import { controlTokenProblem, isLoopbackAddress } from '../control-http/control-token';
import { corsOriginProblem } from '../control-http/cors';
import { allowedHostProblem } from '../control-http/host-check';
import { createLedgerMockServer, LEDGER_MOCK_VERSION, type LedgerMockServer } from './create-ledger-mock-server';
import { StateFileAccessError } from './state-errors';
import { StateFileError } from './state-format';
import { StateFileLockedError } from './state-lock';

const USAGE = `Usage: ledger-mock [options]
       ledger-mock copy --from <base url> --out <file>   (a scenario copied from your ledger: ledger-mock copy --help)

Serves a stateful fake of the Personal Ledger API over HTTP: the API under
<url>/api/public/v1 and the control surface (state, tokens, clock, faults) under <url>/__mock.
Open <url>/__mock/ in a browser for the inspector page: requests as they are answered, and the state.

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
  --control-token-file <f> Require the token in file <f> (its first line) on every /__mock request
                           (X-Ledger-Mock-Control: <token> or Authorization: Bearer <token>), on any
                           address. Or set LEDGER_MOCK_CONTROL_TOKEN in the environment.
  --control-token <t>      The same with the token itself; the arguments of a process are visible to
                           every user of the machine (ps), so prefer the file or the variable
  --open-control           Leave /__mock open on any address (no control token)
  --allowed-hosts <names>  Also answer requests addressed (Host header) to these names or addresses,
                           comma-separated or repeated; by default only the bound address, localhost
                           and loopback addresses are (a guard against DNS rebinding: 403
                           host_not_allowed)
  --cors <origin>          Let pages of <origin> (http://localhost:5173) call the API from a browser
                           (CORS on the API only, never /__mock); repeat for more origins
  --allow-remote-webhooks  Also deliver webhooks to non-loopback URLs (default: loopback only; never
                           to ledger-mock's own address and port)
  --reason-header          Send why each refusal was refused in a Ledger-Mock-Reason header
                           (the real service sends no such header; GET /__mock/explain shows the same)
  --base-url-print         Print only the base URL on one line, nothing else
  -h, --help               Show this help

The control surface /__mock can reset, rewrite and read everything. On a loopback address (127.0.0.1,
::1) it needs no token. On any other address (--host 0.0.0.0 in a container or on a shared machine)
it requires a control token: generated and printed at start, or given (a given one is never
printed); refused requests get 401 (code control_token_required or invalid_control_token). The API's
own tokens are not affected. Web pages never reach it: a /__mock request with another site's Origin
is 403 origin_not_allowed, and one that changes anything must be Content-Type: application/json
(415 json_required otherwise).

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
  'control-token-file': { type: 'string' },
  'allowed-hosts': { type: 'string', multiple: true },
  cors: { type: 'string', multiple: true },
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
    ({ values } = parseArgs({
      args: withNegativeNumbersJoined(process.argv.slice(2), OPTIONS),
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(commandLineMistake(error, 'ledger-mock'), 2);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new CliError(`--port must be a number from 0 to 65535, not "${values.port}"`, 2);
  const controlToken = readControlToken(values);
  const allowedHosts = (values['allowed-hosts'] ?? []).flatMap((list) => list.split(',')).map((name) => name.trim());
  for (const host of allowedHosts) {
    const problem = allowedHostProblem(host);
    if (problem) throw new CliError(`--allowed-hosts: ${problem}`, 2);
  }
  const cors = values.cors ?? [];
  for (const origin of cors) {
    const problem = corsOriginProblem(origin);
    if (problem) throw new CliError(`--cors "${origin}" ${problem}`, 2);
  }
  if (values.state === '') throw new CliError('--state needs a file name', 2);
  // For tests only: treat the loopback address bound as if it were not (never documented).
  const assumeNonLoopback = readEnv('LEDGER_MOCK_ASSUME_NON_LOOPBACK').value === '1';
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
          ? {
              state: values.state,
              stateFileOptions: { onFailure: (error: Error) => reportStateFailure(values.state!, error) },
            }
          : {}),
        ...(controlToken !== undefined ? { controlToken: controlToken.token } : {}),
        openControl: values['open-control'],
        allowedHosts,
        cors,
        assumeNonLoopback,
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
    if (error.code === 'EADDRINUSE')
      throw new CliError(
        `port ${port} on ${values.host} is in use: pick another with --port, or --port 0 for a free one`,
        1,
      );
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

  const control = {
    ...(running.controlToken !== undefined ? { token: running.controlToken } : {}),
    generated: running.controlToken !== undefined && controlToken === undefined,
    ...(controlToken !== undefined ? { source: controlToken.source } : {}),
  };
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
    process.stderr.write(
      `ledger-mock: warning: bound to ${values.host} with --open-control; anyone who can reach it can use the control surface\n`,
    );
  }
}

/** Where the control token came from, and the token (never printed). */
interface GivenControlToken {
  token: string;
  /** `--control-token-file <f>`, `--control-token` or `LEDGER_MOCK_CONTROL_TOKEN`, as the banner and errors name it. */
  source: string;
}

/**
 * The control token given, from (in this order) --control-token-file, --control-token or LEDGER_MOCK_CONTROL_TOKEN;
 * a bad one is bad usage (exit 2), said without the token itself.
 */
function readControlToken(values: {
  'control-token'?: string;
  'control-token-file'?: string;
  'open-control'?: boolean;
}): GivenControlToken | undefined {
  const file = values['control-token-file'];
  const argument = values['control-token'];
  if (file !== undefined && argument !== undefined)
    throw new CliError('give --control-token-file or --control-token, not both', 2);
  let given: GivenControlToken | undefined;
  if (file !== undefined) given = { token: readTokenFile(file), source: `--control-token-file ${file}` };
  else if (argument !== undefined) given = { token: argument, source: '--control-token' };
  else {
    const env = readEnv('LEDGER_MOCK_CONTROL_TOKEN');
    if (env.problem) process.stderr.write(`ledger-mock: warning: ${env.problem}; starting as if it were not set\n`);
    if (env.value !== undefined && env.value !== '') given = { token: env.value, source: 'LEDGER_MOCK_CONTROL_TOKEN' };
  }
  if (given === undefined) return undefined;
  if (values['open-control']) throw new CliError(`give ${given.source.split(' ')[0]} or --open-control, not both`, 2);
  const problem = controlTokenProblem(given.token);
  if (problem) throw new CliError(`the control token of ${given.source} ${problem}`, 2);
  return given;
}

/** The token in a file: its first line, without the line break. */
function readTokenFile(path: string): string {
  if (path === '') throw new CliError('--control-token-file needs a file name', 2);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read --control-token-file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      2,
    );
  }
  return text.split(/\r?\n/, 1)[0]!;
}

/**
 * An environment variable, or why it cannot be read: Deno without --allow-env refuses the read (NotCapable),
 * which is not a reason to stop.
 */
function readEnv(name: string): { value?: string; problem?: string } {
  try {
    const value = process.env[name];
    return value === undefined ? {} : { value };
  } catch (error) {
    return {
      problem: `cannot read the environment variable ${name} (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/** The state file cannot be written any more: why, what the server does from now on, and how to go on. */
function reportStateFailure(file: string, error: Error): void {
  process.stderr.write(
    `ledger-mock: ${error.message}\n` +
      'ledger-mock: from now on every write is refused (500 state_not_saved) and reads are answered from memory. To go on, ' +
      `stop it and start it again with --state ${file}: it loads the file as it was at the last acknowledged write (a file ` +
      'removed or replaced by another program: as that program left it; none: --scenario again). Writes answered 500 are not in it.\n',
  );
}

function reportTakeover(server: LedgerMockServer): void {
  const holder = server.stateFile?.lockTakenOver;
  if (holder) {
    const who =
      holder.pid === undefined
        ? 'an unreadable lock file'
        : `the lock of pid ${holder.pid} (started ${holder.startedAt})`;
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
  if ((SCENARIO_NAMES as readonly string[]).includes(option)) return option as ScenarioName;
  let text: string;
  try {
    text = readFileSync(option, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new CliError(
        `--scenario ${option}: no such file, and not a shipped scenario${didYouMean(option, SCENARIO_NAMES)}: the shipped ones are ${SCENARIO_NAMES.join(', ')}; ` +
          'or give the path of a scenario JSON file',
        1,
      );
    }
    throw new CliError(`cannot read scenario file ${option}: ${(error as Error).message}`, 1);
  }
  try {
    return JSON.parse(text) as Scenario;
  } catch (error) {
    throw new CliError(`scenario file ${option} is not JSON: ${(error as Error).message}`, 1);
  }
}

function startError(option: string, error: unknown): CliError {
  if (error instanceof StateFileLockedError || error instanceof StateFileAccessError)
    return new CliError(`${error.message}\nNothing was changed.`, 1);
  if (error instanceof StateFileError) {
    const hint = error.inLog
      ? `Nothing was changed. To keep the state as it was before that record, cut the file there (truncate -s ${error.offset} ${error.file}); or move it away to start over.`
      : 'Nothing was changed. Give another --state file, or move this one away to start over.';
    return new CliError(`${error.message}\n${hint}`, 1);
  }
  if (error instanceof ApiError && error.code === 'state_not_saved') return new CliError(error.message, 1);
  if (error instanceof TypeError && /^createLedgerMockServer: /.test(error.message))
    return new CliError(error.message.replace(/^createLedgerMockServer: /, ''), 2);
  if (isMockControlError(error)) return new CliError(`scenario ${option} was refused: ${error.message}`, 1);
  // Anything else is not the scenario's fault (a permission the runtime refused, say): say what failed as it is.
  return new CliError(`cannot start: ${error instanceof Error ? error.message : String(error)}`, 1);
}

function packageVersion(): string {
  try {
    const url = new URL('../../package.json', import.meta.url); // from mocks/server/ and from dist/bin/
    return (JSON.parse(readFileSync(url, 'utf8')) as { version?: string }).version ?? 'dev';
  } catch {
    return 'dev';
  }
}

if (process.argv[2] === 'copy') {
  void runCopyCommand(process.argv.slice(3)).then((code) => process.exit(code));
} else {
  main().catch((error: unknown) => {
    const cliError =
      error instanceof CliError
        ? error
        : new CliError(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
    process.stderr.write(`ledger-mock: ${cliError.message}\n`);
    process.exit(cliError.exitCode);
  });
}
