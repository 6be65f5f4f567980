import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const script = (name: string) => join(repo, 'scripts', name);

// Each test gets its own copy of what the scripts read and write, so the tests of a block run at the same time
// (each mostly waits on its child process, which loads openapi-typescript and TypeScript for about 2 s of CPU).
const dirs: string[] = [];
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-openapi-'));
  dirs.push(dir);
  cpSync(join(repo, 'openapi.json'), join(dir, 'openapi.json'));
  mkdirSync(join(dir, 'src/generated'), { recursive: true });
  cpSync(join(repo, 'src/generated/openapi.ts'), join(dir, 'src/generated/openapi.ts'));
  cpSync(join(repo, 'src/generated/api-constants.ts'), join(dir, 'src/generated/api-constants.ts'));
  cpSync(join(repo, 'mocks/generated'), join(dir, 'mocks/generated'), { recursive: true });
  cpSync(join(repo, 'mocks/inspector/page'), join(dir, 'mocks/inspector/page'), { recursive: true }); // the inspector page's sources: mocks/generated/inspector-page.ts
  cpSync(join(repo, 'src/shared'), join(dir, 'src/shared'), { recursive: true }); // what the page's script imports (the Retry-After reader)
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function serve(body: string, status = 200): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/api/public/v1/openapi.json') {
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// Each test runs the scripts as child processes: a ceiling far above their usual few seconds, for a busy machine.
describe.concurrent('drift check', { timeout: 120_000 }, () => {
  it('passes when src/generated/openapi.ts and mocks/generated/validators.js are what openapi.json generates', async () => {
    const dir = workspace();
    const { stdout } = await run('node', [script('check-generated.mjs')], { cwd: dir });
    expect(stdout).toContain('match');
  });

  it('fails when the generated file was edited by hand', async () => {
    const dir = workspace();
    writeFileSync(
      join(dir, 'src/generated/openapi.ts'),
      `${readFileSync(join(dir, 'src/generated/openapi.ts'), 'utf8')}// edited\n`,
    );
    await expect(run('node', [script('check-generated.mjs')], { cwd: dir })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('drifted'),
    });
  });

  it('fails when the generated validators were edited by hand, naming the file', async () => {
    const dir = workspace();
    const validators = join(dir, 'mocks/generated/validators.js');
    writeFileSync(validators, readFileSync(validators, 'utf8').replace('return errors === 0;', 'return true;'));
    await expect(run('node', [script('check-generated.mjs')], { cwd: dir })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('mocks/generated/validators.js has drifted'),
    });
  });

  it('fails when a request schema in openapi.json changed but the validators were not regenerated', async () => {
    const dir = workspace();
    const doc = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
    doc.components.schemas.Name.maxLength = 200;
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
    await expect(run('node', [script('check-generated.mjs')], { cwd: dir })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('mocks/generated/validators.js has drifted'),
    });
  });

  it('fails when openapi.json changed but the types were not regenerated', async () => {
    const dir = workspace();
    const doc = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
    doc.components.schemas.Snapshot.properties.note = { type: 'string' };
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
    await expect(run('node', [script('check-generated.mjs')], { cwd: dir })).rejects.toMatchObject({ code: 1 });
  });
});

describe.concurrent('npm run openapi:pull -- <base_url>', { timeout: 120_000 }, () => {
  it('replaces openapi.json with the live document, regenerates the types and prints what changed', async () => {
    const dir = workspace();
    const live = JSON.parse(readFileSync(join(repo, 'openapi.json'), 'utf8'));
    live.paths['/api/public/v1/webhooks'] = {
      get: { operationId: 'listWebhooks', responses: { 200: { description: 'ok' } } },
    };
    delete live.paths['/api/public/v1/snapshots/{id}'].delete;
    live.components.schemas.Snapshot.properties.source = { type: 'string' };
    live.components.schemas.Currency = { type: 'string' };
    const { server, base } = await serve(JSON.stringify(live));
    try {
      const { stdout } = await run('node', [script('openapi-pull.mjs'), base], { cwd: dir });
      expect(stdout).toContain('+ operation GET /api/public/v1/webhooks');
      expect(stdout).toContain('- operation DELETE /api/public/v1/snapshots/{id}');
      expect(stdout).toContain('~ schema Snapshot');
      expect(stdout).toContain('+ schema Currency');
      expect(JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'))).toEqual(live);
      const types = readFileSync(join(dir, 'src/generated/openapi.ts'), 'utf8');
      expect(types).toContain('"/api/public/v1/webhooks"');
      expect(types).toContain('source?: string');
      expect(readFileSync(join(dir, 'mocks/generated/validators.js'), 'utf8')).toContain(
        'export const validateSnapshotWrite',
      );
      await run('node', [script('check-generated.mjs')], { cwd: dir });
    } finally {
      server.close();
    }
  });

  it('says "no changes" when the live document equals ours', async () => {
    const dir = workspace();
    const { server, base } = await serve(readFileSync(join(repo, 'openapi.json'), 'utf8'));
    try {
      const { stdout } = await run('node', [script('openapi-pull.mjs'), `${base}/`], { cwd: dir });
      expect(stdout).toContain('no changes');
    } finally {
      server.close();
    }
  });

  it('leaves openapi.json unchanged when the service answers with an error or not OpenAPI 3.1', async () => {
    const dir = workspace();
    const before = readFileSync(join(dir, 'openapi.json'), 'utf8');
    const answers = [
      ['{"error":"nope"}', 500],
      ['{"swagger":"2.0","paths":{}}', 200],
      ['<html>', 200],
    ] as const;
    // The three at once, each against its own server: none writes.
    await Promise.all(
      answers.map(async ([body, status]) => {
        const { server, base } = await serve(body, status);
        try {
          await expect(run('node', [script('openapi-pull.mjs'), base], { cwd: dir })).rejects.toMatchObject({
            code: 1,
            stderr: expect.stringContaining('unchanged'),
          });
        } finally {
          server.close();
        }
      }),
    );
    expect(readFileSync(join(dir, 'openapi.json'), 'utf8')).toBe(before);
  });

  it('refuses to run without a base URL', async () => {
    const dir = workspace();
    await expect(run('node', [script('openapi-pull.mjs')], { cwd: dir })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage'),
    });
  });
});
