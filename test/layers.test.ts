// Every top-level source folder is a layer of the repository, and each folder's files are layers of their own: imports
// point one way, down. Every import of every source file (type-only ones, re-exports and import() included: a cycle of
// types still ties two files together; imports by the package's own name count as imports of its entry files) is read
// with TypeScript's own pre-processor. An import up a layer, an import of a folder a folder may not use, any cycle, or a
// folder or file no layer holds fails, with the files named. CONTRIBUTING.md ("Layout") writes the same order down.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

/** A layer of a folder: the paths it holds (relative to the folder; a path ending in `/` is a subfolder). */
interface Layer {
  name: string;
  paths: readonly string[];
  /** What this layer may import from other folders, beyond what its folder may (a path ending in `/` is a folder). */
  alsoImports?: readonly string[];
}

/** A top-level folder: what it may import of the folders before it, and its layers, bottom first. */
interface Folder {
  folder: string;
  /** Paths of earlier folders it may import (relative to the repository; `src/` is all of src). */
  imports: readonly string[];
  layers: readonly Layer[];
  /** Its files import no `node:` module (they run anywhere). @default false */
  noNode?: boolean;
}

const ALL: readonly Layer[] = [{ name: 'all', paths: [''] }];

/**
 * The folders, bottom first: a folder may import only paths of folders before it, listed in its `imports`. Inside a
 * folder, a file may import its own layer and the ones before it, never one after; a file belongs to the layer with the
 * longest path that holds it. Folders that other branches bring are listed already (statements/, sync/).
 */
const FOLDERS: readonly Folder[] = [
  {
    folder: 'src',
    imports: [],
    layers: [
      // generated/ and shared/ are also the foundation of the fake and of the statement readers.
      {
        name: 'foundation',
        paths: [
          'generated/',
          'shared/',
          'globals.d.ts',
          'types.ts',
          'bulk/types.ts',
          'retry/retry-options.ts',
          'observe/events.ts',
        ],
      },
      { name: 'errors', paths: ['errors/'] },
      { name: 'observe', paths: ['observe/'] },
      { name: 'options', paths: ['options.ts', 'headers.ts'] },
      { name: 'transport', paths: ['retry/', 'resources/context.ts'] },
      { name: 'bulk', paths: ['bulk/'] },
      { name: 'resources', paths: ['resources/'] },
      { name: 'client', paths: ['client.ts'] },
      { name: 'helpers over the client', paths: ['bulk/bulk-upsert-snapshots.ts', 'bulk/upsert-changed.ts'] },
      { name: 'entry', paths: ['index.ts'] },
    ],
  },
  {
    folder: 'statements',
    imports: ['src/generated/', 'src/shared/'],
    noNode: true,
    layers: [
      {
        name: 'foundation',
        paths: ['decimal.ts', 'text.ts', 'dates.ts', 'format.ts', 'errors.ts', 'types.ts', 'balance-kinds.ts'],
      },
      { name: 'add-up check and daily balances', paths: ['add-up.ts', 'daily.ts'] },
      { name: 'readers', paths: ['ofx/', 'csv/', 'mt940/', 'camt/'] },
      { name: 'formats', paths: ['formats.ts'] },
      { name: 'read and select', paths: ['read.ts', 'select.ts'] },
      { name: 'entry', paths: ['index.ts'] },
    ],
  },
  {
    // Reading a service with a user's token (ledger-parity and ledger-mock copy): the one home of odd answers.
    folder: 'reading',
    imports: ['src/'],
    layers: [
      {
        name: 'answers, pace, oddities, schema check',
        paths: ['answer.ts', 'pacer.ts', 'oddities.ts', 'openapi-check.ts'],
      },
      { name: 'inventory', paths: ['inventory.ts'] },
      { name: 'service', paths: ['service.ts'] },
    ],
  },
  {
    folder: 'mocks',
    // reading/: `ledger-mock copy` (server/) and the scenario it writes (control/, types only).
    imports: ['src/generated/', 'src/shared/', 'reading/'],
    layers: [
      {
        name: 'foundation',
        paths: [
          'errors.ts',
          'zod.ts',
          'openapi-document.ts',
          'generated/',
          'scenarios/',
          'rules/validation-runtime.ts',
        ],
      },
      { name: 'store', paths: ['store/'] },
      { name: 'rules', paths: ['rules/'] },
      { name: 'core', paths: ['core/'] },
      // The wire spelling of faults and the journal, and the limits of /__mock input: the table of control operations
      // (control/operations/) declares each operation's route with them.
      {
        name: 'control wire',
        paths: ['control-http/fault-wire.ts', 'control-http/journal-wire.ts', 'control-http/limits.ts'],
      },
      { name: 'control', paths: ['control/'] },
      { name: 'control-http', paths: ['control-http/'] },
      // ledger-mock's inspector page: its routes and files (served through the front door), and the page's own sources.
      { name: 'inspector', paths: ['inspector/'] },
      { name: 'adapters', paths: ['adapters/'] },
      { name: 'assembly', paths: ['create-ledger-mock.ts', 'msw-mock.ts'] },
      { name: 'server', paths: ['server/'] },
      { name: 'entries', paths: ['index.ts', 'msw.ts', 'node.ts'] },
      // The matchers for any runner's expect.extend: the fake's types by the package's name, no runner.
      { name: 'matchers', paths: ['matchers/'] },
      { name: 'matchers entry', paths: ['matchers.ts'] },
      // Vitest's helpers take the fake, the client and the matchers by their package names, as users do (one copy of each).
      { name: 'vitest', paths: ['vitest/'], alsoImports: ['src/index.ts'] },
      { name: 'vitest entry', paths: ['vitest.ts'] },
    ],
  },
  // --demo writes to the package's own demo fake (personal-ledger-sdk/mocks, by name).
  {
    folder: 'sync',
    imports: ['src/', 'statements/', 'mocks/'],
    layers: [
      { name: 'foundation', paths: ['errors.ts', 'io.ts', 'args.ts', 'format.ts', 'progress.ts'] },
      {
        name: 'connection, mapping, inputs, accounts',
        paths: ['connection.ts', 'mapping.ts', 'inputs.ts', 'accounts.ts'],
      },
      { name: 'read, plan, report', paths: ['read-files.ts', 'plan.ts', 'report.ts', 'first-run.ts'] },
      // SimpleFIN Bridge: its address rule, HTTP, statuses, Account Set, day and mapping key, and the access file.
      { name: 'simplefin', paths: ['simplefin/'] },
      { name: 'commands', paths: ['files-command.ts', 'simplefin/claim-command.ts', 'simplefin/sync-command.ts'] },
      { name: 'table of commands', paths: ['main.ts'] },
      { name: 'bin', paths: ['cli.ts'] },
    ],
  },
  {
    folder: 'parity',
    imports: ['src/', 'reading/', 'mocks/'],
    layers: [
      { name: 'http', paths: ['http/'] },
      { name: 'state', paths: ['state/'] },
      { name: 'compare', paths: ['compare/'] },
      { name: 'probes', paths: ['probes/'] },
      { name: 'report', paths: ['report/'] },
      { name: 'options and sides', paths: ['options.ts', 'sides.ts'] },
      { name: 'run', paths: ['service-reads.ts', 'run.ts'] },
      { name: 'entries', paths: ['cli.ts', 'index.ts'] },
    ],
  },
  {
    folder: 'examples',
    imports: ['src/', 'mocks/', 'statements/', 'sync/'],
    layers: [
      { name: 'lib', paths: ['lib/'] },
      { name: 'programs', paths: [''] },
    ],
  },
  {
    folder: 'scripts',
    imports: ['src/', 'mocks/', 'parity/'],
    layers: [
      { name: 'docs checks', paths: ['docs/'] },
      { name: 'scripts', paths: [''] },
    ],
  },
  {
    folder: 'bench',
    imports: ['src/', 'statements/', 'reading/', 'mocks/', 'sync/', 'parity/', 'examples/'],
    layers: [
      { name: 'lib', paths: ['lib/'] },
      { name: 'benchmarks', paths: [''] },
    ],
  },
  {
    folder: 'test',
    imports: ['src/', 'statements/', 'reading/', 'mocks/', 'sync/', 'parity/', 'examples/', 'scripts/', 'bench/'],
    layers: ALL,
  },
];

/** Imports that break the rules today and are known, each with who removes it (none now). */
const KNOWN_EXCEPTIONS: ReadonlyArray<{ why: string; edges: readonly string[] }> = [];

/**
 * Every source file (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`, `.cjs`) in a folder, relative to the repository: the files
 * git tracks, and new ones it does not ignore (so build output and installed packages never count).
 */
const SOURCE_FILES: readonly string[] = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard'],
  { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
)
  .split('\n')
  .filter((file) => file.includes('/') && /\.[mc]?[jt]s$/.test(file) && !file.split('/').includes('node_modules'));

/** The source files under the top-level folder `folder`. */
function sourceFiles(folder: string): string[] {
  return SOURCE_FILES.filter((file) => file.startsWith(`${folder}/`));
}

/** The top-level folders that hold source files. */
function sourceFolders(): string[] {
  return [...new Set(SOURCE_FILES.map((file) => file.split('/')[0]!))].sort();
}

/** Import edges: from a file to the source files it imports (all relative to the repository). */
type Graph = ReadonlyMap<string, readonly string[]>;

/** The package's own names (tsconfig `paths`) -> their entry files. */
function packageEntries(): ReadonlyMap<string, string> {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const paths = (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  return new Map(Object.entries(paths).map(([name, [target]]) => [name, relative(ROOT, resolve(ROOT, target!))]));
}

/** The import graph of every source file of the folders given. */
function importGraph(folders: readonly string[]): Graph {
  const files = folders.flatMap((folder) => sourceFiles(folder));
  const known = new Set(files);
  const entries = packageEntries();
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      if (entries.has(fileName)) return [entries.get(fileName)!];
      if (!fileName.startsWith('.')) return [];
      const target = relative(ROOT, resolve(ROOT, dirname(file), fileName)).replace(/\.[mc]?js$/, '');
      const candidates = [
        target,
        `${target}.ts`,
        `${target}.mts`,
        `${target}.js`,
        `${target}.mjs`,
        `${target}.d.ts`,
        join(target, 'index.ts'),
      ];
      return candidates.filter((candidate) => known.has(candidate)).slice(0, 1);
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

const under = (file: string, path: string) =>
  path === '' || path.endsWith('/') ? file.startsWith(path) : file === path;

/** The folder entry of a file, and its layer's index there (-1: no layer holds it). The longest matching path wins. */
function placeOf(file: string, folders: readonly Folder[]): { folder: Folder; layer: number } | undefined {
  const folder = folders.find((f) => file.startsWith(`${f.folder}/`));
  if (!folder) return undefined;
  const inFolder = file.slice(folder.folder.length + 1);
  let best = -1;
  let bestLength = -1;
  folder.layers.forEach(({ paths }, index) => {
    for (const path of paths)
      if (under(inFolder, path) && path.length > bestLength) (best = index), (bestLength = path.length);
  });
  return { folder, layer: best };
}

/** Imports that break the order (up a layer, or into a folder or part not allowed), and files no layer holds. */
function layerViolations(graph: Graph, folders: readonly Folder[] = FOLDERS): string[] {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const here = placeOf(from, folders);
    if (!here || here.layer < 0) {
      problems.push(
        `${from} is in no layer: add it to FOLDERS in test/layers.test.ts (and to the layout in CONTRIBUTING.md)`,
      );
      continue;
    }
    const layer = here.folder.layers[here.layer]!;
    const position = folders.indexOf(here.folder);
    for (const to of targets) {
      const there = placeOf(to, folders);
      if (there?.folder === here.folder) {
        if (there.layer > here.layer) {
          problems.push(
            `${from} -> ${to} (${here.folder.folder}/: ${layer.name} imports ${here.folder.layers[there.layer]!.name}, a layer above it)`,
          );
        }
        continue;
      }
      const allowed = [...here.folder.imports, ...(layer.alsoImports ?? [])].some((path) => under(to, path));
      const earlier = there !== undefined && folders.indexOf(there.folder) < position;
      if (!allowed || !earlier)
        problems.push(
          `${from} -> ${to} (${here.folder.folder}/ may import ${[...here.folder.imports, ...(layer.alsoImports ?? [])].join(', ') || 'no other folder'})`,
        );
    }
  }
  return problems;
}

/** The folders whose order lists only earlier folders, so the folders' own order has no cycle. */
function folderOrderProblems(folders: readonly Folder[]): string[] {
  return folders.flatMap((folder, index) =>
    folder.imports
      .filter((path) => {
        const target = folders.findIndex((other) => path.startsWith(`${other.folder}/`));
        return target < 0 || target >= index;
      })
      .map((path) => `${folder.folder}/ may import ${path}, which is not a folder before it`),
  );
}

/** Files that import a `node:` module in a folder whose files must run anywhere. */
function nodeImports(folders: readonly Folder[]): string[] {
  return folders
    .filter((folder) => folder.noNode)
    .flatMap((folder) => sourceFiles(folder.folder))
    .filter((file) =>
      ts
        .preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true)
        .importedFiles.some(({ fileName }) => fileName.startsWith('node:')),
    )
    .map((file) => `${file} imports a node: module; its folder runs anywhere`);
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
      for (const target of next)
        if (!cameFrom.has(target) && target !== start) cameFrom.set(target, file), queue.push(target);
    }
    return component.join(' <-> ');
  });
}

/** The graph without the known exceptions' edges, and the exceptions that no longer occur (stale: to be removed). */
function withoutKnownExceptions(graph: Graph): { graph: Graph; stale: string[] } {
  const known = new Set(KNOWN_EXCEPTIONS.flatMap(({ edges }) => edges));
  const seen = new Set<string>();
  const kept = new Map<string, string[]>();
  for (const [from, targets] of graph) {
    kept.set(
      from,
      targets.filter((to) => {
        const edge = `${from} -> ${to}`;
        if (!known.has(edge)) return true;
        seen.add(edge);
        return false;
      }),
    );
  }
  const stale = [...known]
    .filter((edge) => !seen.has(edge))
    .map((edge) => `${edge} no longer occurs: remove it from KNOWN_EXCEPTIONS`);
  return { graph: kept, stale };
}

describe('the repository: folders as layers, and imports that point one way', () => {
  const folders = sourceFolders();
  const full = importGraph(folders);
  const { graph, stale } = withoutKnownExceptions(full);

  it('reads the imports of every source folder (the walk itself found them)', () => {
    expect(folders).toEqual(expect.arrayContaining(['src', 'mocks', 'parity', 'scripts', 'bench', 'examples', 'test']));
    expect(full.get('mocks/create-ledger-mock.ts')).toContain('mocks/store/ledger-store.ts');
    expect(full.get('mocks/index.ts')).toContain('mocks/create-ledger-mock.ts'); // an `export ... from` counts
    expect(full.get('mocks/vitest/ledger-test.ts')).toContain('src/index.ts'); // by the package's name
    expect(full.get('examples/sync-csv.ts')).toContain('examples/sync-statements.ts'); // `./sync-statements.js` names the .ts file
  });

  it('every folder with source files has its entry in FOLDERS, and each folder may import only folders before it', () => {
    expect(
      folders
        .filter((folder) => !FOLDERS.some((f) => f.folder === folder))
        .map(
          (folder) =>
            `${folder}/ has source files but no entry in FOLDERS of test/layers.test.ts: add it (and its order to CONTRIBUTING.md's layout)`,
        ),
    ).toEqual([]);
    expect(folderOrderProblems(FOLDERS)).toEqual([]);
  });

  it('no file imports a layer above its own or a folder its own may not use, and every file is in a layer', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('no import cycle anywhere (type-only imports count)', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('folders that run anywhere import no node: module', () => {
    expect(nodeImports(FOLDERS)).toEqual([]);
  });

  it('each known exception still occurs (once it is fixed, remove it)', () => {
    expect(stale).toEqual([]);
  });

  it("CONTRIBUTING.md's layout names every folder and layer, in this order", () => {
    const guide = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    const layout = guide.slice(guide.indexOf('## Layout'), guide.indexOf('\n## ', guide.indexOf('## Layout') + 1));
    const missing: string[] = [];
    let at = 0;
    for (const { folder, layers } of FOLDERS) {
      at = layout.indexOf(`\`${folder}/\``, at);
      if (at < 0) {
        missing.push(`${folder}/`);
        at = 0;
        continue;
      }
      for (const { paths } of layers)
        for (const path of paths) if (path !== '' && !layout.includes(`\`${path}\``)) missing.push(`${folder}/${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('the checks can fail: an upward import, a folder out of order, a file in no layer and a cycle are all reported', () => {
    const folders: Folder[] = [
      {
        folder: 'src',
        imports: [],
        layers: [
          { name: 'errors', paths: ['errors/'] },
          { name: 'client', paths: ['client.ts'] },
        ],
      },
      {
        folder: 'mocks',
        imports: ['src/shared/'],
        layers: [
          { name: 'store', paths: ['store/'] },
          { name: 'core', paths: ['core/'] },
          { name: 'control', paths: ['control/'] },
        ],
      },
      { folder: 'late', imports: ['test/'], layers: ALL },
    ];
    // The arrows between the pipeline and the control API before the control surface was made one layer.
    const before: Graph = new Map([
      ['mocks/core/pipeline.ts', ['mocks/control/faults.ts', 'mocks/store/ledger-store.ts', 'src/client.ts']],
      ['mocks/control/faults.ts', ['mocks/core/messages.ts']],
      ['mocks/core/messages.ts', []],
      ['mocks/store/ledger-store.ts', ['mocks/store/store-changes.ts']],
      ['mocks/store/store-changes.ts', ['mocks/store/ledger-store.ts']],
      ['mocks/mystery/new.ts', []],
      ['src/errors/error.ts', ['src/client.ts']],
      ['src/client.ts', []],
    ]);
    expect(layerViolations(before, folders)).toEqual([
      'mocks/core/pipeline.ts -> mocks/control/faults.ts (mocks/: core imports control, a layer above it)',
      'mocks/core/pipeline.ts -> src/client.ts (mocks/ may import src/shared/)',
      'mocks/mystery/new.ts is in no layer: add it to FOLDERS in test/layers.test.ts (and to the layout in CONTRIBUTING.md)',
      'src/errors/error.ts -> src/client.ts (src/: errors imports client, a layer above it)',
    ]);
    expect(folderOrderProblems(folders)).toEqual(['late/ may import test/, which is not a folder before it']);
    expect(importCycles(before)).toEqual([
      'mocks/store/ledger-store.ts -> mocks/store/store-changes.ts -> mocks/store/ledger-store.ts',
    ]);
    const ring: Graph = new Map([
      ['mocks/rules/a.ts', ['mocks/rules/b.ts']],
      ['mocks/rules/b.ts', ['mocks/rules/c.ts', 'mocks/store/x.ts']],
      ['mocks/rules/c.ts', ['mocks/rules/a.ts']],
      ['mocks/store/x.ts', []],
    ]);
    expect(importCycles(ring)).toEqual([
      'mocks/rules/a.ts -> mocks/rules/b.ts -> mocks/rules/c.ts -> mocks/rules/a.ts',
    ]);
  });
});
