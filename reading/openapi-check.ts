// The one check of answers against openapi.json: the operation by method and path, the response by status (else
// NXX, else default), the headers it marks required, the JSON body against its schema; and single records against
// a named schema. ajv over the document, with none of the fake's code: the fake's tests use it to catch a fake that
// drifts from the document, ledger-parity to compare both sides' answers with it, and the inventory reader to judge
// each record a service lists.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import document from '../openapi.json' with { type: 'json' };

const DOCUMENT_ID = 'https://personal-ledger-sdk.test/openapi.json';
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

type Json = Record<string, unknown>;

/** openapi.json as data. */
export const OPENAPI_DOCUMENT: Readonly<Json> = document as Json;

/** Each path of the document: its template, its operations, and a pattern matching concrete paths. */
export const DOCUMENTED_ROUTES: ReadonlyArray<{ template: string; item: Readonly<Json>; pattern: RegExp }> =
  Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({
    template,
    item,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

/** One answer as the check reads it. */
export interface CheckedAnswer {
  method: string;
  /** The path from the root (`/api/public/v1/...`), without the query. */
  path: string;
  status: number;
  /** A response header by name (any letter case); null or undefined when absent. */
  header(name: string): string | null | undefined;
  /** The body as text ('' for none). */
  text: string;
  /** The body parsed, when the caller has it already (it is parsed from `text` otherwise). */
  json?: unknown;
}

/**
 * Where an answer breaks openapi.json, as short sentences that name no concrete id (empty: it does not). A path
 * outside the document is expected to answer 404 with an error body (a HEAD, 404 with no body).
 */
export function answerProblems(answer: CheckedAnswer): string[] {
  const route = DOCUMENTED_ROUTES.find((r) => r.pattern.test(answer.path));
  const operation = route?.item[answer.method.toLowerCase()] as Json | undefined;
  const body = answer.json !== undefined ? { json: answer.json } : parse(answer.text);
  if (!route || !operation) {
    // A HEAD answer has no body (RFC 9110, 9.3.2): its status is what there is to check.
    if (answer.method.toUpperCase() === 'HEAD')
      return answer.status === 404 && answer.text === ''
        ? []
        : ['the request is outside openapi.json and the answer is not a 404 without a body'];
    const isError = body !== undefined && schemaValidator('Error')(body.json);
    return answer.status === 404 && isError
      ? []
      : ['the request is outside openapi.json and the answer is not a 404 error body'];
  }
  const responses = operation.responses as Json;
  const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => k in responses);
  if (!key) return [`status ${answer.status} is not documented for ${answer.method.toUpperCase()} ${route.template}`];
  const response = resolve(responses[key] as Json);
  const problems = requiredHeaders(response)
    .filter((name) => answer.header(name) === null || answer.header(name) === undefined)
    .map((name) => `required header ${name} is missing`);
  const schema = ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as
    | Json
    | undefined;
  if (!schema) return answer.text === '' ? problems : [...problems, 'documented without a body, but one was sent'];
  const contentType = answer.header('content-type') ?? null;
  if (!contentType?.toLowerCase().includes('application/json'))
    return [...problems, `content-type ${contentType ?? '(none)'} is not JSON`];
  if (body === undefined) return [...problems, 'the body is not JSON'];
  const validate = compile(schema, `${route.template} ${answer.method.toUpperCase()} ${key}`);
  return validate(body.json) ? problems : [...problems, ...describeErrors(validate)];
}

/**
 * answerProblems for a response to `url` (the tests' form): `baseUrl`'s path is taken off, and each sentence begins
 * with `METHOD url -> status: `.
 */
export function checkResponse(input: {
  method: string;
  url: string;
  baseUrl: string;
  status: number;
  contentType: string | null;
  bodyText: string;
  headers: Pick<Headers, 'get'>;
}): string[] {
  const where = `${input.method} ${input.url} -> ${input.status}`;
  const base = new URL(input.baseUrl).pathname.replace(/\/$/, '');
  const path = new URL(input.url).pathname.slice(base.length);
  const header = (name: string) =>
    name.toLowerCase() === 'content-type' ? input.contentType : input.headers.get(name);
  return answerProblems({ method: input.method, path, status: input.status, header, text: input.bodyText }).map(
    (problem) => `${where}: ${problem}`,
  );
}

/** Where `value` breaks the schema `name` of openapi.json (`components.schemas`), as short sentences; empty when it does not. */
export function schemaProblems(name: string, value: unknown): string[] {
  const validate = schemaValidator(name);
  return validate(value) ? [] : describeErrors(validate);
}

/** The properties a schema of the document names (`components.schemas`, through `allOf`). */
export function schemaFields(name: string): string[] {
  const walk = (schema: Json): string[] => [
    ...Object.keys((schema.properties ?? {}) as Json),
    ...((schema.allOf ?? []) as Json[]).flatMap((part) => walk(resolve(part))),
  ];
  return walk(resolve({ $ref: `#/components/schemas/${name}` }));
}

/** A schema of the document by name (`components.schemas`), compiled once. */
export function schemaValidator(name: string): ValidateFunction {
  return compile({ $ref: `#/components/schemas/${name}` }, `schema:${name}`);
}

/** A `$ref` of the document followed to what it names (repeatedly); anything else as it is. */
export function resolve(object: Json): Json {
  const ref = object.$ref;
  if (typeof ref !== 'string') return object;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json)[key], document);
  return resolve(target as Json);
}

function describeErrors(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((e) => {
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    return `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}${allowed ? ` (${allowed.join(', ')})` : ''}`;
  });
}

function parse(text: string): { json: unknown } | undefined {
  if (text === '') return undefined;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function requiredHeaders(response: Json): string[] {
  const headers = (response.headers ?? {}) as Record<string, Json>;
  return Object.entries(headers)
    .filter(([, header]) => resolve(header).required === true)
    .map(([name]) => name);
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function compile(schema: Json, key: string): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    if (!ajv) {
      // Built on first use: a run that checks nothing never pays for it.
      ajv = new Ajv2020({ allErrors: true, strict: false });
      addFormats(ajv);
      ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
    }
    // The schema's local refs (#/components/...) point at the registered document.
    const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`)) as Json;
    validate = ajv.compile(rebased);
    compiled.set(key, validate);
  }
  return validate;
}
