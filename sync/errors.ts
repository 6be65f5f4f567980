// Prints a failure the same way in every command: what failed, then status, code and detail, never a secret.
import {
  isBulkUpsertError,
  isLedgerApiError,
  isNetworkError,
  isTimeoutError,
  type LedgerApiError,
} from 'personal-ledger-sdk';
import { redact } from '../src/shared/redact';
import { say, type Io } from './io';

/** The command refused to start (arguments, environment, mapping file): exit code 2, nothing was read or sent. */
export class SetupError extends Error {
  override name = 'SetupError';
}

/** `--help` was given: not a failure. reportError prints the usage on stdout and answers exit code 0. */
export class HelpRequested extends Error {
  override name = 'HelpRequested';
  constructor(readonly usage: string) {
    super('help requested');
  }
}

/** Exit codes: 0 done, 1 failed while running, 2 refused to start. */
export const EXIT = { ok: 0, failed: 1, refused: 2 } as const;

const HINTS: Record<number, string> = {
  401: 'Check LEDGER_TOKEN: it may be mistyped, revoked or expired (tokens are made in Settings > Developer > API tokens).',
  402: "The household's plan does not include the API (or sharing); see the plan in the app.",
  403: 'The token lacks the scope this call needs.',
  404: 'Not found, or not visible to this token.',
};

/** What a run holds that reporting its failure needs: the secrets no output may show, and whether stdout carries JSON. */
export interface RunState {
  secrets: string[];
  /** --json was given: stdout holds one JSON object, also when the run fails. */
  json: boolean;
}

/**
 * Prints `error` to stderr and returns the exit code to use. API errors get one line each for status, code
 * and detail. Every line is scrubbed of `secrets` (the token), in case a message ever quoted it.
 */
export function reportError(error: unknown, io: Io, secrets: readonly string[] = []): number {
  if (error instanceof HelpRequested) {
    say(io.stdout, error.usage);
    return EXIT.ok;
  }
  const { lines, code } = describeError(error, secrets);
  for (const line of lines) say(io.stderr, line);
  return code;
}

/** The lines reportError prints for a failure (each scrubbed of `secrets`), and its exit code. */
export function describeError(error: unknown, secrets: readonly string[]): { lines: string[]; code: number } {
  const lines: string[] = [];
  let code: number = EXIT.failed;
  if (error instanceof SetupError) {
    lines.push(`Error: ${error.message}`);
    code = EXIT.refused;
  } else if (isBulkUpsertError(error)) {
    lines.push(`Error: ${error.message}`);
    if (isLedgerApiError(error.cause)) lines.push(...apiLines(error.cause));
  } else if (isLedgerApiError(error)) {
    lines.push(`Error: ${error.method} ${error.path} failed: ${error.message}`, ...apiLines(error));
  } else if (isNetworkError(error) || isTimeoutError(error)) {
    lines.push(`Error: ${error.message}`, '  Check LEDGER_BASE_URL and your network connection.');
  } else if (error instanceof Error) {
    lines.push(`Error: ${error.message}`);
  } else {
    lines.push(`Error: ${String(error)}`);
  }
  return { lines: lines.map((line) => redact(line, secrets)), code };
}

function apiLines(error: LedgerApiError): string[] {
  const detail = error.detail.map((d) => `${d.path} ${d.message}`).join('; ');
  const hint = HINTS[error.status];
  return [
    `  status: ${error.status}`,
    `  code: ${error.code ?? '(none)'}`,
    `  detail: ${detail || '(none)'}`,
    ...(hint ? [`  ${hint}`] : []),
  ];
}
