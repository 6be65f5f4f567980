import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

describe('the client entry', () => {
  it('pulls in nothing from msw or the fake, and stays small when bundled and minified', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      write: false,
      metafile: true,
      define: { __SDK_VERSION__: '"0.0.0-test"' },
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => /(^|\/)(msw|@msw|@mswjs|mocks)\//.test(file))).toEqual([]);
    expect(inputs.some((file) => file.includes('openapi-fetch'))).toBe(true);

    const code = result.outputFiles[0]!.contents;
    const gzipped = gzipSync(code, { level: 9 }).byteLength;
    console.log(`client bundle: ${code.byteLength} bytes minified, ${gzipped} bytes gzipped (${inputs.length} modules)`);
    // A guard against pulling in something large by accident (zod, ajv and the fake are each far bigger).
    // The size target itself is tracked by the benchmark (bench/), which prints it beside the other figures.
    expect(gzipped).toBeLessThan(16 * 1024);
  });
});
