import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const entry = `${repo}src/index.ts`;
const run = promisify(execFile);

/**
 * The modules only the bulk engine uses (its row check with the calendar rule too, which upsertChangedSnapshots loads
 * with it): loaded by `client.snapshots.bulkUpsert` on first use, never by the entry.
 */
const ENGINE =
  /^src\/(bulk\/(bulk-engine|send-chunk|duplicates|day-table|input|options|validate-row)|shared\/calendar-date)\.ts$/;

describe('the client entry', () => {
  it('pulls in nothing from msw or the fake; the bulk engine and the events are chunks of their own, loaded on first use, that share no module with the entry but the generated constants', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      splitting: true,
      outdir: `${repo}bench-out`, // not written (write: false)
      write: false,
      metafile: true,
      define: { __SDK_VERSION__: '"0.0.0-test"' },
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => /(^|\/)(msw|@msw|@mswjs|mocks)\//.test(file))).toEqual([]);

    const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
    const [entryFile, entryOutput] = outputs.find(([, output]) => output.entryPoint !== undefined)!;
    const outputOf = (file: string) => result.metafile.outputs[file]!;
    const modulesOf = (output: (typeof outputs)[number][1]) => Object.keys(output.inputs);
    const staticImports = (output: (typeof outputs)[number][1]) =>
      output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
    // What `import` loads: the entry chunk and the chunks it imports statically (shared with the engine).
    const shared = staticImports(entryOutput);
    const initial = [entryFile, ...shared];
    const initialModules = initial.flatMap((file) => modulesOf(outputOf(file)));
    expect(initialModules.some((file) => file.includes('openapi-fetch'))).toBe(true);
    expect(initialModules).toContain('src/errors/api-errors.ts');
    expect(initialModules.filter((file) => ENGINE.test(file))).toEqual([]);

    // Two lazy chunks: the engine (client.snapshots.bulkUpsert and upsertChangedSnapshots, for its row check, import
    // it) and the module that builds a call's events, loaded when a call is first watched (src/observe/watch.ts).
    const lazy = [...new Set(entryOutput.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path))];
    expect(lazy).toHaveLength(2);
    const engineOutput = outputOf(lazy.find((file) => modulesOf(outputOf(file)).includes('src/bulk/bulk-engine.ts'))!);
    expect(modulesOf(engineOutput).filter((file) => !ENGINE.test(file))).toEqual([]);
    const watchOutput = outputOf(lazy.find((file) => outputOf(file) !== engineOutput)!);
    expect(modulesOf(watchOutput)).toEqual(['src/observe/call-watch.ts']);
    expect(initialModules).not.toContain('src/observe/call-watch.ts');
    // The watch imports nothing: what it uses of the entry's modules (redact, openapi-fetch's serializer) is handed to it.
    expect(watchOutput.imports).toEqual([]);
    // The engine shares no module with the entry but the generated constants (src/bulk/context.ts): the error classes
    // it throws are handed to it by the client, so there is one copy of each (`instanceof ClientOptionsError` holds for
    // an error the engine throws), in the entry's own chunk, not in a chunk of their own gzipped apart.
    expect(staticImports(engineOutput).filter((file) => !shared.includes(file))).toEqual([]);
    const sharedModules = shared.flatMap((file) => modulesOf(outputOf(file)));
    expect(sharedModules.filter((file) => file !== 'src/generated/api-constants.ts')).toEqual([]);
    expect(modulesOf(entryOutput)).toEqual(
      expect.arrayContaining([
        'src/errors/ledger-error.ts',
        'src/errors/api-errors.ts',
        'src/errors/bulk-upsert-error.ts',
      ]),
    );

    const code = (file: string) =>
      result.outputFiles.find((f) => f.path.endsWith(file.replace(/^bench-out/, '')))!.contents;
    const minified = initial.reduce((n, file) => n + code(file).byteLength, 0);
    const gzipped = initial.reduce((n, file) => n + gzipSync(code(file), { level: 9 }).byteLength, 0);
    console.log(
      `client entry: ${minified} bytes minified, ${gzipped} bytes gzipped (${initial.length} files, ${initialModules.length} modules)`,
    );
    // A guard against pulling in something large by accident (zod, ajv and the fake are each far bigger).
    // The size target itself is tracked by the benchmark (bench/), which prints it beside the other figures.
    expect(gzipped).toBeLessThan(16 * 1024);
  });
});

// The built package (npm run build): the ESM build loads the engine from its own file on first use, the CJS build
// has it inline; both must bulk-upsert the same way, through the helper and through the client.
describe.each([
  ['ESM', 'index.js', 'mjs'],
  ['CJS', 'index.cjs', 'cjs'],
])('the %s build', (_name, file, kind) => {
  it('bulkUpsertSnapshots and client.snapshots.bulkUpsert load the engine and write; a listener gets its events', async () => {
    if (!existsSync(`${repo}dist/${file}`))
      throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    const load =
      kind === 'mjs'
        ? `const sdk = await import('./dist/index.js'); const fake = await import('./dist/mocks/index.js');`
        : `const sdk = require('./dist/index.cjs'); const fake = require('./dist/mocks/index.cjs');`;
    const script = `(async () => {
      ${load}
      const mock = fake.createLedgerMock({ scenario: 'demo' });
      const statuses = [];
      const client = sdk.createLedgerClient({
        baseUrl: mock.baseUrl, token: fake.DEMO_TOKENS.alex, fetch: mock.fetch, on: { response: (e) => statuses.push(e.status) },
      });
      const row = (n) => ({ account_id: fake.DEMO_IDS.accounts.painting, snapshot_date: '2001-01-0' + n, balance: n });
      const first = await sdk.bulkUpsertSnapshots(client, [row(1), row(2), { ...row(3), balance: '3' }]);
      const second = await client.snapshots.bulkUpsert([row(1), row(4)]);
      const stopped = await sdk.bulkUpsertSnapshots(client, [row(5)], { chunkSize: 0 }).catch((e) => e);
      console.log(JSON.stringify({
        first: [first.received, first.inserted, first.updated, first.skipped.map((s) => s.index)],
        second: [second.received, second.inserted, second.updated],
        summary: sdk.formatBulkSummary(second),
        badOption: stopped instanceof sdk.ClientOptionsError,
        statuses,
      }));
    })();`;
    const { stdout } = await run(
      process.execPath,
      [`--input-type=${kind === 'mjs' ? 'module' : 'commonjs'}`, '-e', script],
      { cwd: repo },
    );
    expect(JSON.parse(stdout)).toEqual({
      first: [3, 2, 0, [2]],
      second: [2, 1, 1],
      summary: '2 rows: 1 inserted, 1 updated, 0 skipped; 0 duplicates superseded; 1 chunk; 1 webhook attempted',
      badOption: true,
      // The events' module loads on the first watched call, in both builds.
      statuses: [200, 200],
    });
  });
});
