// Who may reach what, decided before anything runs or is read: a short ordered table of named checks. Each entry
// says which requests it sees (every request, or /__mock only) and is built from the host's options (ledger-mock's;
// none in process). A new check (a Host header, an Origin, a content type) is one entry here.
import type { MockRequest, MockResponse } from '../core/messages';
import { controlTokenCheck } from './control-token';

/** What a host of the fake asks the access checks to enforce. In process (mock.fetch, MSW) nothing is asked. */
export interface AccessOptions {
  /** The token every /__mock request must carry (`X-Ledger-Mock-Control` or `Authorization: Bearer`). @default none: open */
  controlToken?: string;
}

/** One check: a refusal to answer with (nothing then runs, and no body is read), or `undefined` to let it through. */
export type AccessCheck = (request: MockRequest) => MockResponse | undefined;

/** An entry of ACCESS_CHECKS. */
interface AccessCheckEntry {
  /** What it checks, for a reader. */
  name: string;
  /** The requests it sees: every request (API and /__mock), or /__mock only. */
  on: 'every request' | 'control';
  /** The check for these options, or `undefined` when they turn it off. */
  make(options: AccessOptions): AccessCheck | undefined;
}

/** The access checks, in the order they run; the first refusal is the answer. */
const ACCESS_CHECKS: readonly AccessCheckEntry[] = [
  { name: 'control token', on: 'control', make: ({ controlToken }) => (controlToken === undefined ? undefined : controlTokenCheck(controlToken)) },
];

/** The checks a host's options turn on, per kind of request, in table order. */
export interface CompiledAccess {
  /** For a request to the API. */
  readonly api: readonly AccessCheck[];
  /** For a request under /__mock (the checks of every request come first where the table puts them). */
  readonly control: readonly AccessCheck[];
}

/** Builds the checks once per host (never per request). */
export function compileAccess(options: AccessOptions): CompiledAccess {
  const api: AccessCheck[] = [];
  const control: AccessCheck[] = [];
  for (const entry of ACCESS_CHECKS) {
    const check = entry.make(options);
    if (check === undefined) continue;
    control.push(check);
    if (entry.on === 'every request') api.push(check);
  }
  return { api, control };
}

/** The first refusal of `checks` for this request, if any. */
export function refusalOf(checks: readonly AccessCheck[], request: MockRequest): MockResponse | undefined {
  // An indexed loop: no iterator per request, and nothing at all when the host asks for no check (in process).
  for (let i = 0; i < checks.length; i++) {
    const refused = checks[i]!(request);
    if (refused !== undefined) return refused;
  }
  return undefined;
}
