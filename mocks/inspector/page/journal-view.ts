// The requests, newest first: one row each (method, path, status, code, operation, the user behind the token, time
// taken, why), filtered by status class, operation and account. A row opens (click, Enter or Space) to its request
// and response bodies; arrow keys move between rows, so the list is one stop in the tab order.
import { ControlProblem, type ControlApi } from './api';
import { byId, h, readable, size } from './dom';
import type { RequestBodies, RequestSummary } from '../wire';

/** Rows the page keeps at most; older ones are dropped from the page (ledger-mock's journal still has them). */
const ROWS_KEPT = 500;
const COLUMNS = 6;
/** Every API path starts so: the rows leave it out (the opened row shows the whole path). */
const API_PREFIX = '/api/public/v1';

interface Row {
  summary: RequestSummary;
  tr: HTMLTableRowElement;
  details?: HTMLTableRowElement;
}

export class JournalView {
  readonly #rows = new Map<number, Row>();
  readonly #body = byId<HTMLTableSectionElement>('requests-body');
  readonly #status = byId<HTMLSelectElement>('filter-status');
  readonly #operation = byId<HTMLSelectElement>('filter-operation');
  readonly #account = byId<HTMLSelectElement>('filter-account');
  readonly #operations = new Set<string>();
  #missed = 0;

  constructor(private readonly api: ControlApi) {
    for (const select of [this.#status, this.#operation, this.#account])
      select.addEventListener('change', () => this.#applyFilters());
    this.#body.addEventListener('click', (event) => {
      const tr = (event.target as Element).closest('tr.request');
      if (tr instanceof HTMLTableRowElement) this.#toggle(tr);
    });
    this.#body.addEventListener('keydown', (event) => this.#key(event));
    this.#render();
  }

  /** Forgets every row (the journal was cleared). */
  restart(): void {
    this.#rows.clear();
    this.#body.replaceChildren();
    this.#missed = 0;
    this.#render();
  }

  /** Adds requests (oldest first) at the top. */
  add(requests: RequestSummary[], missed: number): void {
    this.#missed += missed;
    for (const summary of requests) {
      if (this.#rows.has(summary.id)) continue;
      const tr = this.#row(summary);
      this.#rows.set(summary.id, { summary, tr });
      this.#body.prepend(tr);
      this.#noteOperation(summary.operation_id ?? '(no operation)');
    }
    for (const [id, row] of this.#rows) {
      if (this.#rows.size <= ROWS_KEPT) break;
      row.tr.remove();
      row.details?.remove();
      this.#rows.delete(id);
    }
    this.#render();
  }

  /** The accounts the account filter offers, by name. */
  setAccounts(accounts: Array<{ id: string; name: string }>): void {
    const chosen = this.#account.value;
    const options = accounts.map((account) =>
      h('option', { value: account.id }, `${account.name} (${account.id.slice(0, 8)}…)`),
    );
    this.#account.replaceChildren(h('option', { value: '' }, 'any'), ...options);
    this.#account.value = accounts.some((account) => account.id === chosen) ? chosen : '';
    this.#applyFilters();
  }

  #row(s: RequestSummary): HTMLTableRowElement {
    const statusClass = s.status === 0 ? 's0' : `s${Math.floor(s.status / 100)}`;
    const tr = h(
      'tr',
      { class: 'request', tabindex: -1, 'aria-expanded': 'false', 'data-id': s.id, 'data-status': s.status },
      h('td', {}, s.method),
      h(
        'td',
        { class: 'path', title: s.path },
        h('span', { class: 'mono' }, s.path.startsWith(`${API_PREFIX}/`) ? s.path.slice(API_PREFIX.length) : s.path),
        h('span', { class: 'sub' }, s.operation_id ?? 'no operation'),
      ),
      h(
        'td',
        {},
        h('span', { class: `status ${statusClass}` }, s.status === 0 ? 'dropped' : s.status),
        s.code ? h('span', { class: 'sub mono' }, s.code) : null,
      ),
      h('td', {}, s.user?.name ?? (s.token_id === null ? '—' : 'unknown')),
      h('td', { class: 'num' }, s.duration_ms.toFixed(1)),
      h('td', { class: 'why' }, s.reason ?? ''),
    );
    return tr;
  }

  #noteOperation(operation: string): void {
    if (this.#operations.has(operation)) return;
    this.#operations.add(operation);
    const chosen = this.#operation.value;
    const names = [...this.#operations].sort();
    this.#operation.replaceChildren(
      h('option', { value: '' }, 'any'),
      ...names.map((name) => h('option', { value: name }, name)),
    );
    this.#operation.value = chosen;
  }

  #matches(s: RequestSummary): boolean {
    const status = this.#status.value;
    if (status !== '' && String(Math.floor(s.status / 100)) !== status) return false;
    const operation = this.#operation.value;
    if (operation !== '' && (s.operation_id ?? '(no operation)') !== operation) return false;
    const account = this.#account.value;
    return account === '' || s.accounts.includes(account);
  }

  #applyFilters(): void {
    for (const row of this.#rows.values()) {
      const hidden = !this.#matches(row.summary);
      row.tr.hidden = hidden;
      if (row.details) row.details.hidden = hidden;
    }
    this.#render();
  }

  #render(): void {
    const shown = [...this.#rows.values()].filter((row) => !row.tr.hidden);
    byId('requests-count').textContent = this.#rows.size === 0 ? '' : `(${shown.length} of ${this.#rows.size} shown)`;
    byId('requests-empty').hidden = this.#rows.size > 0;
    const missed = byId('missed');
    missed.hidden = this.#missed === 0;
    missed.textContent = `${this.#missed} earlier request${this.#missed === 1 ? ' is' : 's are'} not listed here (GET /__mock/journal has the last 10,000).`;
    // One row in the tab order: the one focused last, else the newest shown.
    const current = shown.find((row) => row.tr.tabIndex === 0) ?? shown[shown.length - 1];
    for (const row of this.#rows.values()) row.tr.tabIndex = row === current ? 0 : -1;
  }

  #key(event: KeyboardEvent): void {
    const tr = (event.target as Element).closest('tr.request');
    if (!(tr instanceof HTMLTableRowElement) || event.target !== tr) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.#toggle(tr);
      return;
    }
    const rows = [...this.#body.querySelectorAll<HTMLTableRowElement>('tr.request:not([hidden])')];
    const at = rows.indexOf(tr);
    const next = { ArrowDown: rows[at + 1], ArrowUp: rows[at - 1], Home: rows[0], End: rows[rows.length - 1] }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    tr.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }

  #toggle(tr: HTMLTableRowElement): void {
    const row = this.#rows.get(Number(tr.dataset.id));
    if (!row) return;
    for (const other of this.#rows.values()) other.tr.tabIndex = other === row ? 0 : -1;
    if (row.details) {
      row.details.remove();
      delete row.details;
      tr.setAttribute('aria-expanded', 'false');
      return;
    }
    const cell = h('td', { colspan: COLUMNS }, details(row.summary), h('p', { class: 'quiet' }, 'Loading the bodies…'));
    row.details = h('tr', { class: 'details', 'data-for': row.summary.id }, cell);
    tr.after(row.details);
    tr.setAttribute('aria-expanded', 'true');
    this.api.get<RequestBodies>(`/__mock/inspector/requests/${row.summary.id}`).then(
      (bodies) => cell.lastElementChild!.replaceWith(bodiesView(bodies)),
      (error: unknown) =>
        cell.lastElementChild!.replaceWith(
          h(
            'p',
            { class: 'problem' },
            error instanceof ControlProblem && error.status === 404
              ? error.message
              : `Could not read the bodies: ${String(error)}`,
          ),
        ),
    );
  }
}

/** What the row leaves out: the whole reason, the fault, the token's id (never its value), the accounts it names. */
function details(s: RequestSummary): HTMLElement {
  const items: Array<[string, string]> = [
    ['Request', `${s.method} ${s.path}`],
    ['Answer', s.status === 0 ? 'connection dropped' : `${s.status}${s.code ? ` ${s.code}` : ''}`],
    ['Why', s.reason ?? '—'],
    ['Operation', s.operation_id ?? 'none (not a path and method of the API)'],
    ['User', s.user ? `${s.user.name} (${s.user.id})` : '—'],
    ['Token id', s.token_id ?? '—'],
    ['At (the fake’s clock)', s.at],
    ['Time taken', `${s.duration_ms.toFixed(2)} ms`],
  ];
  if (s.fault) items.push(['Fault', s.fault]);
  if (s.applied_status !== undefined) items.push(['Applied before the fault', String(s.applied_status)]);
  if (s.accounts.length > 0) items.push(['Accounts', s.accounts.join(', ')]);
  if (s.internal_error) items.push(['Bug in the fake', s.internal_error.message]);
  return h('dl', {}, ...items.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
}

function bodiesView({ request, response }: RequestBodies): HTMLElement {
  const part = (
    title: string,
    type: string | null,
    bytes: number | null,
    truncated: boolean,
    body: string | null,
    none: string,
  ) =>
    h(
      'section',
      { 'aria-label': title },
      h(
        'h3',
        {},
        title,
        ' ',
        h(
          'span',
          { class: 'quiet' },
          [type ?? '', bytes === null ? '' : size(bytes), truncated ? 'first 64 KiB shown' : '']
            .filter(Boolean)
            .join(' · '),
        ),
      ),
      body === null ? h('p', { class: 'quiet' }, none) : h('pre', { tabindex: 0 }, readable(body)),
    );
  const unread = request.unread
    ? `Not read: refused before its body was read${request.bytes === null ? '' : ` (${size(request.bytes)} declared)`}.`
    : 'No body.';
  return h(
    'div',
    { class: 'bodies' },
    part(
      'Request body',
      request.content_type,
      request.unread ? null : request.bytes,
      request.truncated,
      request.body,
      unread,
    ),
    part(
      'Response body',
      response.content_type,
      response.bytes,
      response.truncated,
      response.body,
      response.status === 0 ? 'None: the connection was dropped.' : 'No body.',
    ),
  );
}
