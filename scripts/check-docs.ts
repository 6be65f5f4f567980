// `npm run check:docs`: fails on a merge-conflict marker in any file of the repository, and on a link between the
// docs that names a missing file or anchor. Run from the repository's root (as npm runs it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conflictMarkerLines } from './docs/conflict-markers';
import { brokenLinks, isDoc } from './docs/doc-links';
import { repositoryFiles } from './docs/repository-files';

/** Files that must hold conflict markers (a fixture of a merge test, say): none today. */
const MARKERS_ALLOWED = new Set<string>([]);

const root = process.cwd();
let files: Set<string>;
try {
  files = repositoryFiles(root);
} catch (error) {
  console.error(`check:docs lists the repository's files with git, which failed here: ${(error as Error).message}`);
  process.exit(2);
}
const problems: string[] = [];

for (const file of files) {
  if (MARKERS_ALLOWED.has(file)) continue;
  const bytes = readFileSync(join(root, file));
  if (bytes.subarray(0, 8000).includes(0)) continue; // binary
  for (const line of conflictMarkerLines(bytes.toString('utf8')))
    problems.push(`${file}:${line}: merge-conflict marker`);
}

const pkg = existsSync(join(root, 'package.json'))
  ? (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository?: { url?: string } })
  : {};
const repository = pkg.repository?.url?.replace(/^git\+/, '').replace(/\.git$/, '');
for (const link of brokenLinks(root, [...files].filter(isDoc), files, repository)) {
  problems.push(`${link.file}:${link.line}: broken link ${link.target}: ${link.reason}`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`check:docs: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `check:docs: ${files.size} files without conflict markers, links between ${[...files].filter(isDoc).length} docs resolve`,
);
