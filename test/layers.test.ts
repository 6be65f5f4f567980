// The fake's folders are layers, and imports point one way: down. Every import of mocks/**/*.ts (type-only ones
// and re-exports included: a cycle of types still ties two files together) is read with TypeScript's own
// pre-processor; an import up a layer, or any cycle, fails with the files named.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MOCKS = resolve(import.meta.dirname, '../../mocks');

/**
 * The layers, bottom first: a file may import its own layer and the ones before it, never one after it.
 * A path ending in `/` is a folder; every file of mocks/ belongs to exactly one layer.
 */
const LAYERS: ReadonlyArray<{ name: string; paths: readonly string[] }> = [
  { name: 'foundation', paths: ['errors.ts', 'zod.ts', 'suggest.ts', 'openapi-document.ts', 'generated/', 'scenarios/'] },
  { name: 'store', paths: ['store/'] },
  { name: 'rules', paths: ['rules/'] },
  { name: 'core', paths: ['core/'] },
  { name: 'control', paths: ['control/'] },
  { name: 'control-http', paths: ['control-http/'] },
  { name: 'adapters', paths: ['adapters/'] },
  { name: 'assembly', paths: ['create-ledger-mock.ts'] },
  { name: 'server', paths: ['server/'] },
  // Vitest's helpers take the fake and the client by their package names (not relatively), as users do.
  { name: 'vitest', paths: ['vitest/'] },
  { name: 'entries', paths: ['index.ts', 'msw.ts', 'node.ts', 'vitest.ts'] },
];

/** The layer of a file (a path relative to mocks/), by its index in LAYERS; -1 when no layer names it. */
function layerOf(file: string): number {
  return LAYERS.findIndex(({ paths }) => paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path)));
}

/** Import edges: from a file to the files of mocks/ it imports (both relative to mocks/). */
type Graph = ReadonlyMap<string, readonly string[]>;

/** Every `.ts` file under mocks/, relative to it. */
function sourceFiles(dir = MOCKS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(MOCKS, path)] : [];
  });
}

/** The import graph of mocks/: static imports, `import type`, `export ... from` and `import()`. */
function importGraph(): Graph {
  const files = sourceFiles();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(MOCKS, file), 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => relative(MOCKS, resolve(MOCKS, dirname(file), specifier)))
      .filter((target) => !target.startsWith('..')) // outside mocks/ (the SDK's generated types, src/calendar-date)
      .flatMap((target) => [`${target}.ts`, `${target}.d.ts`, join(target, 'index.ts')].filter((candidate) => known.has(candidate)).slice(0, 1));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Imports that point up a layer, as `from -> to (layer -> layer)`, and files no layer holds. */
function layerViolations(graph: Graph): string[] {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const here = layerOf(from);
    if (here < 0) {
      problems.push(`${from} is in no layer: add its folder to LAYERS in test/mocks/layers.test.ts (and to the layout in the docs)`);
      continue;
    }
    for (const to of targets) {
      const there = layerOf(to);
      if (there > here) problems.push(`${from} -> ${to} (${LAYERS[here]!.name} imports ${LAYERS[there]!.name}, a layer above it)`);
    }
  }
  return problems;
}

/** Every import cycle, each once, as `a -> b -> ... -> a` (Tarjan's strongly connected components, then one loop each). */
function importCycles(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((component) => {
    // One loop through the component, from its first file by name: a shortest way back, by breadth-first search.
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const next = (graph.get(file) ?? []).filter((target) => members.has(target));
      if (next.includes(start)) {
        const loop = [file];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]!)!);
        return [...loop, start].join(' -> ');
      }
      for (const target of next) if (!cameFrom.has(target) && target !== start) (cameFrom.set(target, file), queue.push(target));
    }
    return component.join(' <-> ');
  });
}

describe('mocks/: layers, and imports that point one way', () => {
  const graph = importGraph();

  it('reads the imports of every file of mocks/ (the walk itself found them)', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('create-ledger-mock.ts')).toContain('store/ledger-store.ts');
    expect(graph.get('index.ts')).toContain('create-ledger-mock.ts'); // an `export ... from` counts
  });

  it('no file imports a layer above its own, and every file is in a layer', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('no import cycle anywhere in mocks/ (type-only imports count)', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('the checks can fail: an upward import and a cycle in a made-up graph are both reported', () => {
    // The arrows between the pipeline and the control API before the control surface was made one layer.
    const before: Graph = new Map([
      ['core/pipeline.ts', ['control/faults.ts', 'store/ledger-store.ts']],
      ['control/faults.ts', ['core/messages.ts']],
      ['control/control.ts', ['core/pipeline.ts']],
      ['core/messages.ts', []],
      ['store/ledger-store.ts', ['store/store-changes.ts']],
      ['store/store-changes.ts', ['store/ledger-store.ts']],
      ['mystery/new.ts', []],
    ]);
    expect(layerViolations(before)).toEqual([
      'core/pipeline.ts -> control/faults.ts (core imports control, a layer above it)',
      'mystery/new.ts is in no layer: add its folder to LAYERS in test/mocks/layers.test.ts (and to the layout in the docs)',
    ]);
    expect(importCycles(before)).toEqual(['store/ledger-store.ts -> store/store-changes.ts -> store/ledger-store.ts']);
    const ring: Graph = new Map([
      ['rules/a.ts', ['rules/b.ts']],
      ['rules/b.ts', ['rules/c.ts', 'store/x.ts']],
      ['rules/c.ts', ['rules/a.ts']],
      ['store/x.ts', []],
    ]);
    expect(importCycles(ring)).toEqual(['rules/a.ts -> rules/b.ts -> rules/c.ts -> rules/a.ts']);
  });
});
