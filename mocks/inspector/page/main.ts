// ledger-mock's inspector page: the requests as they are answered beside the state they changed, and the control
// API's actions (reset, checkpoint and restore, clear the journal, remove a fault). Composes the parts.
import { ControlApi } from './api';
import { askForToken, confirmChange } from './dialogs';
import { byId } from './dom';
import { follow } from './feed';
import { JournalView } from './journal-view';
import { StateView } from './state-view';
import type { StateOverview } from '../wire';

/** Bursts of changes are read as one: the state is read at most this often (ms). */
const STATE_READ_EVERY_MS = 200;

const connection = byId('connection');
const setConnection = (state: 'live' | 'lost' | 'token' | 'connecting', text: string) => {
  connection.dataset.state = state;
  connection.textContent = text;
};

const api = new ControlApi((problem) => {
  setConnection('token', 'Needs the control token');
  return askForToken(problem);
});
const journal = new JournalView(api);
const state = new StateView(api, {
  removeFault: (id) =>
    act(`Removed fault ${id}.`, () => api.send('DELETE', `/__mock/faults/${encodeURIComponent(id)}`)),
  restoreCheckpoint: async (name) => {
    if (
      await confirmChange(
        `Restore checkpoint “${name}”? The state and clock go back to it; the journal, faults and events are cleared.`,
        'Restore',
      )
    ) {
      await act(`Restored checkpoint ${name}.`, () =>
        api.send('POST', `/__mock/checkpoints/${encodeURIComponent(name)}/restore`),
      );
    }
  },
});

/** Says what happened, in the notice line. */
function notice(text: string, problem = false): void {
  const line = byId('notice');
  line.dataset.kind = problem ? 'problem' : 'info';
  line.textContent = text;
}

/** Runs a change through the control API, says how it went, and reads the state again. */
async function act(done: string, change: () => Promise<unknown>): Promise<void> {
  try {
    await change();
    notice(done);
  } catch (error) {
    notice(error instanceof Error ? error.message : String(error), true);
  }
  readStateSoon();
}

let reading = false;
let readAgain = false;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Reads the state once the current burst of changes is over (one read at a time). */
function readStateSoon(): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    void readState();
  }, STATE_READ_EVERY_MS);
}
async function readState(): Promise<void> {
  if (reading) {
    readAgain = true;
    return;
  }
  reading = true;
  try {
    const overview = await api.get<StateOverview>('/__mock/inspector/state');
    state.show(overview);
    journal.setAccounts(overview.accounts);
  } catch (error) {
    notice(`Could not read the state: ${error instanceof Error ? error.message : String(error)}`, true);
  } finally {
    reading = false;
    if (readAgain) {
      readAgain = false;
      readStateSoon();
    }
  }
}

byId('reset').addEventListener('click', async () => {
  const text =
    'Reset ledger-mock to its starting scenario and clock? The journal, faults and events are cleared too (with --state, the file is rewritten).';
  if (await confirmChange(text, 'Reset'))
    await act('Reset to the starting scenario.', () => api.send('POST', '/__mock/reset'));
});
byId('clear-journal').addEventListener('click', () =>
  act('Cleared the journal.', () => api.send('DELETE', '/__mock/journal')),
);
byId<HTMLFormElement>('checkpoint-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('checkpoint-name');
  const name = input.value.trim();
  if (name === '') return;
  void act(`Took checkpoint ${name}.`, async () => {
    await api.send('POST', '/__mock/checkpoints', { name });
    input.value = '';
  });
});

const stop = new AbortController();
addEventListener('pagehide', () => stop.abort());
void follow(
  api,
  {
    restart: () => journal.restart(),
    requests: (requests, missed) => journal.add(requests, missed),
    stateChanged: readStateSoon,
    connection: setConnection,
  },
  stop.signal,
);
