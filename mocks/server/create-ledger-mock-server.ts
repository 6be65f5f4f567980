import { startNodeServer } from '../adapters/node-http';
import { createLedgerMock, type LedgerMock } from '../create-ledger-mock';
import type { ScenarioName } from '../control/scenario';
import type { Scenario } from '../control/scenario-types';
import { createHttpWebhookDeliverer } from './webhook-delivery';

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
}

/** A standalone server for the fake: the same core, store and rules over real HTTP. */
export interface LedgerMockServer {
  /** The fake behind the server (control API, store); shared with in-process use if you passed one. */
  readonly mock: LedgerMock;
  /** Starts listening; resolves once the port is bound. */
  listen(): Promise<RunningLedgerMockServer>;
}

/** A listening `ledger-mock` server. */
export interface RunningLedgerMockServer {
  /** `http://host:port`; the API is under `${url}/api/public/v1`, the control surface under `${url}/__mock`. */
  readonly url: string;
  /** The port bound (useful with `port: 0`). */
  readonly port: number;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Serves the fake over node:http for clients in any language, with the control API as JSON under
 * `/__mock`, and real webhook POSTs (loopback targets only by default).
 * @example
 * const server = await createLedgerMockServer({ scenario: 'demo' }).listen();
 * console.log(server.url); // http://127.0.0.1:<port>
 * await server.close();
 */
export function createLedgerMockServer(options: LedgerMockServerOptions = {}): LedgerMockServer {
  const version = options.version ?? LEDGER_MOCK_VERSION;
  const mock =
    options.mock ??
    createLedgerMock({
      scenario: options.scenario ?? 'empty',
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.now !== undefined ? { now: options.now } : {}),
      ...(options.reasonHeader ? { reasonHeader: true } : {}),
      deliverWebhook: createHttpWebhookDeliverer({
        allowRemote: options.allowRemoteWebhooks ?? false,
        timeoutMs: options.webhookTimeoutMs ?? 5000,
        userAgent: `ledger-mock/${version}`,
      }),
    });
  return {
    mock,
    listen() {
      return startNodeServer({
        handle: mock.handle,
        control: mock.control,
        port: options.port ?? 0,
        host: options.host ?? '127.0.0.1',
        bodyIdleTimeoutMs: options.bodyIdleTimeoutMs ?? 30_000,
      });
    },
  };
}
