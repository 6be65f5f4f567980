// Helpers of the --state tests: JSON calls over HTTP, temporary state files, and the part of a dump that is state.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * Calls a server at `url`: a path under /__mock (control) or /api/public/v1 (with `token`), JSON in and out. Every
 * request that is not a GET says `Content-Type: application/json`, body or not, as /__mock requires of a change.
 * Each call has a connection of its own (node:http, no agent): a pooled keep-alive connection that the server closed
 * for idleness while this process was busy (parsing a state file, on a loaded machine) would fail the next write with
 * "other side closed", whatever the server did.
 */
export function caller(url: string, defaults: Record<string, string> = {}) {
  return (
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const text = body !== undefined ? JSON.stringify(body) : undefined;
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        `${url}${path}`,
        {
          method,
          agent: false,
          headers: {
            accept: '*/*',
            ...defaults,
            ...(body !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}),
            ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
            ...(text !== undefined || method !== 'GET'
              ? { 'content-length': String(Buffer.byteLength(text ?? '')) }
              : {}),
          },
        },
        (response) => {
          let answer = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
          response.once('error', reject);
          response.once('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers))
              if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
            try {
              resolve({
                status: response.statusCode!,
                headers: responseHeaders,
                body: answer ? JSON.parse(answer) : undefined,
              });
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.once('error', reject);
      request.end(text);
    });
  };
}

/**
 * One request with node:http, which sends any header as given (fetch would replace Host and drop others): for
 * Host, Origin and Content-Type as a browser or an attacker's page would send them. The answer's body is parsed
 * when it is JSON.
 */
export function rawRequest(
  url: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }; // DELETE and OPTIONS too
    const request = httpRequest(`${url}${path}`, { method, headers: { ...length, ...options.headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        const json = headers.get('content-type')?.startsWith('application/json') && text !== '';
        resolve({ status: response.statusCode!, headers, body: json ? JSON.parse(text) : text });
      });
    });
    request.once('error', reject);
    request.end(options.body);
  });
}

/** A temporary directory for state files; `cleanup()` removes it. */
export function stateDir(): { path(name?: string): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-mock-state-'));
  return {
    path: (name = 'ledger.state') => join(dir, name),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What a restart must keep of GET /__mock/state: everything but the clock and the event journal. */
export function persistent(dump: any): unknown {
  const { now: _now, events: _events, ...state } = dump;
  return state;
}
