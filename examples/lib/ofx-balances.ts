// Reads the ledger and available balances of OFX/QFX statements: OFX 1.x (SGML, leaf tags left unclosed)
// and OFX 2.x (XML). Only what a balance sync needs: account ids and LEDGERBAL/AVAILBAL with their dates.
//
// Why not an npm package: the ones checked (ofx-js 1.1.1, node-ofx-parser 0.5.1, ofx-data-extractor 1.5.0)
// either backtrack exponentially on long tag names, fail on empty elements (<MEMO> with no value), or fail
// on several statements in one file. This reader makes one linear pass over the tags instead.

/** One balance with the day it is for. */
export interface OfxBalance {
  amount: number;
  /** The statement's own calendar day (YYYY-MM-DD), from the first eight digits of DTASOF. */
  date: string;
  /** DTASOF as written, e.g. `20261031235959.000[-5:EST]`. */
  asOf: string;
}

/** One bank or credit-card statement of the file. */
export interface OfxStatement {
  kind: 'bank' | 'creditcard';
  /** ACCTID of BANKACCTFROM or CCACCTFROM. */
  accountId: string;
  /** CURDEF, e.g. `USD`. */
  currency: string;
  ledger: OfxBalance;
  /** AVAILBAL, when the statement has one. */
  available: OfxBalance | undefined;
}

export interface OfxFile {
  /** `1` for SGML (OFXHEADER:100), `2` for XML (<?OFX OFXHEADER="200"?>). */
  version: 1 | 2;
  statements: OfxStatement[];
}

/** The text is not an OFX statement this reader understands; the message says what is missing and where. */
export class OfxFormatError extends Error {
  override name = 'OfxFormatError';
}

interface Element {
  name: string;
  /** The text right after the start tag (leaf elements). */
  text: string;
  children: Element[];
}

/**
 * Decodes an OFX file's bytes: OFX 1.x declares `CHARSET:1252` (or ISO-8859-1) in its header, others are UTF-8.
 */
export function decodeOfx(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512));
  const charset = /^CHARSET:\s*(\S+)/im.exec(head)?.[1]?.toUpperCase();
  const legacy = charset === '1252' || charset === 'ISO-8859-1' || charset === '8859-1';
  return new TextDecoder(legacy ? 'windows-1252' : 'utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** Parses an OFX/QFX file's text and returns each bank and credit-card statement's balances. */
export function parseOfx(text: string): OfxFile {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new OfxFormatError('no <OFX> element: this is not an OFX or QFX file');
  const header = text.slice(0, start);
  const version: 1 | 2 = /OFXHEADER\s*=\s*"?2/i.test(header) || /^\s*<\?xml/i.test(header) ? 2 : 1;
  const root = buildTree(withoutMarkup(text.slice(start)));
  const statements = [
    ...findAll(root, 'STMTRS').map((s) => readStatement(s, 'bank', 'BANKACCTFROM')),
    ...findAll(root, 'CCSTMTRS').map((s) => readStatement(s, 'creditcard', 'CCACCTFROM')),
  ];
  if (statements.length === 0) throw new OfxFormatError('no bank (STMTRS) or credit-card (CCSTMTRS) statement in the file');
  return { version, statements };
}

/**
 * One pass over the tags. A start tag followed by text is a leaf (SGML leaves have no end tag; an XML end tag
 * for a leaf is then ignored). A start tag without text opens an aggregate, closed by its end tag, which also
 * closes any empty element left open inside it.
 */
function buildTree(body: string): Element {
  const root: Element = { name: '#root', text: '', children: [] };
  const open: Element[] = [root];
  // Character classes that stop at '<' keep every pattern linear, whatever the file holds.
  const tag = /<(\/?)([A-Za-z0-9_.]+)(?:\s[^<>]*?)?(\/?)>([^<]*)/g;
  for (let m = tag.exec(body); m !== null; m = tag.exec(body)) {
    const name = m[2]!.toUpperCase();
    const text = decodeEntities(m[4]!.trim());
    if (m[1] === '/') {
      const at = open.map((e) => e.name).lastIndexOf(name);
      if (at > 0) open.length = at;
      continue;
    }
    const element: Element = { name, text: m[3] === '/' ? '' : text, children: [] };
    open[open.length - 1]!.children.push(element);
    if (text === '' && m[3] !== '/') open.push(element);
  }
  return root;
}

/** Removes `<!-- comments -->` and `<?processing instructions?>` in one pass. */
function withoutMarkup(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const comment = text.indexOf('<!--', at);
    const pi = text.indexOf('<?', at);
    const next = comment < 0 ? pi : pi < 0 ? comment : Math.min(comment, pi);
    if (next < 0) return out + text.slice(at);
    const close = next === comment ? '-->' : '?>';
    const end = text.indexOf(close, next);
    out += text.slice(at, next);
    if (end < 0) return out;
    at = end + close.length;
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[lower] ?? entity;
  });
}

function findAll(element: Element, name: string): Element[] {
  const found: Element[] = [];
  const walk = (e: Element) => {
    for (const child of e.children) {
      if (child.name === name) found.push(child);
      else walk(child);
    }
  };
  walk(element);
  return found;
}

function findFirst(element: Element, name: string): Element | undefined {
  for (const child of element.children) {
    if (child.name === name) return child;
    const deeper = findFirst(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

function readStatement(statement: Element, kind: OfxStatement['kind'], fromTag: string): OfxStatement {
  const accountId = findFirst(findFirst(statement, fromTag) ?? statement, 'ACCTID')?.text ?? '';
  if (accountId === '') throw new OfxFormatError(`a ${statement.name} statement has no ${fromTag}/ACCTID`);
  const ledgerBal = findFirst(statement, 'LEDGERBAL');
  if (!ledgerBal) throw new OfxFormatError(`the statement of account …${accountId.slice(-4)} has no LEDGERBAL`);
  const availBal = findFirst(statement, 'AVAILBAL');
  return {
    kind,
    accountId,
    currency: findFirst(statement, 'CURDEF')?.text ?? '',
    ledger: readBalance(ledgerBal, accountId),
    available: availBal ? readBalance(availBal, accountId) : undefined,
  };
}

function readBalance(element: Element, accountId: string): OfxBalance {
  const where = `${element.name} of account …${accountId.slice(-4)}`;
  const amountText = findFirst(element, 'BALAMT')?.text ?? '';
  const amount = parseOfxAmount(amountText);
  if (amount === undefined) throw new OfxFormatError(`${where}: BALAMT "${amountText}" is not an amount`);
  const asOf = findFirst(element, 'DTASOF')?.text ?? '';
  const date = parseOfxDate(asOf);
  if (date === undefined) throw new OfxFormatError(`${where}: DTASOF "${asOf}" is not an OFX date (YYYYMMDD...)`);
  return { amount, date, asOf };
}

/** An OFX amount: `-1119.29`, `+12`, or with a decimal comma (`1234,56`), which some banks send. */
export function parseOfxAmount(text: string): number | undefined {
  const m = /^([+-]?)(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const value = Number(`${m[2]}.${m[3] ?? '0'}`);
  return m[1] === '-' && value !== 0 ? -value : value;
}

/**
 * The calendar day of an OFX date `YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]]`. The day is the statement's own: a
 * balance "as of 23:59:59 EST on Oct 31" is the Oct 31 balance, though it is Nov 1 in UTC.
 */
export function parseOfxDate(text: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,3})?)?)?)?(?:\s*\[[^\]]*\])?$/.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}
