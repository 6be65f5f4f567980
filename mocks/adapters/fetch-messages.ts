// fetch Request and Response to and from the core's plain messages: shared by mock.fetch and the MSW handler.
import { BodyCollector } from '../core/body';
import type { BodyReader, MockRequest, MockResponse } from '../core/messages';

/** A base URL split for matching: its origin and its path without a trailing slash. */
export interface Base {
  origin: string;
  path: string;
}

/** Splits a base URL (`https://ledger.test`, `http://127.0.0.1:4010/ledger`). */
export function parseBase(baseUrl: string): Base {
  const url = new URL(baseUrl);
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
}

/** The request as the core sees it, or `undefined` when its URL is not under `base`. */
export function toMockRequest(request: Request, base: Base): MockRequest | undefined {
  const url = new URL(request.url);
  if (url.origin !== base.origin) return undefined;
  let path = url.pathname;
  if (base.path !== '') {
    if (path !== base.path && !path.startsWith(`${base.path}/`)) return undefined;
    path = path.slice(base.path.length) || '/';
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const mockRequest: MockRequest = { method: request.method, path, query: url.search.slice(1), headers };
  if (request.body !== null) mockRequest.body = streamBody(request, headers['content-length']);
  return mockRequest;
}

function streamBody(request: Request, contentLength: string | undefined): BodyReader {
  const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
  return {
    ...(Number.isFinite(declared) ? { declaredLength: declared } : {}),
    async read(limit) {
      const reader = request.body!.getReader();
      const collected = new BodyCollector(limit);
      try {
        for (let next = await reader.read(); !next.done; next = await reader.read()) collected.add(next.value);
      } finally {
        // Let go rather than cancel(): cancelling the request stream makes msw 2.15's fetch interception
        // never answer the client.
        reader.releaseLock();
      }
      return collected.bytes();
    },
  };
}

/** The core's answer as a fetch Response; the answer to a HEAD has no body, as a network's has none (RFC 9110 9.3.2). */
export function toFetchResponse(reply: MockResponse, method: string): Response {
  return new Response(method === 'HEAD' ? null : reply.body, {
    status: reply.status,
    headers: reply.headers as Record<string, string>,
  });
}
