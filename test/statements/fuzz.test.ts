// Fuzzing every reader with fast-check (seeded, bounded inputs, so a run cannot hang): random bytes, truncated real
// layouts, tag soup, deep nesting. Each reader either reads the input or refuses it with its own error class and a
// reason; nothing else (RangeError, TypeError...) may escape.
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeExport, ExportFormatError, parseExport } from '../../statements/csv/table';
import type { BankProfile } from '../../statements/csv/profile';
import { closeDays } from '../../statements/csv/day-closing';
import { BANK_LAYOUTS } from '../../statements/csv/bank-profiles';
import { decodeOfx, OfxFormatError, parseOfx } from '../../statements/ofx/read';
import { readStatements, selectBalances, StatementFormatError } from '../../statements/index';
import { dataFile, fixture, repoFile } from './support';

/** Runs a reader: fine if it returns, or throws `refusal` with a non-empty message. */
function survives(read: () => unknown, refusal: new (...args: never[]) => Error): void {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(refusal);
    expect((error as Error).message.length).toBeGreaterThan(0);
  }
}

const OFX_SAMPLES = ['statement-v1.ofx', 'statement-v2.qfx', 'investment.ofx'];
const TOKENS = [
  '<OFX>',
  '</OFX>',
  '<STMTRS>',
  '</STMTRS>',
  '<CCSTMTRS>',
  '<INVSTMTRS>',
  '</INVSTMTRS>',
  '<BANKACCTFROM>',
  '</BANKACCTFROM>',
  '<INVACCTFROM>',
  '<ACCTID>',
  '12345',
  '<LEDGERBAL>',
  '</LEDGERBAL>',
  '<BALAMT>',
  '-1.50',
  '<DTASOF>',
  '20261031',
  '20180804093914:014',
  '<INVPOSLIST>',
  '<INVPOS>',
  '<MKTVAL>',
  '+0001.5',
  '<INVBAL>',
  '<AVAILCASH>',
  '<STMTTRN>',
  '</STMTTRN>',
  '<BANKTRANLIST>',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<?',
  '?>',
  '&amp;',
  '&#x110000;',
  '&#99999999;',
  '<',
  '>',
  '/>',
  '\n',
  ' ',
  'OFXHEADER:100\n',
  '<?xml version="1.0" encoding="UTF-16"?>',
  '\u0000',
];

describe('fuzz: the OFX reader cannot be knocked over', () => {
  it('random text: read or refused with OfxFormatError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000, unit: 'binary' }), (text) =>
        survives(() => parseOfx(text), OfxFormatError),
      ),
      { seed: 301, numRuns: 500 },
    );
  });

  it('random bytes, through the decoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) =>
        survives(() => parseOfx(decodeOfx(bytes)), OfxFormatError),
      ),
      { seed: 302, numRuns: 500 },
    );
  });

  it('tag soup from OFX tokens', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 400 }), (tokens) =>
        survives(() => parseOfx(`<OFX>${tokens.join('')}`), OfxFormatError),
      ),
      {
        seed: 303,
        numRuns: 1000,
      },
    );
  });

  it('every truncation and corruption of the sample files', async () => {
    const samples = await Promise.all(OFX_SAMPLES.map((name) => readFile(dataFile(name))));
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.nat(),
        fc.nat(),
        fc.uint8Array({ maxLength: 8 }),
        (bytes, cut, at, junk) => {
          const truncated = bytes.subarray(0, cut % (bytes.length + 1));
          survives(() => parseOfx(decodeOfx(truncated)), OfxFormatError);
          const i = at % bytes.length;
          const corrupted = Buffer.concat([bytes.subarray(0, i), junk, bytes.subarray(i)]);
          survives(() => parseOfx(decodeOfx(corrupted)), OfxFormatError);
        },
      ),
      { seed: 304, numRuns: 600 },
    );
  });

  it('deep nesting, up to 20,000 open aggregates, with or without closing tags', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.constantFrom('STMTTRN', 'STMTRS', 'INVPOS', 'X'),
        fc.boolean(),
        (depth, tag, close) => {
          const text = `<OFX><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM>${`<${tag}>`.repeat(depth)}${close ? `</${tag}>`.repeat(depth) : ''}<LEDGERBAL><BALAMT>1<DTASOF>20261031</LEDGERBAL></STMTRS></OFX>`;
          survives(() => parseOfx(text), OfxFormatError);
        },
      ),
      { seed: 305, numRuns: 40 },
    );
  });
});

describe('fuzz: the CSV reader cannot be knocked over', () => {
  const CELLS = [
    '"',
    '""',
    ';',
    ',',
    '\n',
    '\r\n',
    '\r',
    '1.234,56',
    '-12,00',
    '(5)',
    '31.12.2026',
    '12/31/2026',
    'Saldo;1,00',
    'Kontostand vom 01.12.2026:;2,00',
    ' ',
    'é',
    '\u0000',
    '\uFEFF',
  ];

  it('random text and bytes, with every shipped profile', async () => {
    const profiles: BankProfile[] = [...BANK_LAYOUTS.values()].map((layout) => layout.profile);
    const text = fc.oneof(
      fc.string({ maxLength: 1500, unit: 'binary' }),
      fc.array(fc.constantFrom(...CELLS), { maxLength: 300 }).map((cells) => cells.join('')),
    );
    fc.assert(
      fc.property(fc.constantFrom(...profiles), text, fc.uint8Array({ maxLength: 600 }), (profile, t, bytes) => {
        survives(() => closeDays(parseExport(t, profile).lines), ExportFormatError);
        survives(() => closeDays(parseExport(decodeExport(bytes, profile), profile).lines), ExportFormatError);
      }),
      { seed: 306, numRuns: 800 },
    );
  });

  it('every truncation of the shipped fixtures', async () => {
    const files = await Promise.all(
      [...BANK_LAYOUTS.values()].map(async (layout) => ({
        profile: layout.profile,
        bytes: await readFile(repoFile(layout.fixture)),
      })),
    );
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.nat(), ({ profile, bytes }, cut) => {
        survives(
          () =>
            closeDays(parseExport(decodeExport(bytes.subarray(0, cut % (bytes.length + 1)), profile), profile).lines),
          ExportFormatError,
        );
      }),
      { seed: 307, numRuns: 600 },
    );
  });
});

describe('fuzz: every reader through readStatements, any bytes', () => {
  const FIXTURES = [
    'mt940-asn-swift-blocks.sta',
    'mt940-abnamro-pages.sta',
    'mt940-sparkasse.sta',
    'mt942-mbank.sta',
    'camt053-v02-two-accounts.xml',
    'camt053-v08-prefixed.xml',
    'camt052-v08-intraday.xml',
    'ofx-nubank-unclosed-list.ofx',
    'mt940-ing-dash-in-86.sta',
    'mt940-rabobank-dash-in-86.sta',
    'mt940-dos-ctrl-z.sta',
    'mt940-citi-blank-entry-date.sta',
    'mt940-rabobank-decimal-point.sta',
    'camt053-v07-offset-dates.xml',
    'camt053-v02-no-marks.xml',
    'camt053-v02-balances-unmarked.xml',
    'mt940-indented-lines.sta',
    'mt940-entry-after-closing.sta',
  ];
  const readAny = (bytes: Uint8Array) =>
    survives(() => selectBalances([{ source: 'f', file: readStatements(bytes) }]), StatementFormatError);

  it('every truncation and corruption of the MT940, camt and OFX fixtures: read, or refused with a reason', async () => {
    const samples = await Promise.all(FIXTURES.map((name) => readFile(fixture(name))));
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.nat(),
        fc.nat(),
        fc.uint8Array({ maxLength: 12 }),
        (bytes, cut, at, junk) => {
          readAny(bytes.subarray(0, cut % (bytes.length + 1)));
          const i = at % bytes.length;
          readAny(new Uint8Array(Buffer.concat([bytes.subarray(0, i), junk, bytes.subarray(i)])));
        },
      ),
      { seed: 308, numRuns: 800 },
    );
  });

  it('random bytes, and MT940 tag soup', () => {
    const TAGS = [
      ':20:',
      ':25:',
      ':28C:',
      ':60F:',
      ':60M:',
      ':61:',
      ':62F:',
      ':62M:',
      ':64:',
      ':65:',
      ':86:',
      ':90D:',
      'C261031EUR',
      'D',
      'RC',
      '1,00',
      ',',
      '{1:',
      '{2:O942',
      '{4:',
      '-}',
      '-',
      '\n',
      '\r\n',
      ' ',
      'X',
    ];
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => readAny(bytes)),
      { seed: 309, numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TAGS), { maxLength: 500 }), (parts) =>
        readAny(new TextEncoder().encode(`:20:\n${parts.join('')}`)),
      ),
      { seed: 310, numRuns: 800 },
    );
  });

  it('deep nesting and entity-expansion attempts in camt: refused or read, never a crash or a hang', () => {
    const ns = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02';
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.boolean(), (depth, close) => {
        const xml = `<Document xmlns="${ns}"><BkToCstmrStmt><Stmt>${'<Ntry>'.repeat(depth)}${close ? '</Ntry>'.repeat(depth) : ''}</Stmt></BkToCstmrStmt></Document>`;
        readAny(new TextEncoder().encode(xml));
      }),
      { seed: 311, numRuns: 30 },
    );
    const attempts = [
      `<!DOCTYPE a [<!ENTITY a "${'x'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><Document xmlns="${ns}">&b;</Document>`,
      `<?xml version="1.0"?><!DOCTYPE a SYSTEM "http://127.0.0.1:9/evil.dtd"><Document xmlns="${ns}"/>`,
      `<Document xmlns="${ns}"><BkToCstmrStmt><Stmt><Id>&#x110000;&unknown;&amp;</Id></Stmt></BkToCstmrStmt></Document>`,
    ];
    for (const attempt of attempts)
      expect(() => readStatements(new TextEncoder().encode(attempt))).toThrow(StatementFormatError);
  });
});
