// One read of one 20 MB statement file, in a fresh `node` process (bench/run.ts starts one per read, with no loader,
// as `ledger-sync` runs): ours (the built personal-ledger-sdk/statements, through to the balances it would write), ours
// with `daily` (every day the statements prove, as `ledger-sync --daily` writes), or the peer for that format. Reports the read's wall and CPU time and the process's peak RSS (its high-water mark:
// Node, the file's bytes and the reader together).
//   node bench/statements-read.mjs --format mt940 --reader ours --file bench.sta   (--reader ours-daily, peer)
import { readFileSync } from 'node:fs';
import { parse as csvParse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import mt940js from 'mt940js';
import { parseSync as ofxParse } from 'ofx-js';
import { BANK_LAYOUTS, readStatements, selectBalances } from '../dist/statements/index.js';

const arg = (name) => process.argv[process.argv.indexOf(`--${name}`) + 1];
const format = arg('format');
const file = arg('file');
const bytes = readFileSync(file); // a Buffer is a Uint8Array: no copy

/** Each peer reads the whole file and finds what a sync needs from it (the closing balances). */
const PEERS = {
  mt940: {
    name: 'mt940js 1.3.5',
    read: () =>
      new mt940js.Parser()
        .parse(new TextDecoder('latin1').decode(bytes))
        .filter((s) => Number.isFinite(s.closingBalance)).length,
  },
  camt: {
    name: 'fast-xml-parser 5.12.1',
    read: () =>
      new XMLParser({ ignoreAttributes: false })
        .parse(new TextDecoder().decode(bytes))
        .Document.BkToCstmrStmt.Stmt.filter((s) => s.Bal.some((b) => b.Tp.CdOrPrtry.Cd === 'CLBD')).length,
  },
  ofx1: { name: 'ofx-js 1.1.1', read: () => Number(Boolean(ofxParse(new TextDecoder('latin1').decode(bytes)).OFX)) },
  ofx2: { name: 'ofx-js 1.1.1', read: () => Number(Boolean(ofxParse(new TextDecoder().decode(bytes)).OFX)) },
  csv: {
    name: 'csv-parse 7.0.3 (cells only)',
    read: () =>
      csvParse(new TextDecoder().decode(bytes), { delimiter: ';', relax_column_count: true, trim: true }).length,
  },
};

function ours(daily) {
  const read = readStatements(bytes, format === 'csv' ? { profile: BANK_LAYOUTS.get('atruvia-de').profile } : {});
  return selectBalances([{ source: file, file: read }], { daily }).balances.length;
}

const READERS = { ours: () => ours(false), 'ours-daily': () => ours(true) };
const read = READERS[arg('reader')] ?? PEERS[format].read;
const cpu = process.cpuUsage();
const started = performance.now();
const result = read();
const ms = performance.now() - started;
const spent = process.cpuUsage(cpu);
const peakRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(
  `\n@@bench-result ${JSON.stringify({ ms, cpuMs: (spent.user + spent.system) / 1000, peakRssMb, fileMb: bytes.length / 1024 / 1024, result, peer: PEERS[format].name })}\n`,
);
