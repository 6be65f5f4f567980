// logging.ts
import { createLedgerClient, type ClientLogger } from 'personal-ledger-sdk';

/** A client that logs one debug line per attempt and one warn line per retry (console, pino, winston...). */
export function loggingClient(baseUrl: string, token: string, log: ClientLogger = console) {
  return createLedgerClient({ baseUrl, token, log });
}
