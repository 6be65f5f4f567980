// Requests as the inspector's routes answer them (snake_case, as everything under /__mock): a summary for the list,
// with the accounts each one names so the page can filter by account, and both bodies when a row is opened.
import { journalEntryToJson } from '../control-http/journal-wire';
import type { Exchange } from './exchanges';
import { bodyBytes, keptText } from './kept-body';
import type { RequestBodies, RequestSummary } from './wire';

/** Distinct accounts read off one request at most (a bulk call may name many). */
const ACCOUNTS_LISTED = 50;
const ACCOUNT_PATH = /^\/api\/public\/v1\/accounts\/([^/?]+)/;
const ACCOUNT_ID_FIELD = /"account_id"\s*:\s*"([^"\\]{1,100})"/g;

// Made once per request (every waiting page gets the same), when a page first asks.
const summaries = new WeakMap<Exchange, RequestSummary>();

/** A request in the page's list: its journal entry (as GET /__mock/journal shows it), who sent it, what it names. */
export function exchangeSummary(exchange: Exchange): RequestSummary {
  let summary = summaries.get(exchange);
  if (summary === undefined) {
    summary = {
      id: exchange.id,
      ...(journalEntryToJson(exchange.entry) as Omit<
        RequestSummary,
        'id' | 'user' | 'accounts' | 'request_bytes' | 'response_bytes'
      >),
      user: exchange.user,
      accounts: accountsOf(exchange),
      request_bytes: bodyBytes(exchange.request),
      response_bytes: bodyBytes(exchange.response),
    };
    summaries.set(exchange, summary);
  }
  return summary;
}

/** A request opened on the page: both bodies as kept (the first INSPECTOR_LIMITS.bodyBytes of each) and their lengths. */
export function exchangeBodies(exchange: Exchange): RequestBodies {
  const request = keptText(exchange.request);
  const response = keptText(exchange.response);
  return {
    id: exchange.id,
    request: {
      method: exchange.entry.method,
      path: exchange.entry.path,
      content_type: exchange.requestType ?? null,
      bytes: bodyBytes(exchange.request),
      unread: exchange.request.unread,
      truncated: request.truncated,
      body: request.text,
    },
    response: {
      status: exchange.entry.status,
      content_type: exchange.responseType ?? null,
      bytes: bodyBytes(exchange.response),
      truncated: response.truncated,
      body: response.text,
    },
  };
}

/**
 * The accounts a request names: the account of an /accounts/{id} path, an `account_id` in the query or in either
 * body (a snapshot, a bulk call's rows), and the account a createAccount made. A list of every account names none.
 */
export function accountsOf(exchange: Exchange): string[] {
  const ids = new Set<string>();
  const { path, operationId, status } = exchange.entry;
  const mark = path.indexOf('?');
  const pathOnly = mark < 0 ? path : path.slice(0, mark);
  const fromPath = ACCOUNT_PATH.exec(pathOnly)?.[1];
  if (fromPath !== undefined) ids.add(decoded(fromPath));
  const fromQuery = mark < 0 ? null : new URLSearchParams(path.slice(mark + 1)).get('account_id');
  if (fromQuery) ids.add(fromQuery);
  for (const body of [keptText(exchange.request).text, keptText(exchange.response).text]) {
    if (body === null) continue;
    for (const match of body.matchAll(ACCOUNT_ID_FIELD)) {
      if (ids.size >= ACCOUNTS_LISTED) break;
      ids.add(match[1]!);
    }
  }
  if (operationId === 'createAccount' && status === 201) {
    const made = idOf(keptText(exchange.response).text);
    if (made !== undefined) ids.add(made);
  }
  return [...ids];
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function idOf(body: string | null): string | undefined {
  try {
    const id = (JSON.parse(body ?? 'null') as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
