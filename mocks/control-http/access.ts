// Who may reach what, decided before anything runs or is read: a short ordered table of named checks. Each entry
// says which requests it sees (the API's, /__mock's, the inspector page's files) and is built from the host's
// options (ledger-mock's; in process only what /__mock itself requires). A new check is one entry here.
import type { MockRequest, MockResponse } from '../core/messages';
import { controlTokenCheck } from './control-token';
import { apiCors, type ApiCors } from './cors';
import { jsonContentTypeCheck, sameOriginCheck } from './cross-site';
import { hostCheck, type HostPolicy } from './host-check';

/**
 * What a host of the fake asks the access checks to enforce. In process (mock.fetch, MSW) nothing is asked; the
 * checks of /__mock itself (a change is JSON) need no option and run for every host.
 */
export interface AccessOptions {
  /** The token every /__mock request must carry (`X-Ledger-Mock-Control` or `Authorization: Bearer`). @default none: open */
  controlToken?: string;
  /**
   * Where ledger-mock listens and the names it also answers to: turns on the Host check of every request and the
   * Origin check of /__mock. @default none (in process: no network, no Host, and the page calling is the fake's own)
   */
  listening?: HostPolicy;
  /** Origins whose pages may call the API (CORS; never /__mock). @default none: no CORS headers */
  cors?: readonly string[];
}

/** One check: an answer instead of running the request (a refusal; nothing then runs, and no body is read), or `undefined` to let it through. */
export type AccessCheck = (request: MockRequest) => MockResponse | undefined;

/**
 * The kinds of request: to the API, to /__mock, and for ledger-mock's inspector page's own files (its HTML, script
 * and stylesheet, under /__mock: they hold no data, and a browser's navigation cannot send a control token).
 */
type Audience = 'api' | 'control' | 'page';

/** An entry of ACCESS_CHECKS. */
interface AccessCheckEntry {
  /** What it checks, for a reader. */
  name: string;
  /** The requests it sees. */
  on: readonly Audience[];
  /** The check for these options, or `undefined` when they turn it off. */
  make(options: AccessOptions, cors: ApiCors | undefined): AccessCheck | undefined;
}

/** The access checks, in the order they run; the first answer is the answer. */
const ACCESS_CHECKS: readonly AccessCheckEntry[] = [
  {
    name: 'Host header (403 host_not_allowed)',
    on: ['api', 'control', 'page'],
    make: ({ listening }) => listening && hostCheck(listening),
  },
  { name: 'CORS preflight of an allowed origin (204)', on: ['api'], make: (_, cors) => cors?.preflight },
  {
    name: 'Origin of /__mock (403 origin_not_allowed)',
    on: ['control', 'page'],
    make: ({ listening }) => listening && sameOriginCheck,
  },
  {
    name: 'JSON content type of a /__mock change (415 json_required)',
    on: ['control'],
    make: () => jsonContentTypeCheck,
  },
  {
    name: 'control token (401)',
    on: ['control'],
    make: ({ controlToken }) => (controlToken === undefined ? undefined : controlTokenCheck(controlToken)),
  },
];

/** The checks a host's options turn on, per kind of request, in table order. */
export interface CompiledAccess {
  /** For a request to the API. */
  readonly api: readonly AccessCheck[];
  /** For a request under /__mock. */
  readonly control: readonly AccessCheck[];
  /** For a file of ledger-mock's inspector page (GET only). */
  readonly page: readonly AccessCheck[];
  /** The API's CORS, when origins are allowed: its answers get the headers. */
  readonly cors: ApiCors | undefined;
}

/** Builds the checks once per host (never per request). */
export function compileAccess(options: AccessOptions): CompiledAccess {
  const cors = options.cors !== undefined && options.cors.length > 0 ? apiCors(options.cors) : undefined;
  const checks: Record<Audience, AccessCheck[]> = { api: [], control: [], page: [] };
  for (const entry of ACCESS_CHECKS) {
    const check = entry.make(options, cors);
    if (check === undefined) continue;
    for (const audience of entry.on) checks[audience].push(check);
  }
  return { ...checks, cors };
}

/** The first answer of `checks` for this request, if any. */
export function refusalOf(checks: readonly AccessCheck[], request: MockRequest): MockResponse | undefined {
  // An indexed loop: no iterator per request, and nothing at all when the host asks for no check.
  for (let i = 0; i < checks.length; i++) {
    const refused = checks[i]!(request);
    if (refused !== undefined) return refused;
  }
  return undefined;
}
