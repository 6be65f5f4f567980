// The safety rules, in one place: what the gate lets a request do to a target. Every request of the kit (probes,
// reads, cleanup) passes here first; a request these rules refuse is never sent.
//
// - Never POST /accounts, whatever the credentials (accounts cannot be deleted).
// - Nothing outside /api/public/.
// - A request without the token (none, malformed, another scheme, a made-up token) may use any method: the
//   service cannot act on it.
// - With the token: GET, HEAD and OPTIONS always (they change nothing, by HTTP's rules). Without a scratch account,
//   nothing else.
// - With a scratch account, writes only where they can be undone, or where nothing can be written:
//   a body no JSON parser reads (sent as application/json), with any method but DELETE, to any path under the API:
//     a service can take nothing from it;
//   POST /snapshots and /snapshots/bulk: every object in the body that names an `account_id` names the scratch
//     account (with a `snapshot_date` string in the reserved year) or an id the kit made up;
//   PATCH/DELETE /snapshots/{id}: a snapshot the kit created on the scratch account in this run, or a made-up id;
//     PUT/POST /snapshots/{id} (no operation of the API): a snapshot of the kit's only;
//   PATCH /accounts/{id}: the scratch account (its fields are restored after each probe), or a made-up id;
//     PUT/POST /accounts/{id} (no operation): the scratch account only (a made-up id could be created, and an
//     account cannot be deleted); DELETE /accounts/{id} (no operation): a made-up id only, never a real account,
//     the scratch one included (a service that offered it would destroy its history).
//   Any other write is refused.

/** What the rules need to know about the run. */
export interface WritePolicy {
  readonly mode: 'read' | 'scratch';
  readonly scratchAccountId?: string;
  /** The reserved year (`2000`): snapshot dates written to the scratch account begin with it. */
  readonly reservedYear: string;
  /** Ids the kit made up, checked to name nothing the token can see. */
  readonly absentIds: ReadonlySet<string>;
  /** Snapshots the kit created on the scratch account in this run. */
  readonly kitSnapshotIds: ReadonlySet<string>;
}

/** A request as the rules see it: the bytes that will be sent. */
export interface OutgoingRequest {
  method: string;
  path: string;
  /** The parsed JSON body; `undefined` when there is none or it is not JSON. */
  body: unknown;
  /** True when a body is sent that no JSON parser reads, as `application/json`: nothing can be taken from it. */
  unreadable?: boolean;
  /** True when the request carries the token (in the Authorization header, or elsewhere). */
  withToken: boolean;
}

const API = '/api/public/v1';

/** Why `request` must not be sent, or undefined when it may be. */
export function refusal(request: OutgoingRequest, policy: WritePolicy): string | undefined {
  const route = normalize(request.path);
  if (request.method === 'POST' && route === `${API}/accounts`) {
    return 'POST /accounts is never sent to a target: accounts cannot be deleted, so it could not be undone';
  }
  if (!route.startsWith('/api/public/')) return `${request.path} is not under /api/public/: the kit sends nothing else`;
  if (!request.withToken) return undefined;
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return undefined;
  if (policy.mode === 'read')
    return `${request.method} with the token needs --scratch-account: without it the kit sends the token only with GET, HEAD and OPTIONS`;
  if (request.unreadable && request.method !== 'DELETE') return undefined;
  const scratch = policy.scratchAccountId!.toLowerCase();

  if (request.method === 'POST' && (route === `${API}/snapshots` || route === `${API}/snapshots/bulk`)) {
    return rowsRefusal(request.body, scratch, policy);
  }
  const [, collection, id] = /^\/api\/public\/v1\/(accounts|snapshots)\/([^/]+)$/.exec(route) ?? [];
  const originalId = id === undefined ? undefined : lastSegment(request.path);
  if (collection === 'accounts' && originalId !== undefined) {
    const isScratch = originalId.toLowerCase() === scratch;
    const absent = policy.absentIds.has(originalId);
    if (request.method === 'PATCH' && (isScratch || absent)) return undefined;
    if ((request.method === 'PUT' || request.method === 'POST') && isScratch) return undefined;
    if (request.method === 'DELETE' && absent) return undefined;
    return request.method === 'DELETE'
      ? `DELETE of account ${originalId}: only an id the kit made up (a service that deleted an account would destroy its history)`
      : `${request.method} of account ${originalId}: only the scratch account${request.method === 'PATCH' ? ', or an id the kit made up,' : ''} may be changed`;
  }
  if (collection === 'snapshots' && originalId !== undefined) {
    const absent = policy.absentIds.has(originalId);
    if (absent && (request.method === 'PATCH' || request.method === 'DELETE')) return undefined;
    if (!policy.kitSnapshotIds.has(originalId)) {
      return `${request.method} of snapshot ${originalId}: only snapshots the kit created on the scratch account in this run may be changed`;
    }
    return request.method === 'DELETE' ? undefined : rowsRefusal(request.body, scratch, policy, true);
  }
  return `${request.method} ${request.path} with the token is no write the kit knows how to undo`;
}

/** Checks every object of the body that names an account (rows, at any depth). */
function rowsRefusal(
  body: unknown,
  scratch: string,
  policy: WritePolicy,
  patchOfKitSnapshot = false,
): string | undefined {
  for (const row of objectsIn(body)) {
    const date = row.snapshot_date;
    if (patchOfKitSnapshot && 'snapshot_date' in row && !inReservedYear(date, policy)) {
      return `a snapshot may move only to a date in ${policy.reservedYear}, not ${JSON.stringify(date)}`;
    }
    if (!('account_id' in row)) continue;
    const account = row.account_id;
    if (typeof account !== 'string') continue; // not an id: it names no account
    if (account.toLowerCase() === scratch) {
      // A PATCH keeps the kit's snapshot on its date unless it names another (checked above).
      if (!patchOfKitSnapshot && !inReservedYear(date, policy)) {
        return `a write to the scratch account needs a snapshot_date in ${policy.reservedYear}, not ${JSON.stringify(date)}`;
      }
      continue;
    }
    if (!policy.absentIds.has(account))
      return `a write names account ${account}: only the scratch account, or an id the kit made up, may be named`;
  }
  return undefined;
}

function inReservedYear(date: unknown, policy: WritePolicy): boolean {
  return typeof date === 'string' && date.startsWith(`${policy.reservedYear}-`);
}

/** Every plain object in a JSON value, the value itself included. */
function objectsIn(value: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) objectsIn(item, out);
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const item of Object.values(value)) objectsIn(item, out);
  }
  return out;
}

/**
 * The path as a lenient server might route it: percent-decoded, lower case, without repeated or trailing
 * slashes. The rules match on this, so `/API/public/v1/Accounts/` is POST /accounts too.
 */
function normalize(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape stays as sent
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
}

function lastSegment(path: string): string {
  const segment = path.replace(/\/+$/, '').split('/').pop()!;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
