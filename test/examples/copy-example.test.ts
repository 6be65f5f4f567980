// examples/README.md, "Copying an example into your project": sync-csv.ts and sync-statements.ts copied into a new
// project (the package installed, no data/ folder), run as a user would. The default mapping is data/mapping.json
// beside the scripts: without it, the run stops and says to pass --mapping; with --mapping, it runs.
import { copyFile, mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFile, ROOT, runExample, tempDir } from './support.js';

let project: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  project = await tempDir();
  await project.file('package.json', '{ "type": "module" }');
  await mkdir(join(project.path, 'node_modules'));
  await symlink(ROOT, join(project.path, 'node_modules', 'personal-ledger-sdk'), 'dir'); // the package, as installed
  for (const file of ['sync-csv.ts', 'sync-statements.ts'])
    await copyFile(join(ROOT, 'examples', file), join(project.path, file));
});
afterAll(() => project.cleanup());

const SAMPLE = [dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us', '--dry-run'];

// Each test runs its own processes and writes its own files: at once.
describe('sync-csv.ts copied into a project', { timeout: 70_000, concurrent: true }, () => {
  it('without data/mapping.json beside it: exit 2, says to pass --mapping (no ENOENT, no stack)', async () => {
    const { code, stdout, stderr } = await runExample(join(project.path, 'sync-csv.ts'), SAMPLE);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(
      `Error: no mapping file: ${join(project.path, 'data', 'mapping.json')} does not exist. Pass yours with --mapping <file> (examples/data/mapping.json of personal-ledger-sdk shows the format)\n`,
    );
  });

  it('with --mapping: it runs', async () => {
    const { code, stdout } = await runExample(join(project.path, 'sync-csv.ts'), [
      ...SAMPLE,
      '--mapping',
      dataFile('mapping.json'),
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('Summary (dry run): 6 balances would be written');
  });

  it('a mapping file that cannot be read, or is not JSON: exit 2, naming it', async () => {
    const missing = join(project.path, 'missing.json');
    const broken = await project.file('broken.json', '{ "banks": ');
    const [gone, notJson] = await Promise.all(
      [missing, broken].map((file) => runExample(join(project.path, 'sync-csv.ts'), [...SAMPLE, '--mapping', file])),
    );
    expect([gone!.code, gone!.stderr]).toEqual([
      2,
      expect.stringMatching(`^Error: cannot read the mapping file ${missing}: ENOENT`),
    ]);
    expect([notJson!.code, notJson!.stderr]).toEqual([
      2,
      expect.stringMatching(`^Error: the mapping file ${broken} is not JSON: `),
    ]);
  });

  it('the README says how to copy them, and about the mapping', async () => {
    const readme = (await readFile(join(ROOT, 'examples', 'README.md'), 'utf8')).replace(/\s+/g, ' ');
    expect(readme).toContain('Their default mapping is `data/mapping.json` beside the scripts');
    expect(readme).toContain('or pass `--mapping <file>`');
  });
});

describe("examples/README.md says truly what each example imports besides the package's entries", () => {
  it('sync-csv and sync-ofx import sync-statements.ts; demo, backfill and webhook-receiver stand alone', async () => {
    const scripts = (await readdir(join(ROOT, 'examples'))).filter((file) => file.endsWith('.ts')).sort();
    const imports = Object.fromEntries(
      await Promise.all(
        scripts.map(async (file) => {
          const text = await readFile(join(ROOT, 'examples', file), 'utf8');
          const local = [...text.matchAll(/from '(\.[^']+)'/g)].map((m) =>
            m[1]!.replace(/\.js$/, '.ts').replace(/^\.\//, ''),
          );
          const other = [...text.matchAll(/from '([^.'][^']*)'/g)]
            .map((m) => m[1]!)
            .filter((name) => !name.startsWith('node:') && !name.startsWith('personal-ledger-sdk'));
          return [file, { local: [...new Set(local)].sort(), other }];
        }),
      ),
    );
    expect(imports).toEqual({
      'backfill.ts': { local: [], other: [] },
      'demo.ts': { local: [], other: [] },
      'sync-csv.ts': { local: ['sync-statements.ts'], other: [] },
      'sync-ofx.ts': { local: ['sync-statements.ts'], other: [] },
      'sync-statements.ts': { local: [], other: [] },
      'webhook-receiver.ts': { local: [], other: [] },
    });
    const readme = (await readFile(join(ROOT, 'examples', 'README.md'), 'utf8')).replace(/\s+/g, ' ');
    expect(readme).toContain(
      '`sync-csv.ts` and `sync-ofx.ts` share their work in `sync-statements.ts`. `demo.ts`, `backfill.ts` and `webhook-receiver.ts` stand alone.',
    );
  });
});
