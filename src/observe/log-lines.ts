// The `log` option: one debug line per attempt, one warn line per retry, written from the client's events.
import { redact } from '../shared/redact';
import type { ClientListeners, ClientLogger } from './events';

const PREFIX = 'personal-ledger-sdk:';

/** The listeners that write a client's log lines. The token never reaches a line. */
export function logListeners(log: ClientLogger, secrets: readonly string[]): ClientListeners {
  return {
    response(e) {
      const id = e.requestId === undefined ? '' : `, request id ${e.requestId}`;
      log.debug(
        redact(
          `${PREFIX} ${e.method} ${e.path} -> ${e.status} in ${ms(e.durationMs)} (attempt ${e.attempt}${id})`,
          secrets,
        ),
      );
    },
    error(e) {
      log.debug(
        redact(
          `${PREFIX} ${e.method} ${e.path} failed in ${ms(e.durationMs)} (attempt ${e.attempt}): ${describe(e.error)}`,
          secrets,
        ),
      );
    },
    retry(e) {
      const cause = e.status === undefined ? describe(e.error) : `HTTP ${e.status}`;
      log.warn(
        redact(
          `${PREFIX} ${e.method} ${e.path}: ${cause}; retrying in ${ms(e.delayMs)} (attempt ${e.attempt + 1})`,
          secrets,
        ),
      );
    },
  };
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
