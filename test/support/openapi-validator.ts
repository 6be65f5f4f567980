// Checks responses against openapi.json: the operation from method and path, the response by
// status (else NXX, else default), the headers it marks `required`, the JSON body against its schema.
// Independent of the fake's own code, so a fake that drifts from the document is caught.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import document from '../../openapi.json' with { type: 'json' };

const DOCUMENT_ID = 'https://personal-ledger-sdk.test/openapi.json';
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

type Json = Record<string, unknown>;
interface Route {
  pattern: RegExp;
  template: string;
  item: Json;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
const compiled = new Map<string, ValidateFunction>();

const routes: Route[] = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({
  template,
  item,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** A schema of the document by name (`components.schemas`), compiled once. */
export function schemaValidator(name: string): ValidateFunction {
  return compile({ $ref: `#/components/schemas/${name}` }, `schema:${name}`);
}

/** Problems of one response, or an empty list. `baseUrl` is stripped from the request's path. */
export function checkResponse(input: {
  method: string;
  url: string;
  baseUrl: string;
  status: number;
  contentType: string | null;
  bodyText: string;
  /** The response's headers: each one the document marks `required` must be there. */
  headers: Pick<Headers, 'get'>;
}): string[] {
  const where = `${input.method} ${input.url} -> ${input.status}`;
  const base = new URL(input.baseUrl);
  const pathname = new URL(input.url).pathname.slice(base.pathname.replace(/\/$/, '').length);
  const route = routes.find((r) => r.pattern.test(pathname));
  const operation = route?.item[input.method.toLowerCase()] as Json | undefined;
  let body: unknown;
  try {
    body = input.bodyText === '' ? undefined : JSON.parse(input.bodyText);
  } catch {
    return [`${where}: body is not JSON`];
  }
  if (!route || !operation) {
    // Outside the document: only the fake's 404 route_not_found is expected there.
    const code = (body as Json | undefined)?.code;
    return input.status === 404 && code === 'route_not_found' ? [] : [`${where}: no such operation in openapi.json`];
  }
  const responses = operation.responses as Json;
  const key = [String(input.status), `${String(input.status)[0]}XX`, 'default'].find((k) => k in responses);
  if (!key) return [`${where}: status not documented`];
  const response = resolve(responses[key] as Json);
  const missing = requiredHeaders(response)
    .filter((name) => input.headers.get(name) === null)
    .map((name) => `${where}: required header ${name} is missing`);
  return [...missing, ...checkBody(response, body, input.contentType, where, `${route.template} ${input.method} ${key}`)];
}

function checkBody(response: Json, body: unknown, contentType: string | null, where: string, key: string): string[] {
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  const schema = content?.['application/json']?.schema;
  if (!schema) return body === undefined ? [] : [`${where}: documented without a body, but one was sent`];
  if (!contentType?.includes('application/json')) return [`${where}: content-type ${contentType} is not JSON`];
  const validate = compile(schema, key);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message} (${e.schemaPath})`);
}

/** The names of the response's headers marked `required: true`. */
function requiredHeaders(response: Json): string[] {
  const headers = (response.headers ?? {}) as Record<string, Json>;
  return Object.entries(headers)
    .filter(([, header]) => resolve(header).required === true)
    .map(([name]) => name);
}

function resolve(object: Json): Json {
  const ref = object.$ref;
  if (typeof ref !== 'string') return object;
  const target = ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Json)[key], document);
  return resolve(target as Json);
}

function compile(schema: Json, key: string): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    // Point the schema's local refs (#/components/...) at the registered document.
    const text = JSON.stringify(schema);
    const rebased = JSON.parse(text.replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`)) as Json;
    validate = ajv.compile(rebased);
    compiled.set(key, validate);
  }
  return validate;
}
