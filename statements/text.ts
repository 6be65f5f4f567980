// Turning a statement file's bytes into text. A byte-order mark says the encoding for sure (UTF-8, UTF-16 LE or BE),
// whatever a profile or header claims; otherwise the given encoding is used. Only TextDecoder: no Buffer, no `node:`,
// so this runs in browsers and Workers too.

/** The byte-order marks, longest first: each names its encoding. */
const BOMS: ReadonlyArray<{ bytes: readonly number[]; encoding: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** The encoding a byte-order mark announces, if the bytes start with one. */
export function bomEncoding(bytes: Uint8Array): string | undefined {
  return BOMS.find((bom) => bom.bytes.every((b, i) => bytes[i] === b))?.encoding;
}

// Bytes 0x80-0x9F of windows-1252 (the WHATWG index), which is also what the labels latin1, iso-8859-1 and
// us-ascii decode as. Node 20.18.3+ decodes them as latin1 control characters instead (nodejs/node#60888), which
// would turn a "€" into U+0080; the five bytes the index leaves as control characters map to themselves.
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Decodes `bytes`: a byte-order mark wins over `encoding`, and is not part of the text. Bytes that are not valid in
 * the encoding become U+FFFD, so a label with a wrong byte shows up as unmapped rather than stopping the file.
 */
export function decodeText(bytes: Uint8Array, encoding: string): { text: string; encoding: string } {
  const decoder = new TextDecoder(bomEncoding(bytes) ?? encoding);
  if (decoder.encoding === 'windows-1252') return { text: decodeWindows1252(bytes), encoding: decoder.encoding };
  // TextDecoder drops a BOM of its own encoding; the replace catches one left by a mislabelled file.
  return { text: decoder.decode(bytes).replace(/^\uFEFF/, ''), encoding: decoder.encoding };
}

/** UTF-8 when the bytes are valid UTF-8 (or carry a BOM), else windows-1252: what banks write when no header says. */
export function decodeUtf8OrWindows1252(bytes: Uint8Array): { text: string; encoding: string } {
  if (bomEncoding(bytes)) return decodeText(bytes, 'utf-8');
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Latin-1 for every byte, then the table for 0x80-0x9F: right on every runtime. */
function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 0x8000; // fromCharCode takes its arguments on the stack
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]));
  }
  return parts
    .join('')
    .replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!));
}

/** True when this runtime's TextDecoder knows the encoding label. */
export function isEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}
