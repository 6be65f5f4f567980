// How long the bank-file readers of the examples take on 20 MB files: OFX 1.x (SGML) and 2.x (XML) bank statements,
// an investment statement with many positions, and an Atruvia-layout CSV through the day-closing rule.
// Run: npx tsx bench/ofx-reader.bench.ts   (one process; median [min..max] of 5 runs, bytes to result; wall and CPU time)
import { loadavg } from 'node:os';
import { decodeExport, parseExport } from '../examples/lib/bank-csv.js';
import type { BankProfile } from '../examples/lib/bank-profile.js';
import { closeDays } from '../examples/lib/day-closing.js';
import { loadMapping, DEFAULT_MAPPING } from '../examples/lib/mapping.js';
import { decodeOfx, parseOfx } from '../examples/lib/ofx-balances.js';

const TARGET = 20 * 1024 * 1024;
const RUNS = 5;

/** Repeats `item(i)` until the whole text reaches TARGET bytes. */
function fill(head: string, item: (i: number) => string, tail: string): Buffer {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; size < TARGET; i++) {
    const next = item(i);
    parts.push(next);
    size += next.length;
  }
  parts.push(tail);
  return Buffer.from(parts.join(''), 'latin1');
}

const day = (i: number) => `2026${String(1 + (Math.floor(i / 3000) % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;

const sgml = fill(
  'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>1\n<ACCTID>000123451234\n</BANKACCTFROM>\n<BANKTRANLIST>\n',
  (i) => `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>${day(i)}120000.000[-5:EST]\n<TRNAMT>-${(i % 997) + 0.25}\n<FITID>${i}\n<NAME>CORNER GROCERY &amp; DELI ${i}\n<MEMO>\n</STMTTRN>\n`,
  '</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>2866.40\n<DTASOF>20261231235959.000[-5:EST]\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n',
);
const xml = fill(
  '<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?>\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4242</ACCTID></CCACCTFROM><BANKTRANLIST>\n',
  (i) => `  <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>${day(i)}</DTPOSTED><TRNAMT>-${(i % 997) + 0.99}</TRNAMT><FITID>${i}</FITID><NAME><![CDATA[SHOP <${i}>]]></NAME><MEMO/></STMTTRN>\n`,
  '</BANKTRANLIST><LEDGERBAL><BALAMT>-1119.29</BALAMT><DTASOF>20261231</DTASOF></LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n',
);
// An investment download as brokers send it: mostly transactions, then the positions and the securities list.
const investment = fill(
  'OFXHEADER:100\n\n<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20261231<CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>X1</INVACCTFROM><INVTRANLIST><DTSTART>20200101<DTEND>20261231',
  (i) => `<BUYSTOCK><INVBUY><INVTRAN><FITID>${i}<DTTRADE>${day(i)}<MEMO>YOU BOUGHT</INVTRAN><SECID><UNIQUEID>${String(i % 500).padStart(9, '0')}<UNIQUEIDTYPE>CUSIP</SECID><UNITS>+0000000000010.00000<UNITPRICE>000000025.635000000<COMMISSION>+00000000000007.9500<TOTAL>-00000000000264.3000<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INVBUY><BUYTYPE>BUY</BUYSTOCK>`,
  `</INVTRANLIST><INVPOSLIST>${Array.from({ length: 500 }, (_, i) => `<POSSTOCK><INVPOS><SECID><UNIQUEID>${String(i).padStart(9, '0')}<UNIQUEIDTYPE>CUSIP</SECID><HELDINACCT>CASH<POSTYPE>LONG<UNITS>10<UNITPRICE>12.34<MKTVAL>+00000000123.40<DTPRICEASOF>20261231</INVPOS></POSSTOCK>`).join('')}</INVPOSLIST><INVBAL><AVAILCASH>100.00</INVBAL></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>\n`,
);
// The worst case for the reader: nothing to pass over, every one of about two million tags built (positions only).
const positions = fill(
  'OFXHEADER:100\n\n<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20261231<CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>X1</INVACCTFROM><INVPOSLIST>',
  (i) => `<POSSTOCK><INVPOS><SECID><UNIQUEID>${String(i).padStart(9, '0')}<UNIQUEIDTYPE>CUSIP</SECID><HELDINACCT>CASH<POSTYPE>LONG<UNITS>1<UNITPRICE>1<MKTVAL>+00000000012.34<DTPRICEASOF>20261231</INVPOS></POSSTOCK>`,
  '</INVPOSLIST><INVBAL><AVAILCASH>100.00</INVBAL></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>\n',
);

/** Wall time, and the CPU time of this process (steadier on a shared machine): median [min..max] of RUNS. */
function time(label: string, bytes: Buffer, run: () => number): string {
  run(); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  let result = 0;
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    const used = process.cpuUsage();
    result = run();
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const f = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor(RUNS / 2)]!.toFixed(0)} ms [${sorted[0]!.toFixed(0)}..${sorted[RUNS - 1]!.toFixed(0)}]`;
  };
  return `| ${label} | ${(bytes.length / 1024 / 1024).toFixed(1)} MB | ${f(wall)} | ${f(cpu)} | ${result} |`;
}

const mapping = await loadMapping(DEFAULT_MAPPING);
const atruvia: BankProfile = mapping.banks.get('atruvia-de')!.profile;
let balance = 100_000_00;
const csvLines: string[] = [];
const csvHead =
  'Bezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Gekennzeichneter Umsatz;Glaeubiger ID;Mandatsreferenz\n';
let csvSize = csvHead.length;
for (let i = 0; csvSize < TARGET; i++) {
  const amount = (i % 7) - 3 === 0 ? 125 : -((i % 991) + 17);
  balance += amount;
  const date = new Date(Date.UTC(2000, 0, 1 + Math.floor(i / 4))).toISOString().slice(0, 10).split('-').reverse().join('.');
  const line = `Girokonto;DE00500105170000004711;GENODEF1XXX;Volksbank Beispiel eG;${date};${date};Beispiel GmbH;;;Basislastschrift;Rechnung ${i};${(amount / 100).toFixed(2).replace('.', ',')};EUR;${(balance / 100).toFixed(2).replace('.', ',')};;;;\n`;
  csvLines.push(line);
  csvSize += line.length;
}
const csv = Buffer.from(csvHead + csvLines.reverse().join(''), 'latin1'); // newest first, as Atruvia writes it

const rows = [
  time('OFX 1.x SGML bank statement', sgml, () => parseOfx(decodeOfx(sgml)).statements.length),
  time('OFX 2.x XML credit-card statement', xml, () => parseOfx(decodeOfx(xml)).statements.length),
  time('OFX investment statement (transactions, 500 positions)', investment, () => parseOfx(decodeOfx(investment)).statements.length),
  time('OFX investment statement, positions only (worst case)', positions, () => parseOfx(decodeOfx(positions)).statements.length),
  time('CSV, Atruvia layout, newest first, + day closing', csv, () => closeDays(parseExport(decodeExport(csv, atruvia), atruvia).lines).closed.length),
];
const load = loadavg().map((l) => l.toFixed(2)).join(' ');
process.stdout.write(
  [`Bank-file readers, ${RUNS} runs each after a warm-up, bytes to result (Node ${process.version}, load average ${load})`, '', '| File | Size | Wall time | CPU time | Statements or days |', '|---|---|---|---|---|', ...rows, ''].join('\n'),
);
