// Helpers of the --state tests: JSON calls over HTTP, temporary state files, and the part of a dump that is state.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Calls a server at `url`: a path under /__mock (control) or /api/public/v1 (with `token`), JSON in and out. Every
 * request that is not a GET says `Content-Type: application/json`, body or not, as /__mock requires of a change.
 */
export function caller(url: string, defaults: Record<string, string> = {}) {
  return async (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...defaults,
        ...(body !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}),
        ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
}

/** A temporary directory for state files; `cleanup()` removes it. */
export function stateDir(): { path(name?: string): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-mock-state-'));
  return { path: (name = 'ledger.state') => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a restart must keep of GET /__mock/state: everything but the clock and the event journal. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function persistent(dump: any): unknown {
  const { now: _now, events: _events, ...state } = dump;
  return state;
}
