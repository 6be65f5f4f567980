// What the kit compares against the package's openapi.json, through the one check of answers (reading/openapi-check):
// where each answer breaks the document (the same check on both sides, so "the target breaks the document where the
// fake does not" shows as a difference), the document's version, and the field names it gives any answer.
import type { Answer } from '../../reading/answer';
import { answerProblems, DOCUMENTED_ROUTES, OPENAPI_DOCUMENT, resolve } from '../../reading/openapi-check';

type Json = Record<string, unknown>;

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
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    const object = resolve(node as Json);
    const properties = object.properties as Json | undefined;
    for (const [name, property] of Object.entries(properties ?? {})) {
      names.add(name);
      walk(property);
    }
    for (const key of ['items', 'allOf', 'oneOf', 'anyOf', 'additionalProperties']) walk(object[key]);
  };
  for (const { item } of DOCUMENTED_ROUTES) {
    for (const operation of Object.values(item)) {
      for (const response of Object.values(((operation as Json).responses ?? {}) as Record<string, Json>)) {
        walk(((resolve(response).content as Json | undefined)?.['application/json'] as Json | undefined)?.schema);
      }
    }
  }
  return names;
})();

/** The version of the document this kit compares with (`info.version`). */
export const DOCUMENT_VERSION: string = (OPENAPI_DOCUMENT.info as { version: string }).version;

/** Where `answer` breaks openapi.json, as short sentences without concrete ids; empty when it does not (or no answer came). */
export function documentProblems(answer: Answer): string[] {
  if (answer.failure !== undefined) return [];
  return answerProblems({
    method: answer.request.method,
    path: answer.request.path,
    status: answer.status,
    header: (name) => answer.headers[name.toLowerCase()],
    text: answer.text,
    json: answer.json,
  });
}
