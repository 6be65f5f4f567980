// What ledger-mock's inspector page costs a browser: its HTML, script and stylesheet as ledger-mock serves them
// (mocks/generated/inspector-page.ts, built by `npm run generate`), each gzipped at level 9 on its own, as a server
// compressing its answers would send them. The sizes are exact, so one run is enough:
// node --import tsx bench/inspector-page.bench.ts
import { gzipSync } from 'node:zlib';
import { INSPECTOR_PAGE } from '../mocks/generated/inspector-page';
import { report } from './lib/child';

const files = {
  html: INSPECTOR_PAGE.html,
  script: INSPECTOR_PAGE.script,
  style: INSPECTOR_PAGE.style,
} as const;
const sizes = Object.fromEntries(
  Object.entries(files).map(([name, text]) => [
    name,
    { bytes: Buffer.byteLength(text), gzipped: gzipSync(text, { level: 9 }).byteLength },
  ]),
) as Record<keyof typeof files, { bytes: number; gzipped: number }>;
const total = { bytes: 0, gzipped: 0 };
for (const size of Object.values(sizes)) (total.bytes += size.bytes), (total.gzipped += size.gzipped);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
for (const [name, size] of Object.entries(sizes))
  console.log(`${name.padEnd(7)} ${kib(size.bytes).padStart(9)}  gzipped ${kib(size.gzipped).padStart(8)}`);
console.log(`total   ${kib(total.bytes).padStart(9)}  gzipped ${kib(total.gzipped).padStart(8)}`);
report({ ...sizes, total });
