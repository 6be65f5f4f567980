// The control API (`mock.control`), made from the table of its operations: one entry per operation (operations/),
// each with its call, its doc comment and its route under /__mock. The type, the object and the routes all come
// from CONTROL_OPERATIONS; adding an operation is one entry there (CONTRIBUTING.md, "Adding a control operation").
import type { MockContext } from '../core/pipeline';
import { Checkpoints } from './checkpoints';
import type { ControlContext, ControlEntry, ControlOf, ControlStart } from './operation';
import { tokenOperations, webhookOperations } from './operations/access';
import { accountOperations, snapshotOperations } from './operations/accounts';
import { clockFaultsJournalOperations } from './operations/clock-faults-journal';
import { categoryOperations, householdOperations } from './operations/people';
import { checkpointOperations, stateOperations } from './operations/state';
import { loadScenarioInto } from './scenario';
import type { Scenario } from './scenario-types';

/** Every operation of the control API, in the order GET /__mock lists their routes. */
export const CONTROL_OPERATIONS = {
  ...stateOperations,
  ...householdOperations,
  ...categoryOperations,
  ...accountOperations,
  ...snapshotOperations,
  ...tokenOperations,
  ...webhookOperations,
  ...clockFaultsJournalOperations,
  ...checkpointOperations,
} satisfies Record<string, ControlEntry>;

/** The fake's control API: sets up state, looks inside, and bends the rules of time and failure. */
export interface LedgerControl extends ControlOf<typeof CONTROL_OPERATIONS> {}

/** The members an entry table makes over one context. */
function build(table: Readonly<Record<string, ControlEntry>>, context: ControlContext): Record<string, unknown> {
  const members: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(table)) {
    if (entry.kind === 'operation') members[name] = entry.call(context);
    else if (entry.kind === 'value') members[name] = entry.get(context);
    else members[name] = build(entry.members, context);
  }
  return members;
}

/** Builds the control API over a mock's context and starts loading the initial scenario. */
export function createControl(mockContext: MockContext, initial: ControlStart): LedgerControl {
  const { store } = mockContext;
  // Every state change runs after the scenario load and never interleaves with a request's rules; its
  // result is handed back once the change is durable (at once, unless the store is persisted).
  const act = async <T>(task: () => T | Promise<T>): Promise<T> => {
    await mockContext.ready();
    const result = await store.exclusive(task);
    await store.durable();
    return result;
  };
  const run = (scenario: Scenario, clockStart: string | Date | number | undefined): Promise<void> =>
    store
      .exclusive(async () => {
        store.clear();
        if (clockStart !== undefined) store.clock.set(clockStart, { frozen: true }); // a scenario's `now` freezes the clock there
        await loadScenarioInto(store, scenario);
      })
      .then(() => store.durable());
  const load = (scenario: Scenario, clockStart: string | Date | number | undefined): Promise<void> => {
    const ready = run(scenario, clockStart);
    initial.setReady(ready);
    return ready;
  };

  // The clock already starts where it should.
  if (initial.start) initial.setReady(initial.start(() => run(initial.scenario, undefined)));
  else void load(initial.scenario, undefined);

  const context: ControlContext = {
    store,
    journal: mockContext.journal,
    faults: mockContext.faults,
    checkpoints: new Checkpoints(),
    initial,
    act,
    load,
  };
  return build(CONTROL_OPERATIONS, context) as unknown as LedgerControl;
}
