// An answer as it was read: what came back for one request, before any masking (the inventory reader, ledger-parity).

/** One request's answer (or the failure to get one). */
export interface Answer {
  /** The request, as the comparison and the report name it (never its Authorization). */
  readonly request: { readonly method: string; readonly path: string; readonly query: string };
  /** The status; 0 when no answer came (see `failure`). */
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text. */
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
  /** Why no answer came: a network error or a time-out. */
  readonly failure?: string;
  /** Times a 429 or 503 was waited out and the request sent again. */
  readonly retries: number;
}

/** Reads a fetch Response into an Answer. */
export async function readAnswer(request: Answer['request'], response: Response, retries: number): Promise<Answer> {
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { request, status: response.status, headers, text, json: parseJson(text), retries };
}

/** An answer that never came. */
export function failedAnswer(request: Answer['request'], failure: string, retries = 0): Answer {
  return { request, status: 0, headers: {}, text: '', json: undefined, failure, retries };
}

/** Why a fetch failed, in a few words: a time-out, or the error with its cause's code (`ECONNREFUSED`). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer within the time-out';
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : error.message;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
