// The consumer tests' projects: fresh folders that npm installed the packed tarball into, and one `tsc -b` over the
// TypeScript settings a consumer may use, its output told apart by project.
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/root';

const run = promisify(execFile);

/** The version of `name` the repository installed (package-lock.json's), so npm finds it in its cache. */
export const versionOf = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** `npm install` of `packages` into `app`; everything the cache holds comes from the cache. */
function install(app: string, packages: string[]) {
  return run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages], { cwd: app, timeout: 240_000 });
}

/** A fresh project `root/name` with the files of `from`, and the tarball and `packages` installed by npm. */
export async function installProject(root: string, name: string, from: string, tarball: string, packages: string[]): Promise<string> {
  const app = join(root, name);
  cpSync(from, app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2));
  await timedInstall(app, [tarball, ...packages]);
  return app;
}

/**
 * A copy of the installed project `app` (beside it, so its `file:` path to the tarball still holds) with `packages`
 * installed too: what `npm install <packages>` in `app` would make, leaving `app` as it was.
 */
export async function installInCopy(app: string, name: string, packages: string[]): Promise<string> {
  const copy = join(dirname(app), name);
  cpSync(app, copy, { recursive: true, verbatimSymlinks: true });
  await timedInstall(copy, packages);
  return copy;
}

async function timedInstall(app: string, packages: string[]): Promise<void> {
  const started = performance.now();
  // Everything comes from npm's cache, filled by the repo's own `npm ci` (the same versions).
  await install(app, packages);
  console.log(`${basename(app)} install: ${((performance.now() - started) / 1000).toFixed(1)} s (${readdirSync(join(app, 'node_modules')).length} top-level packages)`);
}

/** What `tsc -b` printed for each project (its errors; '' when it compiled), and what it printed outside any. */
export interface TypeChecks {
  byProject: Record<string, string>;
  unattributed: string;
}

/**
 * `npx tsc -b --verbose` over `tsconfig.<name>.json` of every name in `dir`: one process, in which TypeScript parses
 * each declaration file once for every project (its build cache), then checks each project as `tsc -p` would.
 */
export async function typeCheckProjects(dir: string, names: readonly string[]): Promise<TypeChecks> {
  const configs = names.map((name) => `tsconfig.${name}.json`);
  const output = await run('npx', ['tsc', '-b', '--verbose', '--pretty', 'false', ...configs], { cwd: dir, timeout: 600_000 }).then(
    ({ stdout, stderr }) => stdout + stderr,
    // tsc exits 1 or 2 on errors, which it printed; killed (the time-out) it printed maybe nothing: say so.
    (error: { stdout?: string; stderr?: string; killed?: boolean; message: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}${error.killed ? error.message : ''}`,
  );
  const byProject: Record<string, string> = {};
  let current: string | undefined;
  let unattributed = '';
  for (const line of output.split('\n')) {
    const building = / - Building project '.*\/tsconfig\.(.+)\.json'\.\.\.$/.exec(line);
    if (building) byProject[(current = building[1]!)] = '';
    else if (/ - (Projects in this build:|Project '.+' is out of date )/.test(line) || /^ {4}\* /.test(line) || line.trim() === '') continue;
    else if (current === undefined) unattributed += `${line}\n`;
    else byProject[current] += `${line}\n`;
  }
  return { byProject, unattributed };
}
