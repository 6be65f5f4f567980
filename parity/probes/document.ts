// GET /openapi.json (spec 4, 9.3; spec-gaps 1, 3-7, 13, 17, 21, 32): the service's own description, read without a
// token. Compared by summary: the operations, the request and response schemas, the statuses documented.
import type { View } from '../compare/view';
import { API } from './helpers';
import type { Probe } from './types';
import type { ProbeRequest } from '../http/request';

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const CONSTRAINTS = [
  'type',
  'enum',
  'const',
  'format',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'minimum',
  'maximum',
  'pattern',
];
const openapi = (auth: ProbeRequest['auth'] = 'none'): ProbeRequest => ({
  method: 'GET',
  path: `${API}/openapi.json`,
  auth,
});

/** The view with its body replaced by `summary(body)` when the body is a document. */
function summarize(summary: (document: Json) => unknown): (view: View) => View {
  return (view) => {
    const body = view.body as Json | undefined;
    if (typeof body !== 'object' || body === null || typeof body.paths !== 'object') return view;
    return { ...view, body: summary(body) };
  };
}

/** `#/components/schemas/Name` as `Name`. */
const refName = (node: unknown): string | undefined => {
  const ref = (node as Json | undefined)?.$ref;
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
};

function operations(document: Json): unknown {
  const out: string[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const security = (operation.security ?? document.security) as Array<Record<string, string[]>> | undefined;
      const scopes = security?.flatMap((requirement) => Object.values(requirement).flat()) ?? [];
      out.push(
        `${method.toUpperCase()} ${path} ${String(operation.operationId)} [${scopes.sort().join(' ') || 'no token'}]`,
      );
    }
  }
  return out.sort();
}

function responses(document: Json): unknown {
  const out: Record<string, Record<string, string>> = {};
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const statuses: Record<string, string> = {};
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        const resolved = resolveResponse(document, response);
        const schema = ((resolved.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
        const required = Object.entries((resolved.headers ?? {}) as Record<string, Json>)
          .filter(([, header]) => resolveResponse(document, header).required === true)
          .map(([name]) => name);
        statuses[status] =
          `${schema ? (refName(schema) ?? 'inline schema') : 'no body'}${required.length ? `; requires ${required.sort().join(', ')}` : ''}`;
      }
      out[`${method.toUpperCase()} ${path}`] = statuses;
    }
  }
  return out;
}

function resolveResponse(document: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  return resolveResponse(
    document,
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], document) as Json,
  );
}

/** Each schema: its properties with their constraints, required fields, and whether others are allowed. */
function schemas(document: Json): unknown {
  const all = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(all)) out[name] = signature(schema);
  return out;
}

function signature(schema: Json): unknown {
  const out: Json = {};
  for (const key of CONSTRAINTS) if (key in schema) out[key] = schema[key];
  const ref = refName(schema);
  if (ref) out.ref = ref;
  if (Array.isArray(schema.required)) out.required = [...(schema.required as string[])].sort();
  if ('additionalProperties' in schema)
    out.additionalProperties =
      typeof schema.additionalProperties === 'boolean' ? schema.additionalProperties : 'schema';
  if (typeof schema.properties === 'object' && schema.properties !== null) {
    const properties = schema.properties as Record<string, Json>;
    out.properties = Object.fromEntries(
      Object.keys(properties)
        .sort()
        .map((key) => [key, signature(properties[key]!)]),
    );
  }
  if (typeof schema.items === 'object' && schema.items !== null) out.items = signature(schema.items as Json);
  for (const combiner of ['allOf', 'oneOf', 'anyOf']) {
    if (Array.isArray(schema[combiner])) out[combiner] = (schema[combiner] as Json[]).map(signature);
  }
  return out;
}

export const documentProbes: readonly Probe[] = [
  {
    id: 'document.no-token',
    title: 'GET /openapi.json needs no token and answers an OpenAPI 3.1 document',
    rules: ['§4 GET /openapi.json', '§4 table GET /openapi.json', '§9.3'],
    gaps: [],
    mode: 'read',
    operations: ['getOpenApiDocument'],
    steps: [() => openapi()],
    compares: 'status, Content-Type and the `openapi` version (3.1.x)',
    view: { adjust: summarize((d) => ({ openapi: String(d.openapi).replace(/^(\d+\.\d+)\..*$/, '$1.x') })) },
  },
  {
    id: 'document.made-up-token',
    title: 'GET /openapi.json with a made-up token still answers the document (no token is needed)',
    rules: ['§4 GET /openapi.json', '§5.1'],
    gaps: [],
    mode: 'read',
    operations: ['getOpenApiDocument'],
    steps: [() => openapi('made-up')],
    compares: 'status and the `openapi` version',
    view: { adjust: summarize((d) => ({ openapi: String(d.openapi).replace(/^(\d+\.\d+)\..*$/, '$1.x') })) },
  },
  {
    id: 'document.operations',
    title: 'The document names the same operations: method, path, operationId and scope',
    rules: [
      '§4 table GET /me',
      '§4 table GET /categories',
      '§4 table GET /accounts',
      '§4 table POST /accounts',
      '§4 table GET /accounts/{id}',
      '§4 table PATCH /accounts/{id}',
      '§4 table GET /snapshots',
      '§4 table POST /snapshots',
      '§4 table GET /snapshots/{id}',
      '§4 table PATCH /snapshots/{id}',
      '§4 table DELETE /snapshots/{id}',
      '§4 table POST /snapshots/bulk',
      '§4 table GET /openapi.json',
      '§5.4',
      '§9.3',
    ],
    gaps: [32],
    mode: 'read',
    operations: ['getOpenApiDocument'],
    steps: [() => openapi()],
    compares: 'the sorted list `METHOD path operationId [scopes]`',
    view: { adjust: summarize(operations) },
  },
  {
    id: 'document.responses',
    title: 'The document gives each operation the same statuses, body schemas and required headers',
    rules: ['§4 POST /accounts rule 3', '§4 PATCH /accounts/{id} rule 3', '§7 error body', '§9.3'],
    gaps: [1, 3, 4, 6, 7, 17, 21],
    mode: 'read',
    operations: ['getOpenApiDocument', 'createAccount'],
    steps: [() => openapi()],
    compares: "per operation and status: the body schema's name and the headers marked required",
    view: { adjust: summarize(responses) },
  },
  {
    id: 'document.schemas',
    title: "The document's schemas agree: properties, required fields, enums, limits, unknown fields refused",
    rules: [
      '§4 POST /accounts body name',
      '§4 POST /accounts body category_id',
      '§4 POST /accounts body institution_name',
      '§4 POST /accounts body visibility',
      '§4 POST /accounts body liquidity_tier',
      '§4 POST /snapshots body',
      '§8 rows per bulk call',
      '§8 name length',
      '§8 institution_name length',
      '§9.3',
    ],
    gaps: [5, 7, 8, 13, 14],
    mode: 'read',
    operations: ['getOpenApiDocument'],
    steps: [() => openapi()],
    compares: 'per schema: properties with their constraints, `required`, `additionalProperties`',
    view: { adjust: summarize(schemas) },
  },
];
