// Answers checked against the package's openapi.json: the operation by method and path, the response by status
// (else NXX, else default), the headers it marks required, the JSON body against its schema. The same checks run
// on both sides' answers, so "the target breaks the document where the fake does not" shows as a difference.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import document from '../../openapi.json' with { type: 'json' };
import type { Answer } from '../http/answer';

const DOCUMENT_ID = 'https://personal-ledger-sdk.test/openapi.json';
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

type Json = Record<string, unknown>;

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();
const routes = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({
  template,
  item,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/**
 * The field names the document gives any answer of any operation (at any depth). A field the target sends and
 * the fake does not is a difference when it is one of these (`auto_carry_forward` in the account list, say: the
 * document gives it to the detail only), and additive otherwise: clients must ignore fields they do not know.
 */
export const ANSWER_FIELDS: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const object = resolve(node as Json);
    const properties = object.properties as Json | undefined;
    if (properties) for (const [name, property] of Object.entries(properties)) names.add(name), walk(property);
    for (const key of ['items', 'allOf', 'oneOf', 'anyOf', 'additionalProperties']) walk(object[key]);
  };
  for (const { item } of routes) {
    for (const operation of Object.values(item)) {
      for (const response of Object.values(((operation as Json).responses ?? {}) as Record<string, Json>)) {
        walk(((resolve(response).content as Json | undefined)?.['application/json'] as Json | undefined)?.schema);
      }
    }
  }
  return names;
})();

/** The version of the document this kit compares with (`info.version`). */
export const DOCUMENT_VERSION: string = document.info.version;

/** Where `answer` breaks openapi.json, as short sentences without concrete ids; empty when it does not. */
export function documentProblems(answer: Answer): string[] {
  if (answer.failure !== undefined) return [];
  const route = routes.find((r) => r.pattern.test(answer.request.path));
  const operation = route?.item[answer.request.method.toLowerCase()] as Json | undefined;
  const contentType = answer.headers['content-type'] ?? null;
  if (!route || !operation) {
    // Outside the document: the API's answer is its 404 route_not_found error.
    const code = (answer.json as Json | undefined)?.code;
    return answer.status === 404 && typeof code === 'string' ? [] : ['the request is outside openapi.json and the answer is not a 404 error body'];
  }
  const responses = operation.responses as Json;
  const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => k in responses);
  if (!key) return [`status ${answer.status} is not documented for ${answer.request.method} ${route.template}`];
  const response = resolve(responses[key] as Json);
  const problems = requiredHeaders(response)
    .filter((name) => answer.headers[name.toLowerCase()] === undefined)
    .map((name) => `required header ${name} is missing`);
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  const schema = content?.['application/json']?.schema;
  if (!schema) return answer.text === '' ? problems : [...problems, 'documented without a body, but one was sent'];
  if (!contentType?.toLowerCase().includes('application/json')) return [...problems, `content-type ${contentType ?? '(none)'} is not JSON`];
  if (answer.json === undefined) return [...problems, 'the body is not JSON'];
  const validate = compile(schema, `${route.template} ${answer.request.method} ${key}`);
  if (validate(answer.json)) return problems;
  return [...problems, ...(validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`)];
}

function requiredHeaders(response: Json): string[] {
  const headers = (response.headers ?? {}) as Record<string, Json>;
  return Object.entries(headers)
    .filter(([, header]) => resolve(header).required === true)
    .map(([name]) => name);
}

function resolve(object: Json): Json {
  const ref = object.$ref;
  if (typeof ref !== 'string') return object;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json)[key], document);
  return resolve(target as Json);
}

function compile(schema: Json, key: string): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    if (!ajv) {
      // Built on first use: a run --against a recording of only skipped probes never pays for it.
      ajv = new Ajv2020({ allErrors: true, strict: false });
      addFormats(ajv);
      ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
    }
    const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`)) as Json;
    validate = ajv.compile(rebased);
    compiled.set(key, validate);
  }
  return validate;
}
