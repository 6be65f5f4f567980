// openapi.json itself: what tools that read it (Dredd, Prism, client generators) and its readers need.
import { describe, expect, it } from 'vitest';
import document from '../../openapi.json' with { type: 'json' };

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const resolve = (object: Json): Json => {
  const ref = object.$ref;
  if (typeof ref !== 'string') return object;
  return resolve(
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], document) as Json,
  );
};
const operations = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
  METHODS.filter((method) => method in item).map((method) => ({
    path,
    item,
    operation: item[method] as Json,
    where: `${method.toUpperCase()} ${path}`,
  })),
);

describe('openapi.json', () => {
  it('names a contact for the API description (info.contact)', () => {
    expect(document.info).toMatchObject({
      contact: { name: expect.any(String), url: expect.stringMatching(/^https:\/\//) },
    });
  });

  it('gives every path parameter an example (Dredd refuses a document without one)', () => {
    const parameters = operations.flatMap(({ item, operation, where }) =>
      [...((item.parameters as Json[] | undefined) ?? []), ...((operation.parameters as Json[] | undefined) ?? [])]
        .map(resolve)
        .filter((p) => p.in === 'path')
        .map((p) => ({ where: `${where} {${String(p.name)}}`, example: p.example ?? p.examples })),
    );
    expect(parameters.length).toBeGreaterThan(0);
    expect(parameters.filter((p) => p.example === undefined).map((p) => p.where)).toEqual([]);
  });

  it('marks as required the headers the service always sends: WWW-Authenticate on 401, Retry-After on 429 and 503, on every operation that declares them', () => {
    const expected = { 401: 'WWW-Authenticate', 429: 'Retry-After', 503: 'Retry-After' } as const;
    const seen: string[] = [];
    const notRequired: string[] = [];
    for (const { operation, where } of operations) {
      const responses = operation.responses as Json;
      for (const [status, header] of Object.entries(expected)) {
        if (!(status in responses)) continue;
        seen.push(`${where} ${status}`);
        const headers = (resolve(responses[status] as Json).headers ?? {}) as Record<string, Json>;
        if (headers[header] === undefined || resolve(headers[header]).required !== true)
          notRequired.push(`${where} ${status} ${header}`);
      }
    }
    expect(notRequired).toEqual([]);
    // Every operation may be rate limited or briefly unavailable, so each declares 429 and 503.
    expect(seen.filter((s) => s.endsWith(' 429'))).toHaveLength(operations.length);
    expect(seen.filter((s) => s.endsWith(' 503'))).toHaveLength(operations.length);
  });
});
