// The whole state: reset, scenarios, the dump and checkpoints: the control API's entries (see ../operation.ts).
import { checkScenarioSize } from '../../control-http/limits';
import type { EventLogEntry } from '../../store/ledger-store';
import type { AccountRecord, CategoryRecord, HouseholdRecord, UserRecord, WebhookRecord } from '../../store/records';
import type { SnapshotView } from '../../store/snapshot-store';
import * as z from '../../zod';
import type { CheckpointInfo } from '../checkpoints';
import { operation, stateFileReset } from '../operation';
import { checkScenarioLoads, resolveScenario, type ScenarioName } from '../scenario';
import type { Scenario } from '../scenario-types';
import { type TokenInfo, tokenInfo } from './access';

/** The whole state, for debugging and assertions: no token values or hashes. */
export interface LedgerDump {
  now: string;
  households: HouseholdRecord[];
  users: UserRecord[];
  categories: CategoryRecord[];
  accounts: AccountRecord[];
  tokens: TokenInfo[];
  webhooks: WebhookRecord[];
  /** Every snapshot, vault items' included, by account_id then date. */
  snapshots: SnapshotView[];
  events: EventLogEntry[];
}

/** Reset, scenarios and the dump, in the order GET /__mock lists their routes. */
export const stateOperations = {
  /**
   * Back to the starting state: the initial scenario, clock (time and frozen or running), empty journal, no faults,
   * no events. Checkpoints are kept.
   */
  reset: operation({
    area: 'State',
    call:
      ({ journal, faults, store, initial, load }) =>
      async (): Promise<void> => {
        journal.clear();
        faults.clear();
        store.clock.set(initial.now ?? Date.now(), { frozen: initial.now !== undefined });
        await load(initial.scenario, undefined);
      },
    http: {
      method: 'POST',
      path: '/reset',
      summary: 'Back to the starting scenario, clock, empty journal, no faults',
      run: async (reset, { stateFile }) => {
        await reset();
        return { ok: true, ...stateFileReset(stateFile) };
      },
    },
  }),
  /**
   * Replaces the state with a scenario. Journal, faults and clock are kept, unless the scenario has `now`: the
   * clock is then set there and frozen.
   * By name: `'demo'` or `'empty'`; an object that holds no state but a `name` (`{ name: 'demo' }`) also loads
   * the shipped scenario of that name. Any other object is your own scenario, checked against the scenario
   * schema and loaded only if all of it loads. A refusal (MockControlError 400 `unknown_scenario`, listing the
   * shipped names, or `invalid_scenario`) changes nothing.
   */
  loadScenario: operation({
    area: 'State',
    call:
      ({ load }) =>
      async (scenario: ScenarioName | Scenario): Promise<void> => {
        const checked = resolveScenario(scenario);
        await checkScenarioLoads(checked);
        await load(checked, checked.now);
      },
    http: {
      method: 'POST',
      path: '/scenario',
      summary:
        'Replace the state: {"name":"demo"|"empty"} or a scenario object; an unknown name or a bad scenario is refused (400) and changes nothing',
      body: z.record(z.string(), z.unknown()),
      nonEmpty: {
        code: 'invalid_scenario',
        message:
          'The body is empty, so nothing was changed: send {"name":"demo"}, {"name":"empty"} or a scenario object (curl -d @file sends an empty body when it cannot read the file)',
      },
      limit: checkScenarioSize,
      run: async (load, { body, stateFile }) => {
        // The same rules as in code ({ name } alone names a shipped scenario), its long arrays checked a slice at a time.
        await load(resolveScenario(body as Scenario, { untrusted: true }));
        return { ok: true, scenario: body.name ?? null, ...stateFileReset(stateFile) };
      },
    },
  }),
  /** The whole state, without token values or hashes. */
  dump: operation({
    area: 'State',
    call:
      ({ act, store }) =>
      (): Promise<LedgerDump> =>
        act(() => ({
          now: store.nowIso(),
          households: store.households.all(),
          users: store.users.all(),
          categories: store.categories.all(),
          accounts: store.accounts.all(),
          tokens: store.tokens.all().map((t) => tokenInfo(store, t)),
          webhooks: store.webhooks.all(),
          snapshots: store.snapshots
            .accountIds()
            .sort()
            .flatMap((id) => store.snapshots.range(id)),
          events: structuredClone(store.events),
        })),
    http: {
      method: 'GET',
      path: '/state',
      summary: 'The whole state (no token values or hashes)',
      run: (dump) => dump(),
    },
  }),
};

/** Checkpoints, in the order GET /__mock lists their routes. */
export const checkpointOperations = {
  /** Every checkpoint, in the order taken. */
  listCheckpoints: operation({
    area: 'State',
    call:
      ({ checkpoints }) =>
      (): CheckpointInfo[] =>
        checkpoints.list(),
    http: {
      method: 'GET',
      path: '/checkpoints',
      summary: 'The checkpoints taken {name, now, frozen, snapshots}, in the order taken',
      run: (list) => list(),
    },
  }),
  /**
   * Keeps the state (every record and snapshot, the seeded ids' position) and the clock under `name`, to come back
   * to with `restore(name)`; replaces a checkpoint of that name. Later writes never reach it: it shares what the fake
   * holds, and the fake copies an account's snapshots before it first changes them (copy on write: about 4 ms and
   * 0.8 MB per 100,000 snapshots). The journal, faults and events are not kept. Checkpoints live in memory only (not
   * in a `--state` file); `deleteCheckpoint` frees one.
   */
  checkpoint: operation({
    area: 'State',
    call:
      ({ act, checkpoints, store }) =>
      (name: string): Promise<CheckpointInfo> =>
        act(() => checkpoints.take(name, store)),
    http: {
      method: 'POST',
      path: '/checkpoints',
      summary:
        'Keep the state and clock as a checkpoint {name} (replaces one of that name); not the journal, faults or events, and not in the --state file',
      status: 201,
      body: z.strictObject({ name: z.string() }),
      run: (checkpoint, { body }) => checkpoint(body.name),
    },
  }),
  /**
   * Back to checkpoint `name`, as `reset()` goes back to the start: its state and clock (a frozen clock at its
   * reading; a running one runs on from where it would be), with an empty journal, no faults and no events.
   * The checkpoint stays, for the next restore. With `ledger-mock --state` the file is rewritten, as by a reset.
   * An unknown name throws MockControlError 404 `not_found`, naming the near miss.
   */
  restore: operation({
    area: 'State',
    call:
      ({ act, checkpoints, store, journal, faults }) =>
      (name: string): Promise<CheckpointInfo> =>
        act(() => {
          const info = checkpoints.restore(name, store); // an unknown name changes nothing
          journal.clear();
          faults.clear();
          return info;
        }),
    http: {
      method: 'POST',
      path: '/checkpoints/:name/restore',
      summary:
        'Back to a checkpoint, as a reset goes back to the start: its state and clock, empty journal, no faults, no events; the checkpoint stays',
      run: async (restore, { params, stateFile }) => ({
        ok: true,
        checkpoint: await restore(params.name!),
        ...stateFileReset(stateFile),
      }),
    },
  }),
  /** Forgets a checkpoint and frees its memory; an unknown name throws MockControlError 404 `not_found`. */
  deleteCheckpoint: operation({
    area: 'State',
    call:
      ({ checkpoints }) =>
      (name: string): void =>
        checkpoints.delete(name),
    http: {
      method: 'DELETE',
      path: '/checkpoints/:name',
      summary: 'Forget a checkpoint',
      run: (remove, { params }) => {
        remove(params.name!);
        return { ok: true };
      },
    },
  }),
};
