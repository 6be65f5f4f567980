// fast-check commands for the model-based test: API calls by three tokens in two households, and the
// application-side actions (move a user, change a plan, revoke a token). Each command runs against the fake
// and the reference model, compares status and body, then compares what every token sees.
import fc from 'fast-check';
import type { LedgerControl } from 'personal-ledger-sdk/mocks';
import * as model from './ledger-model';
import type { Expected, ModelSnapshot, ModelState, Tier, Visibility } from './ledger-model';

export interface Answer {
  status: number;
  body: any;
}

/** The fake as the commands use it. */
export interface RealLedger {
  /** An API call by one of the tokens (by index), answered by the fake's handlers. */
  call(tokenIndex: number, method: string, path: string, body?: unknown): Promise<Answer>;
  /** A read for the visible-state comparison (GET /accounts, GET /snapshots). */
  view(tokenIndex: number, path: string): Promise<Answer>;
  control: LedgerControl;
  /** The fake's whole state as text (households, users, tokens but their last use, accounts, snapshots). */
  fingerprint(): string;
  /** Steps run so far (for the summary). */
  stats: {
    steps: number;
    viewChecks: number;
    unchangedSteps: number;
    byCommand: Map<string, number>;
    statuses: Map<number, number>;
  };
}

type Cmd = fc.AsyncCommand<ModelState, RealLedger>;

const UNKNOWN_ACCOUNT = '00000000-0000-4000-8000-00000000dead';
const UNKNOWN_SNAPSHOT = 'snp_zzzzzz';
const DATES = ['2025-11-30', '2025-12-31', '2026-01-31', '2026-02-28', '2024-02-29'];
const VISIBILITIES: Visibility[] = ['private', 'shared_read_only', 'shared_full_access'];
const TIERS: Tier[] = ['auto', 'cash', 'taxable_investment', 'retirement', 'property', 'other_illiquid', 'debt'];
const PLANS: model.Plan[] = ['lapsed', 'household_sharing', 'household', 'free'];

function fail(message: string): never {
  throw new Error(message);
}

function same(actual: unknown, expected: unknown): boolean {
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** Status, code and (for a success) body of an answer against the model's expectation. */
function compare(what: string, answer: Answer, expected: Expected, body?: unknown): void {
  if (answer.status !== expected.status)
    fail(
      `${what}: status ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}, model says ${expected.status} ${expected.code ?? ''}`,
    );
  if (expected.code !== undefined && answer.body?.code !== expected.code)
    fail(`${what}: code ${answer.body?.code}, model says ${expected.code}`);
  const wanted = body ?? expected.body;
  if (wanted !== undefined && !same(answer.body, wanted))
    fail(`${what}: body\n  fake:  ${JSON.stringify(answer.body)}\n  model: ${JSON.stringify(wanted)}`);
}

/** Learns a snapshot's id from an answer, or checks it against the one already known. */
function learnId(state: ModelState, row: ModelSnapshot, id: unknown, what: string): void {
  if (typeof id !== 'string') fail(`${what}: snapshot without an id`);
  if (row.id === undefined) {
    if (state.snapshots.some((s) => s !== row && s.id === id)) fail(`${what}: id ${id} already names another snapshot`);
    row.id = id;
  } else if (row.id !== id) fail(`${what}: snapshot ${row.account_id} ${row.snapshot_date} was ${row.id}, now ${id}`);
}

/** Learns the ids of the starting snapshots (opaque, assigned by the service) from the control API. */
export async function learnStartingIds(state: ModelState, real: RealLedger): Promise<void> {
  const stored = await real.control.listSnapshots();
  for (const row of state.snapshots) {
    const match = stored.find((s) => s.account_id === row.account_id && s.snapshot_date === row.snapshot_date);
    if (!match) fail(`starting snapshot ${row.account_id} ${row.snapshot_date} is missing`);
    learnId(state, row, match.id, 'the start');
  }
}

/**
 * What every token sees (GET /accounts and GET /snapshots) against the model. A token the model says is
 * refused (401/402) must be refused the same way; one of the two reads is enough to show it (they alternate).
 */
export async function compareViews(state: ModelState, real: RealLedger, after: string): Promise<void> {
  const refused = state.tokens
    .map((_, t) => model.authorize(state, t))
    .map((who) => ('status' in who ? who : undefined));
  const alternate = real.stats.steps % 2 === 0 ? '/accounts' : '/snapshots';
  const views = await Promise.all(
    state.tokens.map((_, t) =>
      refused[t]
        ? Promise.all([real.view(t, alternate)])
        : Promise.all([real.view(t, '/accounts'), real.view(t, '/snapshots')]),
    ),
  );
  for (let t = 0; t < state.tokens.length; t += 1) {
    real.stats.viewChecks += views[t]!.length;
    const refusal = refused[t];
    if (refusal) {
      compare(`after ${after}: GET ${alternate} by refused token ${t}`, views[t]![0]!, refusal);
      continue;
    }
    const [accounts, snapshots] = views[t] as [Answer, Answer];
    compare(`after ${after}: GET /accounts by token ${t}`, accounts, model.expectedAccounts(state, t));
    const expected = model.expectedSnapshots(state, t);
    compare(`after ${after}: GET /snapshots by token ${t}`, snapshots, { status: expected.status });
    const rows = (expected.body as { snapshots: ModelSnapshot[] }).snapshots;
    const seen = snapshots.body.snapshots as Array<Record<string, unknown>>;
    const shown = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => `${r.account_id}|${r.snapshot_date}|${r.balance}|${r.is_estimated}`);
    if (!same(shown(seen), shown(rows as unknown as Array<Record<string, unknown>>))) {
      fail(
        `after ${after}: GET /snapshots by token ${t}\n  fake:  ${shown(seen).join(' ')}\n  model: ${shown(rows as never).join(' ')}`,
      );
    }
    rows.forEach((row, i) => {
      learnId(state, row, seen[i]!.id, `after ${after}: GET /snapshots by token ${t}`);
    });
  }
}

const accountAt = (state: ModelState, ref: number) => {
  const all = [...state.accounts.map((a) => a.id), UNKNOWN_ACCOUNT];
  return all[ref % all.length]!;
};
const snapshotAt = (state: ModelState, ref: number) => {
  const known = [...state.snapshots.filter((s) => s.id !== undefined).map((s) => s.id!), UNKNOWN_SNAPSHOT];
  return known[ref % known.length]!;
};
const categoryAt = (state: ModelState, ref: number) => {
  const all = [...state.categories.map((c) => c.id), UNKNOWN_ACCOUNT];
  return all[ref % all.length]!;
};

/** A command: one step against both, then the views. */
abstract class Step implements Cmd {
  abstract readonly label: string;
  check(): boolean {
    return true;
  }
  async run(state: ModelState, real: RealLedger): Promise<void> {
    real.stats.steps += 1;
    real.stats.byCommand.set(this.constructor.name, (real.stats.byCommand.get(this.constructor.name) ?? 0) + 1);
    const before = real.fingerprint();
    const changed = await this.step(state, real);
    if (!changed) {
      // A read or a refused write: the model did not change, so the fake's state must not have either. Then
      // every view is what it was after the previous step, where it was compared (views are reads of the state).
      if (real.fingerprint() !== before)
        fail(`${this.label}: the model says nothing changed, but the fake's state did`);
      real.stats.unchangedSteps += 1;
      return;
    }
    await compareViews(state, real, this.label);
  }
  /** Runs the step on both sides and compares the answers; true when the model's state changed. */
  abstract step(state: ModelState, real: RealLedger): Promise<boolean>;
  toString(): string {
    return this.label;
  }
}

class GetMe extends Step {
  constructor(readonly token: number) {
    super();
  }
  get label() {
    return `GetMe(t${this.token})`;
  }
  async step(state: ModelState, real: RealLedger) {
    compare(this.label, await real.call(this.token, 'GET', '/me'), model.me(state, this.token));
    return false;
  }
}

class CreateAccount extends Step {
  constructor(
    readonly token: number,
    readonly name: string,
    readonly category: number,
    readonly visibility: Visibility | undefined,
    readonly tier: Tier | undefined,
  ) {
    super();
  }
  get label() {
    return `CreateAccount(t${this.token}, ${JSON.stringify(this.name.slice(0, 20))}${this.name.length > 20 ? `…${this.name.length}` : ''}, c${this.category}, ${this.visibility}, ${this.tier})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const body = {
      name: this.name,
      category_id: categoryAt(state, this.category),
      ...(this.visibility ? { visibility: this.visibility } : {}),
      ...(this.tier ? { liquidity_tier: this.tier } : {}),
    };
    const answer = await real.call(this.token, 'POST', '/accounts', body);
    const id = answer.status === 201 && typeof answer.body?.id === 'string' ? answer.body.id : undefined;
    if (id !== undefined && state.accounts.some((a) => a.id === id)) fail(`${this.label}: id ${id} is taken`);
    const expected = model.createAccount(state, this.token, body, () => id);
    compare(this.label, answer, expected);
    return expected.status < 300;
  }
}

class UpdateAccount extends Step {
  constructor(
    readonly token: number,
    readonly account: number,
    readonly change: {
      name?: string;
      category?: number;
      visibility?: Visibility;
      lifecycle_status?: 'active' | 'archived';
      liquidity_tier?: Tier;
      auto_carry_forward?: boolean;
    },
  ) {
    super();
  }
  get label() {
    return `UpdateAccount(t${this.token}, a${this.account}, ${JSON.stringify(this.change)})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const { category, ...rest } = this.change;
    const body = { ...rest, ...(category !== undefined ? { category_id: categoryAt(state, category) } : {}) };
    const id = accountAt(state, this.account);
    const answer = await real.call(this.token, 'PATCH', `/accounts/${id}`, body);
    const expected = model.updateAccount(state, this.token, id, body);
    compare(this.label, answer, expected);
    return expected.status < 300;
  }
}

class GetAccount extends Step {
  constructor(
    readonly token: number,
    readonly account: number,
  ) {
    super();
  }
  get label() {
    return `GetAccount(t${this.token}, a${this.account})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const id = accountAt(state, this.account);
    compare(this.label, await real.call(this.token, 'GET', `/accounts/${id}`), model.getAccount(state, this.token, id));
    return false;
  }
}

class UpsertSnapshot extends Step {
  constructor(
    readonly token: number,
    readonly account: number,
    readonly date: string,
    readonly balance: number,
  ) {
    super();
  }
  get label() {
    return `UpsertSnapshot(t${this.token}, a${this.account}, ${this.date}, ${this.balance})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const input = { account_id: accountAt(state, this.account), snapshot_date: this.date, balance: this.balance };
    const answer = await real.call(this.token, 'POST', '/snapshots', input);
    const expected = model.upsertSnapshot(state, this.token, input);
    if (expected.row) {
      if (answer.status === expected.status) learnId(state, expected.row, answer.body?.snapshot?.id, this.label);
      compare(this.label, answer, expected, {
        snapshot: { ...expected.row },
        action: (expected.body as { action: string }).action,
        webhooks_attempted: 0,
      });
    } else compare(this.label, answer, expected);
    return expected.status < 300;
  }
}

class UpdateSnapshot extends Step {
  constructor(
    readonly token: number,
    readonly snapshot: number,
    readonly change: { snapshot_date?: string; balance?: number },
  ) {
    super();
  }
  get label() {
    return `UpdateSnapshot(t${this.token}, s${this.snapshot}, ${JSON.stringify(this.change)})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const id = snapshotAt(state, this.snapshot);
    const answer = await real.call(this.token, 'PATCH', `/snapshots/${id}`, this.change);
    const expected = model.updateSnapshot(state, this.token, id, this.change);
    compare(this.label, answer, expected);
    return expected.status < 300;
  }
}

class DeleteSnapshot extends Step {
  constructor(
    readonly token: number,
    readonly snapshot: number,
  ) {
    super();
  }
  get label() {
    return `DeleteSnapshot(t${this.token}, s${this.snapshot})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const id = snapshotAt(state, this.snapshot);
    const answer = await real.call(this.token, 'DELETE', `/snapshots/${id}`);
    const expected = model.deleteSnapshot(state, this.token, id);
    compare(this.label, answer, expected);
    return expected.status < 300;
  }
}

class GetSnapshot extends Step {
  constructor(
    readonly token: number,
    readonly snapshot: number,
  ) {
    super();
  }
  get label() {
    return `GetSnapshot(t${this.token}, s${this.snapshot})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const id = snapshotAt(state, this.snapshot);
    compare(
      this.label,
      await real.call(this.token, 'GET', `/snapshots/${id}`),
      model.getSnapshot(state, this.token, id),
    );
    return false;
  }
}

class BulkUpsert extends Step {
  constructor(
    readonly token: number,
    readonly rows: Array<{ account: number; date: string; balance: number }>,
  ) {
    super();
  }
  get label() {
    return `BulkUpsert(t${this.token}, ${this.rows.map((r) => `a${r.account}/${r.date}/${r.balance}`).join(' ')})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const rows = this.rows.map((r) => ({
      account_id: accountAt(state, r.account),
      snapshot_date: r.date,
      balance: r.balance,
    }));
    const answer = await real.call(this.token, 'POST', '/snapshots/bulk', { snapshots: rows });
    const expected = model.bulkUpsert(state, this.token, rows);
    compare(this.label, answer, { status: expected.status, ...(expected.code ? { code: expected.code } : {}) });
    if (expected.body) {
      const want = expected.body as { received: number; inserted: number; updated: number; skipped: number[] };
      const got = {
        received: answer.body.received,
        inserted: answer.body.inserted,
        updated: answer.body.updated,
        skipped: (answer.body.skipped as Array<{ index: number }>).map((s) => s.index),
      };
      if (!same(got, want)) fail(`${this.label}: result ${JSON.stringify(got)}, model says ${JSON.stringify(want)}`);
    }
    return expected.status < 300;
  }
}

class MoveUser extends Step {
  constructor(
    readonly user: number,
    readonly target: number,
  ) {
    super();
  }
  get label() {
    return `MoveUser(u${this.user} -> ${['H1', 'H2', 'a new free household'][this.target]})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const userId = [...state.users.keys()][this.user]!;
    const households = [...state.households.keys()];
    const target = this.target < 2 ? households[this.target]! : null;
    const moved = await real.control.moveUser(userId, target);
    if (target === null) {
      if (state.households.has(moved.household_id)) fail(`${this.label}: household ${moved.household_id} is not new`);
      state.households.set(moved.household_id, 'free');
    } else if (moved.household_id !== target) fail(`${this.label}: moved to ${moved.household_id}`);
    state.users.set(userId, moved.household_id);
    return true;
  }
}

class SetPlan extends Step {
  constructor(
    readonly household: number,
    readonly plan: model.Plan,
  ) {
    super();
  }
  get label() {
    return `SetPlan(${['H1', 'H2'][this.household]}, ${this.plan})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const id = [...state.households.keys()][this.household]!;
    await real.control.setPlan(id, this.plan);
    state.households.set(id, this.plan);
    return true;
  }
}

class RevokeToken extends Step {
  constructor(readonly token: number) {
    super();
  }
  get label() {
    return `RevokeToken(t${this.token})`;
  }
  async step(state: ModelState, real: RealLedger) {
    const token = state.tokens[this.token]!;
    await real.control.revokeToken(token.id);
    token.revoked = true;
    return true;
  }
}

const token = fc.nat(2);
const ref = fc.nat(40);
const date = fc.constantFrom(...DATES);
const balance = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.constantFrom(-0, 0.5, 1e9, -12.34));
const name = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      'x'.repeat(120),
      'x'.repeat(121),
      '😀'.repeat(120),
      '😀'.repeat(121),
      'Home',
      'e\u0301'.repeat(60),
    ),
  },
);
const visibility = fc.option(fc.constantFrom(...VISIBILITIES), { nil: undefined });
const tier = fc.option(fc.constantFrom(...TIERS), { nil: undefined });

/** The command generators, repeated by weight. */
export const COMMANDS: Array<fc.Arbitrary<Cmd>> = [
  ...Array.from({ length: 3 }, () =>
    fc.tuple(token, ref, date, balance).map(([t, a, d, b]) => new UpsertSnapshot(t, a, d, b)),
  ),
  ...Array.from({ length: 2 }, () =>
    fc
      .tuple(
        token,
        fc.array(
          fc.record({
            account: ref,
            date: fc.oneof({ weight: 9, arbitrary: date }, { weight: 1, arbitrary: fc.constant('2023-02-29') }),
            balance,
          }),
          { minLength: 1, maxLength: 6 },
        ),
      )
      .map(([t, rows]) => new BulkUpsert(t, rows)),
  ),
  ...Array.from({ length: 2 }, () =>
    fc
      .tuple(token, ref, fc.record({ snapshot_date: date, balance }, { requiredKeys: [] }))
      .map(([t, s, change]) => new UpdateSnapshot(t, s, change)),
  ),
  fc.tuple(token, ref).map(([t, s]) => new DeleteSnapshot(t, s)),
  fc.tuple(token, ref).map(([t, s]) => new GetSnapshot(t, s)),
  ...Array.from({ length: 2 }, () =>
    fc.tuple(token, name, ref, visibility, tier).map(([t, n, c, v, l]) => new CreateAccount(t, n, c, v, l)),
  ),
  ...Array.from({ length: 2 }, () =>
    fc
      .tuple(
        token,
        ref,
        fc.record(
          {
            name,
            category: ref,
            visibility: fc.constantFrom(...VISIBILITIES),
            lifecycle_status: fc.constantFrom('active' as const, 'archived' as const),
            liquidity_tier: fc.constantFrom(...TIERS),
            auto_carry_forward: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
      )
      .map(([t, a, change]) => new UpdateAccount(t, a, change)),
  ),
  fc.tuple(token, ref).map(([t, a]) => new GetAccount(t, a)),
  token.map((t) => new GetMe(t)),
  fc.tuple(fc.nat(2), fc.nat(2)).map(([u, h]) => new MoveUser(u, h)),
  fc.tuple(fc.nat(1), fc.constantFrom(...PLANS)).map(([h, p]) => new SetPlan(h, p)),
  token.map((t) => new RevokeToken(t)),
];
