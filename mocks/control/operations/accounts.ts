// Accounts and snapshots: the control API's entries (see ../operation.ts).
import { dayNumber } from '../../../src/shared/calendar-date';
import { checkSeedSize } from '../../control-http/limits';
import { MockControlError } from '../../errors';
import { type AccountSeed, seedAccount } from '../../rules/accounts';
import { carryForward } from '../../rules/carry-forward';
import { type SnapshotSeedRow, seedSnapshots, seedSnapshotsWithIds } from '../../rules/snapshots';
import { formatDay, monthEnds } from '../../store/dates';
import type { AccountKind, AccountRecord, LifecycleStatus, LiquidityTier, Visibility } from '../../store/records';
import { ACCOUNT_KINDS } from '../../store/schemas';
import { SNAPSHOT_ID_FORM, type SnapshotView } from '../../store/snapshot-store';
import { LIFECYCLE_STATUSES, LIQUIDITY_TIERS, VISIBILITIES } from '../../../src/generated/api-constants';
import * as z from '../../zod';
import { isoOrUndefined, operation, recordSchema, scenarioRecords } from '../operation';
import type { ScenarioSnapshot, ScenarioSnapshotSeries } from '../scenario-types';
import {
  accountFields,
  createdAt,
  flag,
  notBothOwners,
  oldOwner,
  scenarioBalance,
  scenarioDate,
  scenarioId,
  text,
} from './wire';

/** Changes the control API may make to an existing account. */
export interface AccountChange {
  name?: string;
  institutionName?: string;
  categoryId?: string;
  visibility?: Visibility;
  lifecycleStatus?: LifecycleStatus;
  liquidityTier?: LiquidityTier;
  autoCarryForward?: boolean;
}

/** An account as the wire writes it (a /__mock body, a record of a scenario file), as createAccount takes it. */
function accountFromWire(b: {
  id?: string;
  owner_user_id?: string;
  user_id?: string;
  name: string;
  category_id: string;
  institution_name?: string;
  visibility?: Visibility;
  lifecycle_status?: LifecycleStatus;
  liquidity_tier?: LiquidityTier;
  auto_carry_forward?: boolean;
  kind?: AccountKind;
  created_at?: string;
}): AccountSeed {
  return {
    id: b.id,
    userId: (b.owner_user_id ?? b.user_id)!,
    name: b.name,
    categoryId: b.category_id,
    institutionName: b.institution_name,
    visibility: b.visibility,
    lifecycleStatus: b.lifecycle_status,
    liquidityTier: b.liquidity_tier,
    autoCarryForward: b.auto_carry_forward,
    kind: b.kind,
    createdAt: b.created_at,
  };
}

/** Accounts, in the order GET /__mock lists their routes. */
export const accountOperations = {
  /** Every account, vault items included. */
  listAccounts: operation({
    area: 'Categories and accounts',
    call:
      ({ act, store }) =>
      (): Promise<AccountRecord[]> =>
        act(() => store.accounts.all()),
    http: { method: 'GET', path: '/accounts', summary: 'Every account, vault items included', run: (list) => list() },
  }),
  /** Creates an account for any user, with any visibility, tier or kind (`vault` items too). */
  createAccount: operation({
    area: 'Categories and accounts',
    call:
      ({ act, store }) =>
      (input: AccountSeed): Promise<AccountRecord> =>
        act(() => seedAccount(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    http: {
      method: 'POST',
      path: '/accounts',
      summary:
        'Create an account for any user {owner_user_id, name, category_id, id?, kind?, institution_name?, visibility?, lifecycle_status?, liquidity_tier?, auto_carry_forward?, created_at?}',
      status: 201,
      body: z
        .strictObject({
          owner_user_id: text,
          ...oldOwner,
          id: text,
          kind: z.optional(z.enum(ACCOUNT_KINDS)),
          ...accountFields,
          created_at: createdAt,
        })
        .check(
          notBothOwners,
          z.refine((b) => (b.owner_user_id ?? b.user_id) !== undefined, {
            message: 'Invalid input: expected string, received undefined',
            path: ['owner_user_id'],
          }),
        ),
      run: (create, { body }) => create(accountFromWire(body)),
    },
    scenario: scenarioRecords(
      'accounts',
      z.strictObject({
        id: scenarioId,
        owner_user_id: scenarioId,
        name: z.string(),
        category_id: scenarioId,
        institution_name: text,
        visibility: z.optional(z.enum(VISIBILITIES)),
        lifecycle_status: z.optional(z.enum(LIFECYCLE_STATUSES)),
        liquidity_tier: z.optional(z.enum(LIQUIDITY_TIERS)),
        auto_carry_forward: flag,
        kind: z.optional(z.enum(ACCOUNT_KINDS)),
      }),
      (store, account, at) => seedAccount(store, { ...accountFromWire(account), createdAt: at }),
    ),
  }),
  /** Changes an account directly (no plan or reach checks). */
  updateAccount: operation({
    area: 'Categories and accounts',
    call:
      ({ act, store }) =>
      (accountId: string, change: AccountChange): Promise<AccountRecord> =>
        act(() => {
          if (!store.accounts.get(accountId)) throw new MockControlError(404, 'not_found', `No account ${accountId}`);
          if (change.categoryId !== undefined && !store.categories.get(change.categoryId)) {
            throw new MockControlError(404, 'not_found', `No category ${change.categoryId}`);
          }
          return store.accounts.update(accountId, {
            name: change.name,
            institution_name: change.institutionName,
            category_id: change.categoryId,
            visibility: change.visibility,
            lifecycle_status: change.lifecycleStatus,
            liquidity_tier: change.liquidityTier,
            auto_carry_forward: change.autoCarryForward,
          });
        }),
    http: {
      method: 'PATCH',
      path: '/accounts/:id',
      summary: 'Change an account directly (no plan or reach checks)',
      body: z.partial(z.strictObject(accountFields)),
      run: (update, { params, body: b }) =>
        update(params.id!, {
          name: b.name,
          institutionName: b.institution_name,
          categoryId: b.category_id,
          visibility: b.visibility,
          lifecycleStatus: b.lifecycle_status,
          liquidityTier: b.liquidity_tier,
          autoCarryForward: b.auto_carry_forward,
        }),
    },
  }),
};

/** A bound of listSnapshots as a day number; 400 `invalid_date` for anything but a real YYYY-MM-DD date. */
function bound(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const day = dayNumber(text);
  if (day === undefined) throw new MockControlError(400, 'invalid_date', `${text} is not a real YYYY-MM-DD date`);
  return day;
}

/** Snapshots, in the order GET /__mock lists their routes. */
export const snapshotOperations = {
  /** Snapshots of any account (no reach checks), by account_id then date; bounds inclusive. */
  listSnapshots: operation({
    area: 'Snapshots',
    call:
      ({ act, store }) =>
      (query: { accountId?: string; from?: string; to?: string } = {}): Promise<SnapshotView[]> =>
        act(() => {
          const [from, to] = [bound(query.from), bound(query.to)];
          const ids = query.accountId !== undefined ? [query.accountId] : store.snapshots.accountIds().sort();
          return ids.flatMap((id) => store.snapshots.range(id, from, to));
        }),
    http: {
      method: 'GET',
      path: '/snapshots',
      summary: 'Snapshots of any account (?account_id=&from=&to=)',
      run: (list, { query }) =>
        list({
          accountId: query.get('account_id') ?? undefined,
          from: query.get('from') ?? undefined,
          to: query.get('to') ?? undefined,
        }),
    },
  }),
  /** Writes many snapshots straight into the store (fast path; `is_estimated` allowed; no events). */
  seedSnapshots: operation({
    area: 'Snapshots',
    call:
      ({ act, store }) =>
      (rows: readonly SnapshotSeedRow[]): Promise<{ inserted: number; updated: number }> =>
        act(() => seedSnapshots(store, rows)),
    http: {
      method: 'POST',
      path: '/snapshots/seed',
      summary:
        'Write snapshots straight into the store {snapshots: [{account_id, snapshot_date, balance, is_estimated?, id?}]}; the fake assigns ids, so an id (as GET /__mock/snapshots lists it) is ignored',
      limit: checkSeedSize,
      body: z.strictObject({
        snapshots: z.array(
          z.strictObject({
            id: text,
            account_id: z.string(),
            snapshot_date: z.string(),
            balance: z.number(),
            is_estimated: z.optional(z.boolean()),
          }),
        ),
      }),
      run: (seed, { body }) => seed(body.snapshots.map(({ id: _id, ...row }) => row)),
    },
    scenario: {
      sections: {
        snapshots: recordSchema(
          'snapshots',
          z.strictObject({
            id: z.optional(
              z
                .string()
                .check(z.regex(SNAPSHOT_ID_FORM, 'must be a snapshot id of the fake: snp_ and a base-36 number')),
            ),
            account_id: scenarioId,
            snapshot_date: scenarioDate,
            balance: scenarioBalance,
            is_estimated: flag,
          }),
        ),
        snapshot_series: recordSchema(
          'snapshot_series',
          z.strictObject({
            account_id: scenarioId,
            every: z.enum(['month_end', 'day']),
            from: scenarioDate,
            to: scenarioDate,
            start_balance: scenarioBalance,
            step: z.optional(scenarioBalance),
            is_estimated: flag,
          }),
        ),
      },
      load: (store, { snapshots = [], snapshot_series = [] }) => {
        // Rows that keep their ids first, so no other row takes one of them.
        seedSnapshotsWithIds(
          store,
          snapshots.filter((row): row is ScenarioSnapshot & { id: string } => row.id !== undefined),
        );
        seedSnapshots(store, [
          ...snapshots.filter((row) => row.id === undefined),
          ...snapshot_series.flatMap(expandSeries),
        ]);
      },
    },
  }),
  /** Runs the carry-forward step for `date` (spec-gaps 27) and returns the estimated snapshots written. */
  carryForward: operation({
    area: 'Snapshots',
    call:
      ({ act, store }) =>
      (date: string): Promise<SnapshotView[]> =>
        act(() => carryForward(store, date)),
    http: {
      method: 'POST',
      path: '/carry-forward',
      summary: 'Run the carry-forward step for {date}',
      body: z.strictObject({ date: z.string() }),
      run: async (carry, { body }) => ({ snapshots: await carry(body.date) }),
    },
  }),
};

/** The rows of a series: every month end, or every day, from `from` through `to`. */
function expandSeries(series: ScenarioSnapshotSeries): SnapshotSeedRow[] {
  let dates: string[];
  if (series.every === 'month_end') {
    dates = monthEnds(series.from, series.to).filter((d) => d >= series.from && d <= series.to);
  } else {
    dates = [];
    for (let day = dayNumber(series.from)!, end = dayNumber(series.to)!; day <= end; day++) dates.push(formatDay(day));
  }
  return dates.map((snapshot_date, i) => ({
    account_id: series.account_id,
    snapshot_date,
    balance: Math.round((series.start_balance + i * (series.step ?? 0)) * 100) / 100,
    is_estimated: series.is_estimated ?? false,
  }));
}
