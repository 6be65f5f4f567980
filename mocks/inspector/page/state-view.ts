// The fake's state beside the requests: accounts (visibility, lifecycle, tier) and, for the one chosen, its balances
// over time as a chart with the table beside it; households and plans, users, tokens (id and prefix, never a value),
// webhook deliveries and their outcome, faults (each with a button that removes it), checkpoints (each with a button
// that restores it) and the clock.
import type { ControlApi } from './api';
import { balanceChart } from './chart';
import { byId, fillTable, h, money } from './dom';
import type { AccountSummary, SnapshotView, StateOverview } from '../wire';

/** Balances the table beside the chart lists, newest first (the chart draws them all). */
const BALANCES_LISTED = 100;
/** The fault fields that say how much of it is left, not what it does. */
const FAULT_COUNTS = new Set(['id', 'operation', 'times', 'remaining', 'rate']);

/** What the state view asks the page to do. */
export interface StateActions {
  removeFault(id: string): void;
  restoreCheckpoint(name: string): void;
}

export class StateView {
  #chosen: string | undefined;
  #clock: { now: number; frozen: boolean; seenAt: number } | undefined;
  #chartLoads = 0;
  /** What the chart shows, to draw it again at a new width. */
  #drawn: { snapshots: SnapshotView[]; title: string; width: number } | undefined;

  constructor(
    private readonly api: ControlApi,
    private readonly actions: StateActions,
  ) {
    setInterval(() => this.#showClock(), 1000);
    new ResizeObserver(() => {
      const width = byId('chart').clientWidth;
      if (this.#drawn && Math.abs(width - this.#drawn.width) >= 16)
        this.#drawChart(this.#drawn.snapshots, this.#drawn.title);
    }).observe(byId('chart'));
  }

  /** Shows a fresh overview; the chosen account's balances are read again. */
  show(state: StateOverview): void {
    const userName = new Map(state.users.map((user) => [user.id, user.name]));
    const who = (id: string) => userName.get(id) ?? id;
    this.#clock = { now: Date.parse(state.clock.now), frozen: state.clock.frozen, seenAt: performance.now() };
    this.#showClock();
    if (this.#chosen === undefined || !state.accounts.some((account) => account.id === this.#chosen)) {
      this.#chosen = (state.accounts.find((account) => account.snapshots > 0) ?? state.accounts[0])?.id;
    }
    this.#accounts(state.accounts, who);
    fillTable(
      byId('households'),
      ['Household', 'Plan', 'Members', 'Id'],
      state.households.map((household) =>
        h(
          'tr',
          {},
          h('td', {}, household.name),
          h('td', {}, h('span', { class: 'tag' }, household.plan)),
          h(
            'td',
            {},
            state.users
              .filter((u) => u.household_id === household.id)
              .map((u) => u.name)
              .join(', ') || '—',
          ),
          h('td', { class: 'mono' }, household.id),
        ),
      ),
      'No household.',
    );
    fillTable(
      byId('users'),
      ['User', 'Household', 'Id'],
      state.users.map((user) =>
        h(
          'tr',
          {},
          h('td', {}, user.name),
          h('td', {}, state.households.find((x) => x.id === user.household_id)?.name ?? user.household_id),
          h('td', { class: 'mono' }, user.id),
        ),
      ),
      'No user.',
    );
    fillTable(
      byId('tokens'),
      ['Prefix', 'User', 'Name', 'Scopes', 'Status', 'Id'],
      state.tokens.map((token) =>
        h(
          'tr',
          {},
          h('td', { class: 'mono' }, `${token.prefix}…`),
          h('td', {}, who(token.user_id)),
          h('td', {}, token.name),
          h('td', {}, token.scopes.join(' ')),
          h('td', {}, h('span', { class: token.status === 'active' ? 'tag good' : 'tag bad' }, token.status)),
          h('td', { class: 'mono' }, token.id),
        ),
      ),
      'No token.',
    );
    byId('events-count').textContent =
      state.events.total > state.events.latest.length
        ? `(latest ${state.events.latest.length} of ${state.events.total})`
        : '';
    fillTable(
      byId('events'),
      ['Event', 'By', 'Operation', 'Snapshots', 'Deliveries'],
      state.events.latest.map((event) =>
        h(
          'tr',
          {},
          h('td', { class: 'mono', title: event.id }, event.created_at.replace('T', ' ').slice(0, 19)),
          h('td', {}, who(event.user_id)),
          h('td', {}, event.operation),
          h('td', { class: 'num' }, event.snapshots),
          h(
            'td',
            {},
            ...(event.deliveries.length === 0
              ? ['no subscription']
              : event.deliveries.map((d) =>
                  h(
                    'div',
                    {},
                    h(
                      'span',
                      {
                        class:
                          d.outcome === 'delivered' || d.outcome === 'recorded'
                            ? 'tag good'
                            : d.outcome === 'failed'
                              ? 'tag bad'
                              : 'tag',
                      },
                      d.outcome,
                    ),
                    ` ${d.status ?? ''} ${d.url}${d.error ? `: ${d.error}` : ''}`,
                  ),
                )),
          ),
        ),
      ),
      state.webhooks.length === 0 ? 'No webhook subscription.' : 'No event yet.',
      new Set([3]),
    );
    fillTable(
      byId('faults'),
      ['Operation', 'Fault', 'Left', ''],
      state.faults.map((fault) => {
        const remove = h('button', { type: 'button', 'aria-label': `Remove fault ${fault.id}` }, 'Remove');
        remove.addEventListener('click', () => this.actions.removeFault(fault.id));
        const what = Object.entries(fault)
          .filter(([key]) => !FAULT_COUNTS.has(key))
          .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
          .join(', ');
        const rate = fault.rate === 1 ? '' : ` at rate ${String(fault.rate)}`;
        return h(
          'tr',
          {},
          h('td', {}, fault.operation ?? 'any'),
          h('td', { class: 'mono' }, what),
          h('td', {}, `${fault.remaining === null ? 'unlimited' : String(fault.remaining)}${rate}`),
          h('td', {}, remove),
        );
      }),
      'No fault armed.',
    );
    fillTable(
      byId('checkpoints'),
      ['Checkpoint', 'Clock then', 'Snapshots', ''],
      state.checkpoints.map((checkpoint) => {
        const restore = h(
          'button',
          { type: 'button', 'aria-label': `Restore checkpoint ${checkpoint.name}` },
          'Restore…',
        );
        restore.addEventListener('click', () => this.actions.restoreCheckpoint(checkpoint.name));
        return h(
          'tr',
          {},
          h('td', {}, checkpoint.name),
          h('td', { class: 'mono' }, `${checkpoint.now}${checkpoint.frozen ? ' (frozen)' : ''}`),
          h('td', { class: 'num' }, checkpoint.snapshots),
          h('td', {}, restore),
        );
      }),
      'No checkpoint taken.',
      new Set([2]),
    );
    void this.#balances(state.accounts.find((account) => account.id === this.#chosen));
  }

  #accounts(accounts: AccountSummary[], who: (id: string) => string): void {
    fillTable(
      byId('accounts'),
      ['Account', 'Owner', 'Visibility, lifecycle, tier', 'Snapshots', 'Latest', ''],
      accounts.map((account) => {
        const chart = h(
          'button',
          {
            type: 'button',
            'aria-pressed': String(account.id === this.#chosen),
            'aria-label': `Chart of ${account.name}`,
            'data-account': account.id,
          },
          'Chart',
        );
        chart.addEventListener('click', () => {
          this.#chosen = account.id;
          for (const other of byId('accounts').querySelectorAll('button[data-account]'))
            other.setAttribute('aria-pressed', String(other === chart));
          void this.#balances(account);
        });
        const latest = account.latest;
        return h(
          'tr',
          {},
          h('td', {}, account.name, account.kind === 'vault' ? h('span', { class: 'tag' }, ' vault') : null),
          h('td', {}, who(account.owner_user_id)),
          h(
            'td',
            {},
            h(
              'div',
              { class: 'tags' },
              h('span', { class: 'tag', title: 'visibility' }, account.visibility),
              h(
                'span',
                { class: account.lifecycle_status === 'active' ? 'tag' : 'tag bad', title: 'lifecycle' },
                account.lifecycle_status,
              ),
              h('span', { class: 'tag', title: 'liquidity tier' }, account.liquidity_tier),
            ),
          ),
          h('td', { class: 'num' }, account.snapshots),
          h(
            'td',
            { class: 'num' },
            latest ? money(latest.balance) : '—',
            latest?.is_estimated ? h('span', { class: 'tag estimated' }, 'est.') : null,
            latest ? h('span', { class: 'sub' }, latest.snapshot_date) : null,
          ),
          h('td', {}, chart),
        );
      }),
      'No account.',
      new Set([3, 4]),
    );
  }

  async #balances(account: AccountSummary | undefined): Promise<void> {
    const section = byId('balances');
    section.hidden = account === undefined;
    if (account === undefined) return;
    const load = ++this.#chartLoads;
    const snapshots = await this.api.get<SnapshotView[]>(
      `/__mock/snapshots?account_id=${encodeURIComponent(account.id)}`,
    );
    if (load !== this.#chartLoads) return; // another account was chosen, or the state changed, meanwhile
    const estimated = snapshots.filter((s) => s.is_estimated).length;
    byId('balances-title').textContent =
      `Balances of ${account.name}: ${snapshots.length}${estimated > 0 ? `, ${estimated} estimated` : ''}`;
    this.#drawChart(snapshots, `Balances of ${account.name} over time`);
    const newest = snapshots.slice(-BALANCES_LISTED).reverse();
    fillTable(
      byId('balances-table'),
      ['Date', 'Balance', ''],
      newest.map((s) =>
        h(
          'tr',
          {},
          h('td', { class: 'mono' }, s.snapshot_date),
          h('td', { class: 'num' }, money(s.balance)),
          h('td', {}, s.is_estimated ? h('span', { class: 'tag estimated' }, 'estimated') : ''),
        ),
      ),
      'No balance yet.',
      new Set([1]),
    );
    if (snapshots.length > BALANCES_LISTED)
      byId<HTMLTableElement>('balances-table').createCaption().textContent =
        `The newest ${BALANCES_LISTED} of ${snapshots.length}`;
  }

  #drawChart(snapshots: SnapshotView[], title: string): void {
    const figure = byId('chart');
    this.#drawn = undefined;
    if (snapshots.length === 0) {
      figure.replaceChildren(h('p', { class: 'empty' }, 'No balance yet.'));
      return;
    }
    const width = figure.clientWidth;
    const legend = h(
      'figcaption',
      {},
      h('span', { class: 'legend-dot' }),
      'reported ',
      h('span', { class: 'legend-dot estimated' }),
      'estimated',
    );
    figure.replaceChildren(balanceChart(snapshots, title, width || 480), legend);
    this.#drawn = { snapshots, title, width };
  }

  #showClock(): void {
    if (!this.#clock) return;
    const { now, frozen, seenAt } = this.#clock;
    const shown = frozen ? now : now + (performance.now() - seenAt);
    const time = byId<HTMLTimeElement>('clock');
    time.dateTime = new Date(shown).toISOString();
    time.textContent = `${new Date(shown).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
    byId('clock-mode').textContent = frozen ? 'frozen' : 'running';
  }
}
