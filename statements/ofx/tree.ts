// The element tree of an OFX/QFX file: OFX 1.x (SGML, leaf tags left unclosed) and OFX 2.x (XML) alike. Built in
// one linear pass with an explicit stack, and searched without recursion, so no nesting depth (20,000 unclosed
// <STMTTRN>, say) can overflow the call stack, and no input makes a pattern backtrack.

/** One element: a leaf has text, an aggregate has children. */
export interface OfxElement {
  name: string;
  /** The text right after the start tag (leaf elements), entities decoded. */
  text: string;
  children: OfxElement[];
  /** A skipped aggregate (see buildTree) whose end tag never came: everything after it was inside it. */
  unclosed?: boolean;
  /** A skipped aggregate's content, as offsets into the text: read on its own when needed (a transaction list's dates and amounts). */
  span?: { from: number; to: number };
}

/**
 * Builds the tree of the text from `<OFX>` on. A start tag followed by text is a leaf (SGML leaves have no end
 * tag; an XML end tag for a leaf is then ignored). A start tag without text opens an aggregate, closed by its end
 * tag, which also closes any element left open inside it. An end tag with no open element of its name is ignored.
 * Comments and processing instructions are passed over; CDATA is text. The content of aggregates named in
 * `options.skip` (transaction lists, most of a file) is passed over to their end tag without building elements, and
 * with `options.leaves` only leaves of those names are kept: what is never read is never built.
 */
export function buildTree(
  text: string,
  options: { skip?: ReadonlySet<string>; leaves?: ReadonlySet<string> } = {},
): OfxElement {
  const skip = options.skip ?? new Set<string>();
  const root: OfxElement = { name: '#root', text: '', children: [] };
  const open: OfxElement[] = [root];
  // Where each open element of a name sits in `open`, so an end tag finds its element in constant time.
  const openAt = new Map<string, number[]>();
  // Filled in place by readTag and readText: millions of tags, so no object per tag besides its element.
  const tag: Tag = { name: '', closing: false, selfClosing: false, end: 0 };
  const value = { text: '', next: -1, dropped: false };
  let i = text.indexOf('<');
  while (i >= 0) {
    const after = text.charCodeAt(i + 1);
    const markup = after === 33 || after === 63 ? MARKUP.find((m) => text.startsWith(m.open, i)) : undefined; // '!', '?'
    if (markup) {
      const end = text.indexOf(markup.close, i + markup.open.length);
      i = end < 0 ? -1 : text.indexOf('<', end + markup.close.length);
      continue;
    }
    if (!readTag(text, i, tag)) {
      i = text.indexOf('<', i + 1);
      continue;
    }
    if (tag.closing) {
      const at = openAt.get(tag.name)?.at(-1);
      if (at !== undefined) while (open.length > at) openAt.get(open.pop()!.name)!.pop();
      i = text.indexOf('<', tag.end);
      continue;
    }
    if (tag.selfClosing) {
      value.text = '';
      value.dropped = false;
      value.next = text.indexOf('<', tag.end);
    } else readText(text, tag.end, value, options.leaves === undefined || options.leaves.has(tag.name));
    const aggregate = value.text === '' && !tag.selfClosing;
    if (value.dropped) {
      i = value.next;
      continue;
    }
    const element: OfxElement = { name: tag.name, text: value.text, children: aggregate ? [] : NO_CHILDREN };
    open[open.length - 1]!.children.push(element);
    i = value.next;
    if (!aggregate) continue;
    if (skip.has(tag.name)) {
      // Passed over to its own end tag, or (SGML, end tag left out) to what ends it without one. Without either, the rest
      // of the file was inside.
      const from = tag.end; // endOfSkipped reuses `tag`
      const end = endOfSkipped(text, from, tag.name, openAt, tag);
      element.span = { from, to: end < 0 ? text.length : end };
      if (end < 0) {
        element.unclosed = true;
        break;
      }
      i = end;
      continue;
    }
    const positions = openAt.get(tag.name);
    if (positions) positions.push(open.length);
    else openAt.set(tag.name, [open.length]);
    open.push(element);
  }
  return root;
}

/**
 * What ends a transaction list in SGML when its end tag is left out, as the OFX DTD allows: the start tag of an element
 * that follows the list in its statement (a Nubank BANKTRANLIST runs into <LEDGERBAL>), or an end tag of an element
 * open around it.
 */
const FOLLOWERS: Readonly<Record<string, ReadonlySet<string>>> = {
  BANKTRANLIST: new Set(['LEDGERBAL', 'AVAILBAL', 'CASHADVBALAMT', 'INTRATE', 'BALLIST', 'MKTGINFO', 'REWARDINFO']),
  INVTRANLIST: new Set(['INVPOSLIST', 'INVBAL', 'INVOOLIST', 'MKTGINFO', 'INV401K', 'INV401KBAL']),
};

/**
 * Where reading resumes after a passed-over aggregate named `name` whose content starts at `from`: after its own end
 * tag, or at the tag that ends it without one (FOLLOWERS, or the end tag of an element open around it), which the
 * main loop then reads. -1: nothing ends it. One pass over the tags, each looked at once.
 */
function endOfSkipped(
  text: string,
  from: number,
  name: string,
  openAt: ReadonlyMap<string, number[]>,
  tag: Tag,
): number {
  const followers = FOLLOWERS[name] ?? new Set<string>();
  const open = [...openAt].filter(([, at]) => at.length > 0).map(([n]) => n);
  // One native search for the few tags that can end it (names are letters, digits, `_` and `.`, so nothing to escape
  // but the dot): the transaction list between is passed over without looking at its own tags.
  const names = [name, ...followers, ...open].map((n) => n.replace(/\./g, '\\.'));
  const ends = new RegExp(`<(/?)(?:${names.join('|')})(?=[\\s/>])`, 'gi');
  ends.lastIndex = from;
  for (let m = ends.exec(text); m; m = ends.exec(text)) {
    if (!readTag(text, m.index, tag)) continue;
    if (!tag.closing) {
      if (followers.has(tag.name)) return m.index;
    } else if (tag.name === name) return text.indexOf('<', tag.end);
    else if ((openAt.get(tag.name)?.length ?? 0) > 0) return m.index;
  }
  return -1;
}

/** The children of every leaf: one frozen empty list, as leaves never get any (and there are millions of them). */
const NO_CHILDREN: OfxElement[] = Object.freeze([]) as unknown as OfxElement[];

/** Markup that is not an element: passed over (a CDATA section met where no text is read is passed over too). */
const MARKUP = [
  { open: '<!--', close: '-->' },
  { open: '<?', close: '?>' },
  { open: '<![CDATA[', close: ']]>' },
];

/**
 * Sets `out` to the text after a start tag, up to the next tag (entities decoded, CDATA sections taken as they are,
 * comments left out, trimmed), and to where the next `<` that is not part of the text is (-1: none). A leaf that is
 * not to be kept is not read: `dropped` says so.
 */
function readText(
  text: string,
  from: number,
  out: { text: string; next: number; dropped: boolean },
  keep: boolean,
): void {
  let lt = text.indexOf('<', from);
  let k = from;
  while (k < (lt < 0 ? text.length : lt) && isSpace(text.charCodeAt(k))) k += 1;
  out.text = '';
  out.next = lt;
  out.dropped = false;
  if (k === lt && !text.startsWith('<![CDATA[', lt)) return; // an aggregate: nothing to keep
  if (!keep && k !== lt && k < text.length) {
    out.dropped = true;
    return;
  }
  let value = '';
  for (;;) {
    const segment = text.slice(k, lt < 0 ? text.length : lt);
    value += segment.includes('&') ? decodeEntities(segment) : segment;
    out.next = lt;
    if (lt < 0) break;
    const cdata = text.startsWith('<![CDATA[', lt);
    if (!cdata && !text.startsWith('<!--', lt)) break;
    const end = text.indexOf(cdata ? ']]>' : '-->', lt + (cdata ? 9 : 4));
    if (cdata) value += text.slice(lt + 9, end < 0 ? text.length : end);
    if (end < 0) {
      out.next = -1;
      break;
    }
    k = end + 3;
    lt = text.indexOf('<', k);
  }
  out.text = value.trim();
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** A tag as read: its upper-cased name, whether it ends an element or closes itself, and where its text starts. */
interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  end: number;
}

/**
 * Reads the tag at `at` (a `<`) into `tag`. False when the `<` opens no tag (a name of letters, digits, `_` and `.`,
 * then `>`, `/>` or attributes with no `<` in them). Each character is looked at once, so no input makes this slow.
 */
function readTag(text: string, at: number, tag: Tag): boolean {
  let j = at + 1;
  tag.closing = text.charCodeAt(j) === 47; // '/'
  if (tag.closing) j += 1;
  const nameStart = j;
  let lower = false;
  for (let c = text.charCodeAt(j); j < text.length && isNameChar(c); c = text.charCodeAt(++j))
    if (c >= 97 && c <= 122) lower = true;
  if (j === nameStart) return false;
  tag.name = lower ? text.slice(nameStart, j).toUpperCase() : text.slice(nameStart, j);
  const c = text.charCodeAt(j);
  tag.selfClosing = c === 47 && text.charCodeAt(j + 1) === 62; // '/>'
  if (c === 62 || tag.selfClosing) {
    tag.end = j + (tag.selfClosing ? 2 : 1);
    return true;
  }
  if (!isSpace(c)) return false;
  for (let k = j + 1; k < text.length; k++) {
    const d = text.charCodeAt(k);
    if (d === 60) return false; // '<': not a tag after all
    if (d === 62) {
      tag.selfClosing = text.charCodeAt(k - 1) === 47;
      tag.end = k + 1;
      return true;
    }
  }
  return false;
}

function isNameChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 46;
}

/** The direct child named `name`. */
export function child(element: OfxElement, name: string): OfxElement | undefined {
  return element.children.find((c) => c.name === name);
}

/**
 * Every element named `name` (or any of `names`) below `element`, in document order, not looking inside a match
 * nor inside elements named in `skip`.
 */
export function descendants(
  element: OfxElement,
  name: string | ReadonlySet<string>,
  skip: ReadonlySet<string> = new Set(),
): OfxElement[] {
  const wanted = typeof name === 'string' ? new Set([name]) : name;
  const found: OfxElement[] = [];
  const stack = [...element.children].reverse();
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (wanted.has(e.name)) found.push(e);
    else if (!skip.has(e.name)) for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]!);
  }
  return found;
}

/** The first element named `name` below `element` (document order), not looking inside elements named in `skip`. */
export function descendant(
  element: OfxElement,
  name: string,
  skip: ReadonlySet<string> = new Set(),
): OfxElement | undefined {
  const stack = [...element.children].reverse();
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.name === name) return e;
    if (!skip.has(e.name)) for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]!);
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos|nbsp);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    const code = lower.startsWith('#x')
      ? parseInt(lower.slice(2), 16)
      : lower.startsWith('#')
        ? parseInt(lower.slice(1), 10)
        : undefined;
    if (code === undefined) return ENTITIES[lower] ?? entity;
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
