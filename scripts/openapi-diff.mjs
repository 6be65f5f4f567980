// Compares two OpenAPI documents by operation and by component schema.
import { isDeepStrictEqual } from 'node:util';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(doc) {
  const ops = new Map();
  for (const [path, item] of Object.entries(doc?.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op)
        ops.set(`${method.toUpperCase()} ${path}`, {
          ...op,
          parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        });
    }
  }
  return ops;
}

function compare(before, after) {
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const altered = [...after.keys()].filter((k) => before.has(k) && !isDeepStrictEqual(before.get(k), after.get(k)));
  return { added, removed, altered };
}

/** What changed between two OpenAPI documents: operations and schemas added, removed or altered. */
export function diffOpenApi(before, after) {
  const schemas = (doc) => new Map(Object.entries(doc?.components?.schemas ?? {}));
  return {
    operations: compare(operations(before), operations(after)),
    schemas: compare(schemas(before), schemas(after)),
  };
}

/** Human-readable lines for a diff; `no changes` when nothing differs. */
export function formatDiff(diff) {
  const lines = [];
  for (const [kind, d] of [
    ['operation', diff.operations],
    ['schema', diff.schemas],
  ]) {
    for (const k of d.added) lines.push(`+ ${kind} ${k}`);
    for (const k of d.removed) lines.push(`- ${kind} ${k}`);
    for (const k of d.altered) lines.push(`~ ${kind} ${k}`);
  }
  return lines.length ? lines.join('\n') : 'no changes';
}
