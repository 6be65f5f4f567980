// The few DOM helpers the page needs. Text always goes in as text (never as HTML): names, paths, reasons and bodies
// come from whoever sent requests to the fake.

type Child = Node | string | number | null | undefined | false;

/** An element with attributes (`true` for a bare attribute; `undefined` or `false` leaves it out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...nodes(children));
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number> = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...nodes(children));
  return element;
}

function nodes(children: Child[]): Array<Node | string> {
  return children
    .filter((child) => child !== null && child !== undefined && child !== false)
    .map((child) => (typeof child === 'number' ? String(child) : (child as Node | string)));
}

/** The element with this id, which the page's HTML has. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** Replaces a table's contents: a header row, then one row per item (or a row saying there is none). */
export function fillTable(
  table: HTMLTableElement,
  head: string[],
  rows: HTMLTableRowElement[],
  none: string,
  numeric: ReadonlySet<number> = new Set(),
): void {
  const header = h(
    'tr',
    {},
    ...head.map((name, i) => h('th', { scope: 'col', class: numeric.has(i) ? 'num' : undefined }, name)),
  );
  const body = rows.length > 0 ? rows : [h('tr', {}, h('td', { colspan: head.length, class: 'empty' }, none))];
  table.replaceChildren(h('thead', {}, header), h('tbody', {}, ...body));
}

/** A balance as people read it: 2,450.75. */
export function money(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A byte count as people read it. */
export function size(bytes: number | null): string {
  if (bytes === null) return 'unknown size';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A body for reading: JSON indented, anything else as it is. */
export function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
