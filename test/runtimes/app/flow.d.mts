// Types of flow.mjs for the TypeScript that drives it (the runtimes run flow.mjs itself).
import type { LedgerClient } from 'personal-ledger-sdk';

/** The numbers the flow read back. */
export interface FlowResult {
  rows: number;
  chunks: number;
  inserted: number;
  updated: number;
  cents: number;
}

export declare const ROWS: number;
export declare const CHUNK_SIZE: number;
export declare const REWRITTEN: number;
export declare function expectedResult(): FlowResult;
export declare function ledgerFlow(ledger: LedgerClient, label: string): Promise<FlowResult>;
