import { resolve } from 'node:path';
import { startNodeServer } from '../adapters/node-http';
import type { ScenarioName } from '../control/scenario';
import type { Scenario } from '../control/scenario-types';
import { controlTokenProblem, decideControlAccess } from '../control-http/control-token';
import { corsOriginProblem } from '../control-http/cors';
import { allowedHostProblem } from '../control-http/host-check';
import { createFrontDoor } from '../control-http/front-door';
import { assembleLedgerMock, requestJournalOf, type LedgerMock, type LedgerMockOptions } from '../create-ledger-mock';
import { createInspector } from '../inspector/inspector';
import { StateFile, type StateFileOptions } from './state-file';
import { createHttpWebhookDeliverer, type ListeningAddress } from './webhook-delivery';

/** The package version (set at build time; `dev` when run from source). */
export const LEDGER_MOCK_VERSION: string = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : 'dev';

/** Options of createLedgerMockServer. */
export interface LedgerMockServerOptions {
  /**
   * The fake to serve. When given, `scenario`, `seed`, `now` and the webhook options are not used:
   * pass `deliverWebhook: createHttpWebhookDeliverer()` to createLedgerMock for real deliveries.
   * @default a new fake with real HTTP webhook delivery
   */
  mock?: LedgerMock;
  /** @default 'empty' */
  scenario?: ScenarioName | Scenario;
  /** Makes ids and token values deterministic. @default random */
  seed?: string | number;
  /** Freezes the clock here. @default the scenario's `now`, else the real clock */
  now?: string | Date | number;
  /** `0` picks a free port. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** Deliver webhooks to hosts other than localhost, 127.0.0.0/8 and ::1. @default false */
  allowRemoteWebhooks?: boolean;
  /** Limit per webhook delivery attempt. @default 5000 */
  webhookTimeoutMs?: number;
  /** A request body that sends nothing for this long is answered 408. @default 30000 */
  bodyIdleTimeoutMs?: number;
  /** Used in the webhook User-Agent, `ledger-mock/<version>`. @default the package version */
  version?: string;
  /** Send each refusal's reason in a `Ledger-Mock-Reason` header (see LedgerMockOptions). @default false */
  reasonHeader?: boolean;
  /**
   * Keeps the state in this file, so it outlives the process (and a kill): loaded at start when the file exists
   * (else `scenario` is loaded and written to it), and every change written to it before its answer is sent. A
   * reset or scenario load rewrites it. The clock, faults, the request journal and the webhook event journal
   * are not kept. A damaged file makes `listen()` (and `mock.ready`) reject with a StateFileError naming the
   * byte offset; it is never silently replaced. Not with `mock`.
   *
   * One process per file: creating the server takes `<file>.lock` (beside the file a symbolic link points to)
   * and throws StateFileLockedError, naming the holder's pid, while another process or server keeps it; a lock
   * left by a process that no longer runs is taken over (see `stateFile.lockTakenOver`). A file that cannot be
   * read or written throws StateFileAccessError. `close()`, a failed start and the process's exit release it.
   * @default none: the state lives in memory only
   */
  state?: string;
  /**
   * Requires this token on every `/__mock` request (`X-Ledger-Mock-Control: <token>` or
   * `Authorization: Bearer <token>`), on any address. At least 16 printable characters.
   * @default none on a loopback address; a generated one on any other (see `RunningLedgerMockServer.controlToken`)
   */
  controlToken?: string;
  /** Leaves `/__mock` open to anyone who can reach the port, on any address. @default false */
  openControl?: boolean;
  /**
   * Host names (or addresses) a request may be addressed to besides the bound address, `localhost` and loopback
   * literals (127.0.0.0/8, `[::1]`); any other `Host` header is refused with 403 `host_not_allowed`, as a guard
   * against DNS rebinding. A port in the header is ignored. `ledger-mock --allowed-hosts`.
   * @default none
   */
  allowedHosts?: readonly string[];
  /**
   * Origins (`http://localhost:5173`) whose pages may call the API from a browser: preflights are answered and
   * answers carry `Access-Control-Allow-Origin` for them. API routes only: `/__mock` never answers a page of
   * another origin. `ledger-mock --cors`.
   * @default none: no CORS headers
   */
  cors?: readonly string[];
  /** @internal Options of the state file (compaction threshold, a hook before each fsync). */
  stateFileOptions?: StateFileOptions;
  /** @internal Applies the control policy of a non-loopback address although the bound one is loopback (tests). */
  assumeNonLoopback?: boolean;
}

/** A `state` file as found at start. */
export interface LedgerMockStateFile {
  /** The file's path, as given. */
  readonly path: string;
  /** `true` when the state was loaded from the file; `false` when the file was new and the scenario was loaded. */
  readonly restored: boolean;
  /**
   * An unterminated last record (a write cut short by a kill or a crash, never acknowledged) that was dropped
   * at start: where it began and how many bytes it had.
   */
  readonly dropped?: { offset: number; bytes: number };
  /** Where the data is written, when `path` is a symbolic link (the link stays; its target is written). */
  readonly target?: string;
  /**
   * A lock left by a process that no longer runs (killed, crashed, or from before a reboot) that was taken over
   * at start: who held it. `{}` when that lock file could not be read.
   */
  readonly lockTakenOver?: { pid?: number; hostname?: string; startedAt?: string };
}

/** A standalone server for the fake: the same core, store and rules over real HTTP. */
export interface LedgerMockServer {
  /** The fake behind the server (control API, store); shared with in-process use if you passed one. */
  readonly mock: LedgerMock;
  /** The state file, with `state`. */
  readonly stateFile?: LedgerMockStateFile;
  /** Starts listening; resolves once the port is bound. */
  listen(): Promise<RunningLedgerMockServer>;
}

/** A listening `ledger-mock` server. */
export interface RunningLedgerMockServer {
  /** The fake it serves (the `mock` of createLedgerMockServer): its control API, in code, beside the HTTP one. */
  readonly mock: LedgerMock;
  /** `http://host:port`; the API is under `${url}/api/public/v1`, the control surface under `${url}/__mock`. */
  readonly url: string;
  /** The port bound (useful with `port: 0`). */
  readonly port: number;
  /** The token `/__mock` requires (given, or generated because the address is not loopback); none: open. */
  readonly controlToken?: string;
  /** Stops listening, drops open connections, and closes the state file. */
  close(): Promise<void>;
}

/**
 * Serves the fake over node:http for clients in any language, with the control API as JSON under
 * `/__mock`, and real webhook POSTs (loopback targets only by default).
 * @example
 * const server = await createLedgerMockServer({ scenario: 'demo' }).listen();
 * console.log(server.url); // http://127.0.0.1:<port>
 * server.mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503 } });
 * await server.close();
 */
export function createLedgerMockServer(options: LedgerMockServerOptions = {}): LedgerMockServer {
  const version = options.version ?? LEDGER_MOCK_VERSION;
  if (options.mock && options.state !== undefined)
    throw new TypeError(
      'createLedgerMockServer: `state` keeps a fake the server creates itself; it cannot be combined with `mock`',
    );
  const tokenProblem = options.controlToken === undefined ? undefined : controlTokenProblem(options.controlToken);
  if (tokenProblem) throw new TypeError(`createLedgerMockServer: controlToken ${tokenProblem}`);
  for (const host of options.allowedHosts ?? []) {
    const problem = allowedHostProblem(host);
    if (problem) throw new TypeError(`createLedgerMockServer: allowedHosts ${problem}`);
  }
  for (const origin of options.cors ?? []) {
    const problem = corsOriginProblem(origin);
    if (problem) throw new TypeError(`createLedgerMockServer: cors "${origin}" ${problem}`);
  }
  // Where the server listens, once it does: a webhook that resolves there is refused (webhook-delivery.ts).
  let listening: ListeningAddress | undefined;
  const mockOptions: LedgerMockOptions = {
    scenario: options.scenario ?? 'empty',
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(options.reasonHeader ? { reasonHeader: true } : {}),
    deliverWebhook: createHttpWebhookDeliverer({
      allowRemote: options.allowRemoteWebhooks ?? false,
      timeoutMs: options.webhookTimeoutMs ?? 5000,
      userAgent: `ledger-mock/${version}`,
      ownAddress: () => listening,
    }),
  };
  // Opened (read and checked) at once, so a damaged file is refused before anything else happens.
  const file = options.state === undefined ? undefined : StateFile.open(options.state, options.stateFileOptions);
  const mock =
    options.mock ??
    assembleOrLetGo(file, () =>
      assembleLedgerMock(mockOptions, {
        ...(file
          ? {
              stateFile: file.path,
              start: async (store, loadScenario) => {
                try {
                  if (file.contents) {
                    await store.exclusive(() => file.restoreInto(store));
                    file.attach(store);
                  } else {
                    await loadScenario(); // in memory first: a scenario that cannot be loaded writes nothing
                    file.attach(store);
                    await file.writeImage(); // the file's first image (no request runs before start settles)
                  }
                } catch (error) {
                  await file.close(); // a start that failed keeps nothing: the lock goes too
                  throw error;
                }
              },
            }
          : {}),
      }),
    );
  const stateFile: LedgerMockStateFile | undefined = file && {
    path: file.path,
    restored: file.contents !== undefined,
    ...(file.dropped ? { dropped: file.dropped } : {}),
    ...(file.target !== resolve(file.path) ? { target: file.target } : {}),
    ...(file.lockTakenOver ? { lockTakenOver: file.lockTakenOver } : {}),
  };
  return {
    mock,
    ...(stateFile ? { stateFile } : {}),
    async listen() {
      if (file) await mock.ready; // a file that cannot be applied is refused here, not on the first request
      let controlToken: string | undefined;
      // The inspector page (GET /__mock/ in a browser) watches the fake's journal while the server runs.
      const journal = requestJournalOf(mock);
      const inspector = journal && createInspector(mock, journal);
      const running = await startNodeServer({
        // The control token is decided from the address actually bound (loopback: none unless given).
        handlerFor: ({ address, port }) => {
          listening = { address, port };
          controlToken = decideControlAccess(options, address).token;
          return createFrontDoor(
            { api: mock.handle, control: mock.control, stateFile: file?.path, inspector },
            {
              ...(controlToken !== undefined ? { controlToken } : {}),
              listening: { address, port, allowedHosts: options.allowedHosts ?? [] },
              ...(options.cors !== undefined ? { cors: options.cors } : {}),
            },
          );
        },
        port: options.port ?? 0,
        host: options.host ?? '127.0.0.1',
        bodyIdleTimeoutMs: options.bodyIdleTimeoutMs ?? 30_000,
      }).catch(async (error: unknown) => {
        inspector?.close();
        await file?.discard(); // no server to close() later (a port in use): the file (if this start made it) and its lock go now
        throw error;
      });
      return {
        mock,
        url: running.url,
        port: running.port,
        ...(controlToken !== undefined ? { controlToken } : {}),
        close: async () => {
          inspector?.close(); // waiting pages are answered now, not when their wait runs out
          await running.close();
          await file?.close();
        },
      };
    },
  };
}

/** A scenario refused at once (a name not shipped, a malformed object) lets the state file and its lock go too. */
function assembleOrLetGo(file: StateFile | undefined, assemble: () => LedgerMock): LedgerMock {
  try {
    return assemble();
  } catch (error) {
    file?.abandon();
    throw error;
  }
}
