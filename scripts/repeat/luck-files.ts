// The test files that may depend on luck, for `npm run test:repeat -- 50 --luck`: those that touch processes, timers,
// files, the network or randomness, by what their source (or a module of test/ they import, to any depth) uses.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What makes a test file's outcome depend on more than its code, and the source text that shows it. */
export const LUCK_SIGNS = [
  { touches: 'processes', pattern: /node:child_process|\bprocess\.kill\(|chromium/ },
  {
    touches: 'timers',
    pattern:
      /\bset(?:Timeout|Interval|Immediate)\(|useFakeTimers|\bDate\.now\(|performance\.now\(|new Date\(\)|\.waitFor\(/,
  },
  // Writes, and what a file system may number or date as it likes (reading a fixture is not luck).
  {
    touches: 'files',
    pattern:
      /\b(?:writeFile|appendFile|mkdtemp|rename|unlink|rmSync|symlink|utimes|chmod|truncate|createWriteStream)\w*\(|\.(?:ino|mtimeMs|mtime)\b/,
  },
  // Real sockets: ports, connections, a server's timing (MSW's in-process `server.listen()` is none of these).
  { touches: 'network', pattern: /'node:(?:http|https|net)'|127\.0\.0\.1|\blocalhost:/ },
  { touches: 'randomness', pattern: /fast-check|Math\.random\(|randomBytes|randomUUID|getRandomValues/ },
] as const;

export type LuckKind = (typeof LUCK_SIGNS)[number]['touches'];

/** A test file that touches at least one of the above, with what it touches (its own source and its imports'). */
export interface LuckFile {
  /** Relative to the root, e.g. `test/server/state-lock-cli.test.ts`. */
  file: string;
  touches: LuckKind[];
}

/** Every `*.test.ts` under `<root>/test` that touches processes, timers, files, the network or randomness, sorted. */
export function luckFiles(root: string): LuckFile[] {
  const testDir = join(root, 'test');
  const seen = new Map<string, Set<LuckKind>>();
  const kindsOf = (file: string): Set<LuckKind> => {
    const known = seen.get(file);
    if (known) return known;
    const kinds = new Set<LuckKind>();
    seen.set(file, kinds); // before following imports: a cycle ends here
    const source = readFileSync(file, 'utf8');
    for (const sign of LUCK_SIGNS) if (sign.pattern.test(source)) kinds.add(sign.touches);
    for (const imported of localImports(file, source, testDir)) for (const kind of kindsOf(imported)) kinds.add(kind);
    return kinds;
  };
  return testFiles(testDir)
    .map((file) => ({
      file: relative(root, file),
      touches: LUCK_SIGNS.map((s) => s.touches).filter((kind) => kindsOf(file).has(kind)),
    }))
    .filter((f) => f.touches.length > 0)
    .sort((a, b) => (a.file < b.file ? -1 : 1));
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The TypeScript modules under test/ that `source` imports by a relative path. */
function localImports(file: string, source: string, testDir: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
    const base = resolve(dirname(file), specifier!.replace(/\.js$/, ''));
    const path = [`${base}.ts`, join(base, 'index.ts'), base].find((p) => p.endsWith('.ts') && existsSync(p));
    if (path?.startsWith(`${testDir}/`)) found.push(path);
  }
  return found;
}

/**
 * The test files of `npm run test:quick`: every `*.test.ts` under `<root>/test` that starts no process (no child
 * process, no browser) and opens no socket, by the same signs as above; relative to the root, sorted.
 */
export function quickFiles(root: string): string[] {
  const slow = new Set(
    luckFiles(root)
      .filter((f) => f.touches.includes('processes') || f.touches.includes('network'))
      .map((f) => f.file),
  );
  return testFiles(join(root, 'test'))
    .map((file) => relative(root, file))
    .filter((file) => !slow.has(file))
    .sort();
}
