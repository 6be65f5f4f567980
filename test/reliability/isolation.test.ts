// Isolation between tokens, users and households over thousands of random operations: every id in every
// answer is one the token may see (computed from the control API's state with the specification's rules),
// a write never changes an account the token may not write, a revoked or expired token is refused on its very
// next request, a lapsed plan gives 402 on the next request, and leaving a household hides its shared
// accounts at once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestMock } from '../support/test-mock';
import { accessOf, readAccessState, type AccessState, type AccessView } from './support/access';
import { checkProperty, scaled, summary } from './support/config';
import { directCall } from './support/direct';
import { buildWorld, type World } from './support/world';

const { mock, control } = createTestMock({ seed: 'reliability-isolation' });
const RUNS = scaled(50);
const OPS_PER_RUN = 40;

/** The world's tokens, plus a spare token per user that revoke/expire events use up. */
type TokenKey = keyof World['tokens'] | 'spareAlice' | 'spareBob' | 'spareCarol';
type UserKey = 'alice' | 'bob' | 'carol' | 'erin';
type HouseholdKey = keyof World['households'];

type ApiRequest =
  | { op: 'me' | 'categories' | 'listAccounts' }
  | { op: 'getAccount'; account: number }
  | { op: 'listSnapshots'; account: number | null }
  | { op: 'getSnapshot' | 'deleteSnapshot'; snapshot: number }
  | { op: 'upsert'; account: number; date: string; balance: number }
  | { op: 'patchSnapshot'; snapshot: number; balance: number }
  | { op: 'bulk'; rows: Array<{ account: number; date: string; balance: number }> }
  | { op: 'createAccount'; category: number; visibility: string }
  | { op: 'updateAccount'; account: number; change: Record<string, unknown> };

type Operation =
  | { kind: 'api'; token: TokenKey; request: ApiRequest }
  | { kind: 'revoke' | 'expire'; token: TokenKey; then: ApiRequest }
  | {
      kind: 'plan';
      household: HouseholdKey;
      plan: 'lapsed' | 'free' | 'household' | 'household_sharing';
      then: ApiRequest;
      restore: boolean;
    }
  | { kind: 'move'; user: UserKey; to: HouseholdKey | null }
  | { kind: 'visibility'; account: number; visibility: 'private' | 'shared_read_only' | 'shared_full_access' };

const TOKENS: TokenKey[] = [
  'alice',
  'alice',
  'alice',
  'bob',
  'bob',
  'bob',
  'carol',
  'carol',
  'carol',
  'aliceRead',
  'spareAlice',
  'spareBob',
  'spareCarol',
  'revoked',
  'expired',
  'lapsed',
  'free',
];
const VISIBILITIES = ['private', 'shared_read_only', 'shared_full_access'] as const;
const ref = fc.nat(60);
const date = fc.constantFrom('2024-01-31', '2024-02-29', '2024-04-30', '2025-06-30');
const balance = fc.integer({ min: -10_000, max: 10_000 });

const apiRequest: fc.Arbitrary<ApiRequest> = fc.oneof(
  fc.constantFrom<ApiRequest>({ op: 'me' }, { op: 'categories' }, { op: 'listAccounts' }),
  ref.map((account): ApiRequest => ({ op: 'getAccount', account })),
  fc.option(ref, { nil: null }).map((account): ApiRequest => ({ op: 'listSnapshots', account })),
  fc.record({
    op: fc.constantFrom('getSnapshot' as const, 'deleteSnapshot' as const),
    snapshot: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ op: fc.constant('upsert' as const), account: ref, date, balance }),
  fc.record({ op: fc.constant('patchSnapshot' as const), snapshot: fc.integer({ min: 1, max: 60 }), balance }),
  fc.record({
    op: fc.constant('bulk' as const),
    rows: fc.array(fc.record({ account: ref, date, balance }), { minLength: 1, maxLength: 8 }),
  }),
  fc.record({ op: fc.constant('createAccount' as const), category: ref, visibility: fc.constantFrom(...VISIBILITIES) }),
  fc.record({
    op: fc.constant('updateAccount' as const),
    account: ref,
    change: fc.record(
      {
        name: fc.constantFrom('Renamed', 'Other name'),
        visibility: fc.constantFrom(...VISIBILITIES),
        lifecycle_status: fc.constantFrom('active', 'archived'),
      },
      { requiredKeys: [] },
    ),
  }),
);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({ kind: fc.constant('api' as const), token: fc.constantFrom(...TOKENS), request: apiRequest }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('revoke' as const, 'expire' as const),
      token: fc.constantFrom<TokenKey>('spareAlice', 'spareBob', 'spareCarol'),
      then: apiRequest,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('plan' as const),
      household: fc.constantFrom<HouseholdKey>('sharing', 'noSharing'),
      plan: fc.constantFrom('lapsed' as const, 'free' as const, 'household' as const, 'household_sharing' as const),
      then: apiRequest,
      restore: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      user: fc.constantFrom<UserKey>('alice', 'bob', 'carol', 'erin'),
      to: fc.constantFrom<HouseholdKey | null>('sharing', 'noSharing', 'sharing', 'noSharing', null),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('visibility' as const),
      account: ref,
      visibility: fc.constantFrom(...VISIBILITIES),
    }),
  },
);

const figures = {
  apiRequests: 0,
  refused401: 0,
  refused402: 0,
  idsChecked: 0,
  writesChecked: 0,
  events: 0,
  movesChecked: 0,
};

function fail(message: string): never {
  throw new Error(message);
}

/** Each account's record and snapshots as text, by id. */
function accountPrints(): Map<string, string> {
  return new Map(mock.store.accounts.all().map((a) => [a.id, JSON.stringify([a, mock.store.snapshots.range(a.id)])]));
}

/** Account and snapshot ids an answer mentions, wherever they are in the body. */
function mentionedAccounts(body: unknown, accountIds: Set<string>, out = new Set<string>()): Set<string> {
  if (Array.isArray(body)) for (const item of body) mentionedAccounts(item, accountIds, out);
  else if (body !== null && typeof body === 'object')
    for (const value of Object.values(body)) mentionedAccounts(value, accountIds, out);
  else if (typeof body === 'string' && accountIds.has(body)) out.add(body);
  return out;
}

class Runner {
  state!: AccessState;
  tokens: Record<TokenKey, { id: string; value: string; userId: string }>;
  constructor(
    readonly world: World,
    spares: Record<'spareAlice' | 'spareBob' | 'spareCarol', { id: string; value: string; userId: string }>,
  ) {
    this.tokens = { ...world.tokens, ...spares };
  }

  async refresh(): Promise<void> {
    this.state = await readAccessState(control);
  }

  accountAt(ref: number): string {
    const ids = this.state.accounts.map((a) => a.id);
    return ids[ref % ids.length]!;
  }

  categoryAt(ref: number): string {
    return this.state.categories[ref % this.state.categories.length]!.id;
  }

  tokenId(key: TokenKey): string {
    return this.tokens[key].id;
  }

  /** Sends one request by one token and checks isolation on its answer. */
  async send(key: TokenKey, request: ApiRequest): Promise<{ status: number; body: any; access: AccessView }> {
    const access = accessOf(this.state, this.tokenId(key));
    const token = this.tokens[key].value;
    const snp = (n: number) => `snp_${n.toString(36)}`;
    let method = 'GET';
    let path: string;
    let body: unknown;
    switch (request.op) {
      case 'me':
        path = '/me';
        break;
      case 'categories':
        path = '/categories';
        break;
      case 'listAccounts':
        path = '/accounts';
        break;
      case 'getAccount':
        path = `/accounts/${this.accountAt(request.account)}`;
        break;
      case 'listSnapshots':
        path = request.account === null ? '/snapshots' : `/snapshots?account_id=${this.accountAt(request.account)}`;
        break;
      case 'getSnapshot':
        path = `/snapshots/${snp(request.snapshot)}`;
        break;
      case 'deleteSnapshot':
        method = 'DELETE';
        path = `/snapshots/${snp(request.snapshot)}`;
        break;
      case 'upsert':
        method = 'POST';
        path = '/snapshots';
        body = { account_id: this.accountAt(request.account), snapshot_date: request.date, balance: request.balance };
        break;
      case 'patchSnapshot':
        method = 'PATCH';
        path = `/snapshots/${snp(request.snapshot)}`;
        body = { balance: request.balance };
        break;
      case 'bulk':
        method = 'POST';
        path = '/snapshots/bulk';
        body = {
          snapshots: request.rows.map((r) => ({
            account_id: this.accountAt(r.account),
            snapshot_date: r.date,
            balance: r.balance,
          })),
        };
        break;
      case 'createAccount':
        method = 'POST';
        path = '/accounts';
        body = { name: 'Created', category_id: this.categoryAt(request.category), visibility: request.visibility };
        break;
      case 'updateAccount':
        method = 'PATCH';
        path = `/accounts/${this.accountAt(request.account)}`;
        body = request.change;
        break;
    }
    const write = method !== 'GET';
    const before = write ? accountPrints() : undefined;
    const answer = await directCall(mock, method, path, { token, ...(body !== undefined ? { body } : {}) });
    const where = `${key} ${method} ${path} ${body ? JSON.stringify(body).slice(0, 200) : ''} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
    figures.apiRequests += 1;

    if (access.refusal) {
      if (answer.status !== access.refusal.status || answer.body?.code !== access.refusal.code)
        fail(`expected ${access.refusal.status} ${access.refusal.code}: ${where}`);
      if (access.refusal.status === 401) figures.refused401 += 1;
      else figures.refused402 += 1;
    }
    // Every account id in the answer is one the token may see.
    const accountIds = new Set(this.state.accounts.map((a) => a.id));
    for (const id of mentionedAccounts(answer.body, accountIds)) {
      figures.idsChecked += 1;
      if (!access.see.has(id)) fail(`answer mentions account ${id}, which the token may not see: ${where}`);
    }
    if (request.op === 'me' && answer.status === 200) {
      if (answer.body.household_id !== access.householdId || answer.body.user_id !== access.userId)
        fail(`GET /me names another user or household: ${where}`);
    }
    if (request.op === 'categories' && answer.status === 200) {
      for (const c of answer.body.categories as Array<{ id: string }>)
        if (!access.categories.has(c.id)) fail(`category ${c.id} belongs to another user: ${where}`);
    }
    if (before) {
      // A write changes only accounts the token may write; a refused one changes nothing.
      figures.writesChecked += 1;
      const after = accountPrints();
      for (const [id, print] of after) {
        const old = before.get(id);
        if (old === print) continue;
        if (old === undefined) {
          const created = mock.store.accounts.get(id)!;
          if (answer.status !== 201 || created.owner_user_id !== access.userId)
            fail(`account ${id} created for another user: ${where}`);
        } else if (answer.status >= 300 || !access.write.has(id))
          fail(`account ${id} changed by a token that may not write it: ${where}`);
      }
      if (request.op === 'createAccount' || request.op === 'updateAccount') await this.refresh();
    }
    return { status: answer.status, body: answer.body, access };
  }

  async run(op: Operation): Promise<void> {
    switch (op.kind) {
      case 'api':
        await this.send(op.token, op.request);
        return;
      case 'revoke':
      case 'expire': {
        figures.events += 1;
        if (op.kind === 'revoke') await control.revokeToken(this.tokenId(op.token));
        else await control.expireToken(this.tokenId(op.token));
        await this.refresh();
        const next = await this.send(op.token, op.then);
        if (next.status !== 401) fail(`a ${op.kind}d token was not refused on its very next request (${next.status})`);
        return;
      }
      case 'plan': {
        figures.events += 1;
        const household = this.world.households[op.household];
        const previous = this.state.households.find((h) => h.id === household)!.plan;
        await control.setPlan(household, op.plan);
        await this.refresh();
        // The next request by a member of the household.
        const member = (['alice', 'bob', 'carol', 'aliceRead'] as TokenKey[]).find(
          (k) => accessOf(this.state, this.tokenId(k)).householdId === household,
        );
        if (member) {
          const next = await this.send(member, op.then);
          if (
            (op.plan === 'lapsed' || op.plan === 'free') &&
            next.access.refusal?.status !== 401 &&
            next.status !== 402
          )
            fail(`a ${op.plan} plan did not give 402 on the next request (${next.status})`);
        }
        if (op.restore) {
          // ...and back: the next request works again.
          await control.setPlan(household, previous);
          await this.refresh();
          if (member) await this.send(member, { op: 'me' });
        }
        return;
      }
      case 'move': {
        figures.events += 1;
        const userId = this.world.users[op.user];
        const oldHousehold = this.state.users.find((u) => u.id === userId)!.household_id;
        const oldMembers = new Set(
          this.state.users.filter((u) => u.household_id === oldHousehold && u.id !== userId).map((u) => u.id),
        );
        await control.moveUser(userId, op.to === null ? null : this.world.households[op.to]);
        await this.refresh();
        const newHousehold = this.state.users.find((u) => u.id === userId)!.household_id;
        // Their tokens at once: GET /accounts shows none of the old household's shared accounts.
        for (const key of Object.keys(this.tokens) as TokenKey[]) {
          if (this.tokens[key].userId !== userId) continue;
          const next = await this.send(key, { op: 'listAccounts' });
          if (next.status !== 200 || newHousehold === oldHousehold) continue;
          figures.movesChecked += 1;
          const owners = new Map(this.state.accounts.map((a) => [a.id, a.owner_user_id]));
          for (const account of next.body.accounts as Array<{ id: string }>) {
            const owner = owners.get(account.id)!;
            if (
              oldMembers.has(owner) &&
              !this.state.users.some((u) => u.id === owner && u.household_id === newHousehold)
            ) {
              fail(`after leaving household ${oldHousehold}, ${op.user} still sees ${account.id} of a member there`);
            }
          }
        }
        return;
      }
      case 'visibility': {
        figures.events += 1;
        await control.updateAccount(this.accountAt(op.account), { visibility: op.visibility });
        await this.refresh();
        return;
      }
    }
  }
}

describe('isolation between tokens, users and households', () => {
  it(
    'over thousands of random operations no answer mentions an account the token may not see, no write touches an account it may not write; revoked and expired tokens are refused on the very next request, a lapsed plan gives 402 at once, and leaving a household hides its shared accounts at once',
    async () => {
      const started = performance.now();
      let world = await buildWorld(control);
      const property = fc.asyncProperty(
        fc.array(operation, { minLength: OPS_PER_RUN, maxLength: OPS_PER_RUN }),
        async (ops) => {
          await control.reset();
          world = await buildWorld(control);
          const spare = async (userId: string) => ({
            ...(await control.createToken({ userId, name: 'spare' })),
            userId,
          });
          const runner = new Runner(world, {
            spareAlice: await spare(world.users.alice),
            spareBob: await spare(world.users.bob),
            spareCarol: await spare(world.users.carol),
          });
          await runner.refresh();
          for (const op of ops) await runner.run(op);
        },
      );
      await checkProperty('isolation', property, RUNS);
      summary('isolation', {
        operations: RUNS * OPS_PER_RUN,
        api_requests: figures.apiRequests,
        ids_checked: figures.idsChecked,
        writes_checked: figures.writesChecked,
        refused_401: figures.refused401,
        refused_402: figures.refused402,
        events: figures.events,
        moves_checked: figures.movesChecked,
        leaks: 0,
        seconds: (performance.now() - started) / 1000,
      });
      expect(figures.apiRequests).toBeGreaterThanOrEqual(scaled(2000));
    },
    scaled(600_000), // a ceiling: CPU-bound, and several times slower on a loaded machine
  );
});
