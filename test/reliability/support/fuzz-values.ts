// The edge values the fuzz draws from: names, dates, balances, bodies that are not JSON, invalid UTF-8,
// and a writer of JSON text that can also carry what JSON.stringify cannot (NaN, 1e400, -0).

/** JSON text written as is (NaN, 1e400, -0 ...), for bodies JSON.stringify cannot produce. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value; RawJson pieces are written verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, v]) => `${JSON.stringify(key)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const VISIBILITIES = ['private', 'shared_read_only', 'shared_full_access'] as const;
export const TIERS = [
  'auto',
  'cash',
  'taxable_investment',
  'retirement',
  'property',
  'other_illiquid',
  'debt',
] as const;
export const WRONG_TYPES: unknown[] = [null, true, false, 0, 1, -1, 1.5, [], {}, [1], { a: 1 }, 'text', ''];

/** Names of 0/1/119/120/121 characters, astral, combining, RTL, zero-width, lone surrogates, huge. */
export const NAME_EDGES: string[] = [
  '',
  'a',
  'x'.repeat(119),
  'x'.repeat(120),
  'x'.repeat(121),
  '😀'.repeat(120), // 120 code points, 240 UTF-16 units: valid
  '😀'.repeat(121),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'e\u0301'.repeat(60), // 120 code points with combining acute accents
  'e\u0301'.repeat(61),
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا بالعالم',
  '\u200B',
  '\u200B'.repeat(121),
  '\u200D\u200C\u2060',
  '\uFEFFname',
  '\uD800', // lone surrogates: JSON.stringify escapes them (\ud800)
  'a\uDC00b',
  '\uD83D'.repeat(120),
  '\uD83D'.repeat(121),
  ' ',
  '   ',
  '\u0000',
  'tab\there',
  'line\nbreak',
  '<script>alert(1)</script>',
  "Robert'); DROP TABLE accounts;--",
  '%s%n%x',
  '../../etc/passwd',
  '\\u0000',
  'x'.repeat(10_000),
];

export const DATE_EDGES: unknown[] = [
  '2024-02-29',
  '2023-01-31',
  '2000-02-29',
  '0001-01-01',
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  '2023-02-29',
  '1900-02-29',
  '2023-13-01',
  '2023-00-10',
  '2024-01-32',
  '2024-04-31',
  '2024-1-1',
  '24-01-01',
  '2024/01/01',
  '2024-01-01T00:00:00Z',
  ' 2024-01-01',
  '2024-01-01 ',
  '２０２４-01-01',
  '2024-01-0\u0661',
  '+2024-01-01',
  '-2024-01-01',
  '20240101',
  '',
  'today',
  null,
  20240101,
  ['2024-01-01'],
];

export const BALANCE_EDGES: unknown[] = [
  0,
  -0,
  1,
  -1,
  12.5,
  0.1 + 0.2,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  new RawJson('-0'),
  new RawJson('-0.0'),
  new RawJson('1E+2'),
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  '12.50',
  'NaN',
  'Infinity',
  '-0',
  '',
  null,
  true,
  [],
  {},
  [1],
];

/** Bodies that are not JSON (400) or JSON that is not an object (422). */
export const TEXT_BODIES: string[] = [
  '',
  ' ',
  '{',
  '}',
  '{"name":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  'NaN',
  'Infinity',
  '-Infinity',
  '{"balance": NaN}',
  '{"balance": Infinity}',
  '{"balance": 0x10}',
  '{"balance": 01}',
  '{"balance": .5}',
  '{"balance": 1.}',
  '{"balance": +1}',
  'undefined',
  '\uFEFF{}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '"unterminated',
  '{}garbage',
  '{} {}',
  '/* comment */ {}',
  '{"name":"a","name":"b"}',
  'true',
  'false',
  'null',
  '0',
  '-0',
  '"string"',
  '[]',
  '[{}]',
  '{}',
  '{"snapshots":"x"}',
  '{"snapshots":null}',
  '{"snapshots":{}}',
  '{"snapshots":[]}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
];

export const HUNDRED_KB_NAME = `{"name":"${'n'.repeat(100_000)}","category_id":"00000000-0000-4000-8000-000000000000"}`;
export const TWO_MB_NAME = `{"name":"${'n'.repeat(2_000_000)}"}`;

export const INVALID_UTF8: number[][] = [
  [0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d], // {"name":"\xff"}
  [0xc3, 0x28],
  [0xed, 0xa0, 0x80], // an encoded lone surrogate
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];
