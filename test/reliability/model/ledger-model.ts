// A reference model of the Personal Ledger API, written from ledger-api-spec.md and docs/spec-gaps.md as
// plain objects and functions. It shares no code with the fake (nothing from mocks/): it says what each
// request must answer and what each token must see, and the model-based test compares the fake with it.

export type Plan = 'free' | 'household' | 'household_sharing' | 'lapsed';
export type Visibility = 'private' | 'shared_read_only' | 'shared_full_access';
export type Tier = 'auto' | 'cash' | 'taxable_investment' | 'retirement' | 'property' | 'other_illiquid' | 'debt';

export interface ModelAccount {
  id: string;
  owner: string;
  kind: 'standard' | 'vault';
  name: string;
  institution_name: string;
  category_id: string;
  visibility: Visibility;
  lifecycle_status: 'active' | 'archived';
  /** As set: `auto` is resolved when shown. */
  liquidity_tier: Tier;
  auto_carry_forward: boolean;
}

export interface ModelSnapshot {
  /** Opaque and assigned by the service: learned from answers, `undefined` until seen. */
  id: string | undefined;
  account_id: string;
  snapshot_date: string;
  balance: number;
  is_estimated: boolean;
}

export interface ModelState {
  households: Map<string, Plan>;
  /** user id -> household id */
  users: Map<string, string>;
  tokens: Array<{ id: string; value: string; user: string; revoked: boolean }>;
  categories: Array<{ id: string; name: string; type: string; owner: string | null }>;
  /** In creation order (the order of GET /accounts, spec-gaps 29). */
  accounts: ModelAccount[];
  snapshots: ModelSnapshot[];
}

/** What a request must answer: the status, the error code for a refusal, and the body for a success. */
export interface Expected {
  status: number;
  code?: string;
  body?: unknown;
}

type ScenarioLike = {
  households: Array<{ id: string; plan: string }>;
  users: Array<{ id: string; household_id: string }>;
  categories: Array<{ id: string; name: string; type: string; owner_user_id: string | null }>;
  accounts: Array<{
    id: string;
    owner_user_id: string;
    name: string;
    category_id: string;
    visibility?: string;
    institution_name?: string;
    lifecycle_status?: string;
    liquidity_tier?: string;
    kind?: string;
  }>;
  snapshots: Array<{ account_id: string; snapshot_date: string; balance: number; is_estimated?: boolean }>;
  tokens: Array<{ id: string; user_id: string; value: string }>;
};

/** The model of a scenario's starting state. */
export function modelOf(scenario: ScenarioLike): ModelState {
  return {
    households: new Map(scenario.households.map((h) => [h.id, h.plan as Plan])),
    users: new Map(scenario.users.map((u) => [u.id, u.household_id])),
    tokens: scenario.tokens.map((t) => ({ id: t.id, value: t.value, user: t.user_id, revoked: false })),
    categories: scenario.categories.map((c) => ({ id: c.id, name: c.name, type: c.type, owner: c.owner_user_id })),
    accounts: scenario.accounts.map((a) => ({
      id: a.id,
      owner: a.owner_user_id,
      kind: (a.kind ?? 'standard') as ModelAccount['kind'],
      name: a.name,
      institution_name: a.institution_name ?? 'Public API',
      category_id: a.category_id,
      visibility: (a.visibility ?? 'private') as Visibility,
      lifecycle_status: (a.lifecycle_status ?? 'active') as ModelAccount['lifecycle_status'],
      liquidity_tier: (a.liquidity_tier ?? 'auto') as Tier,
      auto_carry_forward: false,
    })),
    snapshots: scenario.snapshots.map((s) => ({
      id: undefined,
      account_id: s.account_id,
      snapshot_date: s.snapshot_date,
      balance: s.balance,
      is_estimated: s.is_estimated ?? false,
    })),
  };
}

// --- access (spec 1, 5.7; spec-gaps 20, 23) ---

const hasApi = (plan: Plan) => plan === 'household' || plan === 'household_sharing';
const hasSharing = (plan: Plan) => plan === 'household_sharing';

/** The token's owner, or the refusal of authentication (401) or of the plan (402). */
export function authorize(state: ModelState, tokenIndex: number): { user: string } | Expected {
  const token = state.tokens[tokenIndex]!;
  if (token.revoked) return { status: 401, code: 'token_revoked' };
  const plan = state.households.get(state.users.get(token.user)!)!;
  if (!hasApi(plan)) return { status: 402, code: 'plan_required' };
  return { user: token.user };
}

function sameHousehold(state: ModelState, a: string, b: string): boolean {
  return state.users.get(a) === state.users.get(b);
}

/** The owner sees their standard accounts; members of the owner's current household see shared ones. */
export function canSee(state: ModelState, user: string, account: ModelAccount): boolean {
  if (account.kind !== 'standard') return false;
  return account.owner === user || (account.visibility !== 'private' && sameHousehold(state, user, account.owner));
}

/** The owner edits; members edit only shared_full_access accounts. */
export function canEdit(state: ModelState, user: string, account: ModelAccount): boolean {
  if (account.kind !== 'standard') return false;
  return (
    account.owner === user || (account.visibility === 'shared_full_access' && sameHousehold(state, user, account.owner))
  );
}

function categoryFor(state: ModelState, user: string, id: string) {
  const category = state.categories.find((c) => c.id === id);
  return category && (category.owner === null || category.owner === user) ? category : undefined;
}

// --- views ---

const WORD = (keywords: string[]) => new RegExp(`(^|[^a-z0-9])(${keywords.join('|')})`, 'i');
const TIER_RULES: Array<[RegExp, Tier]> = [
  [WORD(['cash', 'checking', 'current', 'savings', 'deposit', 'bank', 'wallet']), 'cash'],
  [WORD(['brokerage', 'invest', 'stock', 'fund', 'crypto']), 'taxable_investment'],
  [WORD(['retire', 'pension', '401', 'ira']), 'retirement'],
  [WORD(['property', 'real estate', 'home', 'house', 'vehicle', 'car']), 'property'],
];

/** Spec-gaps 22: `auto` shows the inferred tier. */
function shownTier(tier: Tier, category: { name: string; type: string }): Tier {
  if (tier !== 'auto') return tier;
  if (category.type === 'liability') return 'debt';
  return TIER_RULES.find(([pattern]) => pattern.test(category.name))?.[1] ?? 'other_illiquid';
}

/** The list form of an account (spec 4, GET /accounts). */
export function accountView(state: ModelState, account: ModelAccount): Record<string, unknown> {
  const category = state.categories.find((c) => c.id === account.category_id)!;
  return {
    id: account.id,
    name: account.name,
    institution_name: account.institution_name,
    category_id: account.category_id,
    category_name: category.name,
    category_type: category.type,
    visibility: account.visibility,
    lifecycle_status: account.lifecycle_status,
    liquidity_tier: shownTier(account.liquidity_tier, category),
  };
}

/** The detail form: the list form plus auto_carry_forward. */
export function accountDetail(state: ModelState, account: ModelAccount): Record<string, unknown> {
  return { ...accountView(state, account), auto_carry_forward: account.auto_carry_forward };
}

/** GET /accounts for a token. */
export function expectedAccounts(state: ModelState, tokenIndex: number): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  return {
    status: 200,
    body: { accounts: state.accounts.filter((a) => canSee(state, who.user, a)).map((a) => accountView(state, a)) },
  };
}

/** GET /snapshots for a token: every visible account's snapshots, by account_id then date. */
export function expectedSnapshots(state: ModelState, tokenIndex: number): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  const visible = new Set(state.accounts.filter((a) => canSee(state, who.user, a)).map((a) => a.id));
  const rows = state.snapshots
    .filter((s) => visible.has(s.account_id))
    .sort((a, b) => compare(a.account_id, b.account_id) || compare(a.snapshot_date, b.snapshot_date));
  return { status: 200, body: { snapshots: rows } };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// --- operations: each returns what must be answered and, for a success, applies the change ---

export interface AccountCreateInput {
  name: string;
  category_id: string;
  visibility?: Visibility;
  liquidity_tier?: Tier;
}

const validName = (name: string) => [...name].length >= 1 && [...name].length <= 120;

/** POST /accounts: validation (422), category (422), sharing (402), then 201. `id` is the id the service gave. */
export function createAccount(
  state: ModelState,
  tokenIndex: number,
  input: AccountCreateInput,
  id: () => string | undefined,
): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  if (!validName(input.name)) return { status: 422, code: 'validation_failed' };
  if (!categoryFor(state, who.user, input.category_id)) return { status: 422, code: 'category_not_found' };
  const plan = state.households.get(state.users.get(who.user)!)!;
  if (input.visibility !== undefined && input.visibility !== 'private' && !hasSharing(plan))
    return { status: 402, code: 'sharing_not_in_plan' };
  const newId = id();
  if (newId === undefined) return { status: 201 }; // the answer carried no id: the comparison fails on the body
  const account: ModelAccount = {
    id: newId,
    owner: who.user,
    kind: 'standard',
    name: input.name,
    institution_name: 'Public API',
    category_id: input.category_id,
    visibility: input.visibility ?? 'private',
    lifecycle_status: 'active',
    liquidity_tier: input.liquidity_tier ?? 'auto',
    auto_carry_forward: false,
  };
  state.accounts.push(account);
  return { status: 201, body: accountDetail(state, account) };
}

export interface AccountChangeInput {
  name?: string;
  category_id?: string;
  visibility?: Visibility;
  lifecycle_status?: 'active' | 'archived';
  liquidity_tier?: Tier;
  auto_carry_forward?: boolean;
}

/** PATCH /accounts/{id}: validation (422), editable (404; a member changing visibility too), category (422), sharing (402). */
export function updateAccount(
  state: ModelState,
  tokenIndex: number,
  accountId: string,
  change: AccountChangeInput,
): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  if (Object.keys(change).length === 0 || (change.name !== undefined && !validName(change.name)))
    return { status: 422, code: 'validation_failed' };
  const account = state.accounts.find((a) => a.id === accountId);
  if (!account || !canEdit(state, who.user, account)) return { status: 404, code: 'not_found' };
  if (change.visibility !== undefined && change.visibility !== account.visibility && account.owner !== who.user)
    return { status: 404, code: 'not_found' };
  if (change.category_id !== undefined && !categoryFor(state, who.user, change.category_id))
    return { status: 422, code: 'category_not_found' };
  const plan = state.households.get(state.users.get(who.user)!)!;
  if (change.visibility !== undefined && change.visibility !== 'private' && !hasSharing(plan))
    return { status: 402, code: 'sharing_not_in_plan' };
  Object.assign(account, change);
  return { status: 200, body: accountDetail(state, account) };
}

/** GET /accounts/{id}: 404 unless visible. */
export function getAccount(state: ModelState, tokenIndex: number, accountId: string): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  const account = state.accounts.find((a) => a.id === accountId);
  if (!account || !canSee(state, who.user, account)) return { status: 404, code: 'not_found' };
  return { status: 200, body: accountDetail(state, account) };
}

function writable(state: ModelState, user: string, accountId: string): boolean {
  const account = state.accounts.find((a) => a.id === accountId);
  return account !== undefined && canEdit(state, user, account);
}

/** Writes a balance for (account, date): the stored row, and whether it was inserted. */
function upsert(
  state: ModelState,
  accountId: string,
  date: string,
  balance: number,
): { row: ModelSnapshot; inserted: boolean } {
  const existing = state.snapshots.find((s) => s.account_id === accountId && s.snapshot_date === date);
  const value = balance === 0 ? 0 : balance; // -0 is stored as 0
  if (existing) {
    existing.balance = value;
    existing.is_estimated = false;
    return { row: existing, inserted: false };
  }
  const row: ModelSnapshot = {
    id: undefined,
    account_id: accountId,
    snapshot_date: date,
    balance: value,
    is_estimated: false,
  };
  state.snapshots.push(row);
  return { row, inserted: true };
}

/** POST /snapshots: 422 for an account not writable, else 201 inserted / 200 updated, confirmed. */
export function upsertSnapshot(
  state: ModelState,
  tokenIndex: number,
  input: { account_id: string; snapshot_date: string; balance: number },
): Expected & { row?: ModelSnapshot } {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  if (!writable(state, who.user, input.account_id)) return { status: 422, code: 'account_not_writable' };
  const { row, inserted } = upsert(state, input.account_id, input.snapshot_date, input.balance);
  return { status: inserted ? 201 : 200, body: { action: inserted ? 'inserted' : 'updated' }, row };
}

function snapshotById(state: ModelState, id: string): ModelSnapshot | undefined {
  return state.snapshots.find((s) => s.id === id);
}

/** PATCH /snapshots/{id}: validation (422), editable (404), date taken (422), then 200 confirmed. */
export function updateSnapshot(
  state: ModelState,
  tokenIndex: number,
  id: string,
  change: { snapshot_date?: string; balance?: number },
): Expected & { row?: ModelSnapshot } {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  if (Object.keys(change).length === 0) return { status: 422, code: 'validation_failed' };
  const row = snapshotById(state, id);
  if (!row || !writable(state, who.user, row.account_id)) return { status: 404, code: 'not_found' };
  if (
    change.snapshot_date !== undefined &&
    change.snapshot_date !== row.snapshot_date &&
    state.snapshots.some((s) => s.account_id === row.account_id && s.snapshot_date === change.snapshot_date)
  ) {
    return { status: 422, code: 'snapshot_date_taken' };
  }
  if (change.snapshot_date !== undefined) row.snapshot_date = change.snapshot_date;
  if (change.balance !== undefined) row.balance = change.balance === 0 ? 0 : change.balance;
  row.is_estimated = false;
  return { status: 200, body: { ...row }, row };
}

/** DELETE /snapshots/{id}: 404 unless deletable, else 200 { deleted: true, id }. */
export function deleteSnapshot(state: ModelState, tokenIndex: number, id: string): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  const row = snapshotById(state, id);
  if (!row || !writable(state, who.user, row.account_id)) return { status: 404, code: 'not_found' };
  state.snapshots.splice(state.snapshots.indexOf(row), 1);
  return { status: 200, body: { deleted: true, id } };
}

/** GET /snapshots/{id}: 404 unless its account is visible. */
export function getSnapshot(state: ModelState, tokenIndex: number, id: string): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  const row = snapshotById(state, id);
  const account = row && state.accounts.find((a) => a.id === row.account_id);
  if (!row || !account || !canSee(state, who.user, account)) return { status: 404, code: 'not_found' };
  return { status: 200, body: { ...row } };
}

/** A bulk row: a good one, or one with an impossible date (skipped with a reason). */
export interface BulkRowInput {
  account_id: string;
  snapshot_date: string;
  balance: number;
}

const REAL_DATE = (date: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return days !== undefined && d >= 1 && d <= days;
};

/** POST /snapshots/bulk: rows judged one by one, applied in order; nothing written is 422 nothing_written. */
export function bulkUpsert(state: ModelState, tokenIndex: number, rows: BulkRowInput[]): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  const skipped: number[] = [];
  const good: BulkRowInput[] = [];
  rows.forEach((row, index) => {
    if (!REAL_DATE(row.snapshot_date) || !writable(state, who.user, row.account_id)) skipped.push(index);
    else good.push(row);
  });
  if (good.length === 0)
    return { status: 422, code: 'nothing_written', body: { received: rows.length, inserted: 0, updated: 0, skipped } };
  let inserted = 0;
  for (const row of good) if (upsert(state, row.account_id, row.snapshot_date, row.balance).inserted) inserted += 1;
  return { status: 200, body: { received: rows.length, inserted, updated: good.length - inserted, skipped } };
}

/** GET /me. */
export function me(state: ModelState, tokenIndex: number): Expected {
  const who = authorize(state, tokenIndex);
  if ('status' in who) return who;
  const token = state.tokens[tokenIndex]!;
  return { status: 200, body: { user_id: who.user, household_id: state.users.get(who.user), token_id: token.id } };
}
