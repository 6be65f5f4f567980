import type { ErrorDetailEntry } from './ledger-api-error';

/** Raw (non-JSON) error bodies are kept up to this many characters. */
export const MAX_RAW_BODY_CHARS = 4096;

/** What an error body says, whatever its shape. */
export interface ErrorBodyFields {
  /** The parsed JSON, or the raw text (truncated), or `undefined` when there was no body. */
  body: unknown;
  /** The body's `error` string, when it is a non-empty string. */
  error: string | undefined;
  code: string | undefined;
  detail: ErrorDetailEntry[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `error`, `code` and `detail` from a body that may be JSON, text (HTML from a proxy), empty or odd. */
export function readErrorBody(raw: unknown): ErrorBodyFields {
  const body = typeof raw === 'string' ? parseText(raw) : raw;
  if (!isRecord(body)) return { body, error: undefined, code: undefined, detail: [] };
  const { error, code, detail } = body;
  return {
    body,
    error: typeof error === 'string' && error.trim() !== '' ? error : undefined,
    code: typeof code === 'string' ? code : undefined,
    detail: Array.isArray(detail) ? detail.filter(isDetailEntry).map(({ path, message }) => ({ path, message })) : [],
  };
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return truncate(text);
  }
}

function truncate(text: string): string {
  if (text.length <= MAX_RAW_BODY_CHARS) return text;
  return `${text.slice(0, MAX_RAW_BODY_CHARS)}… [truncated ${text.length - MAX_RAW_BODY_CHARS} characters]`;
}

function isDetailEntry(value: unknown): value is ErrorDetailEntry {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}
