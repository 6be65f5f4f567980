// 20 MB statement files of each format, written once per `npm run bench` into a folder: MT940 (SWIFT blocks, 100
// entries a statement), camt.053 (100 entries with details a statement), OFX 1.x (SGML) and 2.x (XML) bank statements
// with many transactions, and an Atruvia-layout CSV export, newest first. Every statement adds up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TARGET_BYTES = 20 * 1024 * 1024;

/** Repeats `item(i)` between `head` and `tail` until the text reaches TARGET_BYTES. */
function fill(head: string, item: (i: number) => string, tail: string): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; size < TARGET_BYTES; i++) {
    const next = item(i);
    parts.push(next);
    size += next.length;
  }
  parts.push(tail);
  return parts.join('');
}

const cents = (c: number, separator = '.') =>
  `${Math.floor(Math.abs(c) / 100)}${separator}${String(Math.abs(c) % 100).padStart(2, '0')}`;
const day = (i: number) =>
  `2026${String(1 + (Math.floor(i / 3000) % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;

/** The s-th day after 2000-01-01, as YYYY-MM-DD: one statement a day. */
const nth = (s: number) => new Date(Date.UTC(2000, 0, 1 + s)).toISOString().slice(0, 10);

function mt940(): string {
  let balance = 500_000_000;
  return fill(
    '',
    (s) => {
      const date = nth(s).slice(2).replace(/-/g, '');
      const lines = [
        '{1:F01BANKDEFFXXXX0000000000}{2:O9401200261031BANKDEFFXXXX00000000002610311200N}{4:',
        `:20:STMT${s}`,
        ':25:DE89370400440532013000',
        `:28C:${s}/1`,
        `:60F:${balance < 0 ? 'D' : 'C'}${date}EUR${cents(balance, ',')}`,
      ];
      for (let e = 0; e < 100; e++) {
        const amount = ((e * 7919) % 5000) + 1;
        const credit = e % 3 === 0;
        balance += credit ? amount : -amount;
        lines.push(
          `:61:${date}${date.slice(2)}${credit ? 'C' : 'D'}${cents(amount, ',')}NTRFNONREF//B${s}-${e}`,
          `:86:166?00GUTSCHRIFT?20EREF+ABC${e}?21SVWZ+Rechnung ${s}/${e}?32Max Mustermann GmbH`,
        );
      }
      const mark = balance < 0 ? 'D' : 'C';
      lines.push(`:62F:${mark}${date}EUR${cents(balance, ',')}`, `:64:${mark}${date}EUR${cents(balance, ',')}`, '-}');
      return `${lines.join('\r\n')}\r\n`;
    },
    '',
  );
}

function camt053(): string {
  const amount = (c: number) => `<Amt Ccy="EUR">${cents(c)}</Amt><CdtDbtInd>${c < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`;
  const bal = (code: string, c: number, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(c)}<Dt><Dt>${date}</Dt></Dt></Bal>`;
  let balance = 500_000_000;
  return fill(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-01-02T06:00:00+01:00</CreDtTm></GrpHdr>\n',
    (s) => {
      const opening = balance;
      const date = nth(s);
      const entries: string[] = [];
      for (let e = 0; e < 100; e++) {
        const c = (((e * 7919) % 5000) + 1) * (e % 3 === 0 ? 1 : -1);
        balance += c;
        entries.push(
          `<Ntry>${amount(c)}<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${s}-${e}</EndToEndId></Refs>${amount(c)}<RmtInf><Ustrd>Rechnung ${s}/${e}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
        );
      }
      return `<Stmt><Id>S${s}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${bal('OPBD', opening, date)}${bal('CLBD', balance, date)}\n${entries.join('\n')}</Stmt>\n`;
    },
    '</BkToCstmrStmt></Document>\n',
  );
}

function ofx1(): string {
  return fill(
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>1\n<ACCTID>000123451234\n</BANKACCTFROM>\n<BANKTRANLIST>\n<DTSTART>20260101\n<DTEND>20261231\n',
    (i) =>
      `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>${day(i)}120000.000[-5:EST]\n<TRNAMT>-${(i % 997) + 0.25}\n<FITID>${i}\n<NAME>CORNER GROCERY &amp; DELI ${i}\n<MEMO>CARD PURCHASE\n</STMTTRN>\n`,
    '</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>2866.40\n<DTASOF>20261231235959.000[-5:EST]\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n',
  );
}

function ofx2(): string {
  return fill(
    '<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?>\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4242</ACCTID></CCACCTFROM><BANKTRANLIST><DTSTART>20260101</DTSTART><DTEND>20261231</DTEND>\n',
    (i) =>
      `  <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>${day(i)}</DTPOSTED><TRNAMT>-${(i % 997) + 0.99}</TRNAMT><FITID>${i}</FITID><NAME>SHOP ${i}</NAME><MEMO>CARD</MEMO></STMTTRN>\n`,
    '</BANKTRANLIST><LEDGERBAL><BALAMT>-1119.29</BALAMT><DTASOF>20261231</DTASOF></LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n',
  );
}

function csv(): string {
  const head =
    'Bezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Gekennzeichneter Umsatz;Glaeubiger ID;Mandatsreferenz\n';
  let balance = 100_000_00;
  const lines: string[] = [];
  let size = head.length;
  for (let i = 0; size < TARGET_BYTES; i++) {
    const amount = (i % 7) - 3 === 0 ? 125 : -((i % 991) + 17);
    balance += amount;
    const date = new Date(Date.UTC(2000, 0, 1 + Math.floor(i / 4)))
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('.');
    const line = `Girokonto;DE00500105170000004711;GENODEF1XXX;Volksbank Beispiel eG;${date};${date};Beispiel GmbH;;;Basislastschrift;Rechnung ${i};${(amount / 100).toFixed(2).replace('.', ',')};EUR;${(balance / 100).toFixed(2).replace('.', ',')};;;;\n`;
    lines.push(line);
    size += line.length;
  }
  return head + lines.reverse().join(''); // newest first, as Atruvia writes it
}

/** The formats benchmarked: the file each is written to, and how it is made. */
export const STATEMENT_BENCH_FILES = {
  mt940: { name: 'bench.sta', make: mt940, encoding: 'latin1' },
  camt: { name: 'bench-camt053.xml', make: camt053, encoding: 'utf8' },
  ofx1: { name: 'bench-v1.ofx', make: ofx1, encoding: 'latin1' },
  ofx2: { name: 'bench-v2.qfx', make: ofx2, encoding: 'utf8' },
  csv: { name: 'bench-atruvia.csv', make: csv, encoding: 'utf8' },
} as const;

export type StatementBenchFormat = keyof typeof STATEMENT_BENCH_FILES;

/** Writes every file (or those of the `only` formats) into `dir` and returns their paths and sizes. */
export function writeStatementFiles(
  dir: string,
  only?: readonly string[],
): Partial<Record<StatementBenchFormat, { path: string; bytes: number }>> {
  const out: Partial<Record<StatementBenchFormat, { path: string; bytes: number }>> = {};
  for (const [format, spec] of Object.entries(STATEMENT_BENCH_FILES) as Array<
    [StatementBenchFormat, (typeof STATEMENT_BENCH_FILES)[StatementBenchFormat]]
  >) {
    if (only && !only.includes(format)) continue;
    const text = spec.make();
    const path = join(dir, spec.name);
    writeFileSync(path, text, spec.encoding);
    out[format] = { path, bytes: Buffer.byteLength(text, spec.encoding) };
  }
  return out;
}
