// ledger-mock's inspector page, composed: the requests it keeps (told by the journal), the pages waiting for news,
// its routes (a surface of the front door's route table) and its files, as the hooks the front door uses
// (control-http/front-door.ts decides who reaches them).
import type { InspectorHooks } from '../control-http/front-door';
import type { RequestJournal } from '../core/journal';
import { ExchangeLog } from './exchanges';
import { pageFile } from './page-files';
import { inspectorSurface } from './routes';
import type { InspectedFake } from './state';
import { Waiting } from './waiting';

/** The inspector of one served fake. */
export interface Inspector extends InspectorHooks {
  /** Answers every page waiting for news and stops watching the journal (the server is closing). */
  close(): void;
}

/** Methods that change nothing: a /__mock request of another method that succeeded may have changed the state. */
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Starts watching `journal` (the journal of `fake`) for the page. */
export function createInspector(fake: InspectedFake, journal: Pick<RequestJournal, 'watch'>): Inspector {
  const waiting = new Waiting();
  const log = new ExchangeLog(fake.store, () => waiting.wake());
  const unwatch = journal.watch(log);
  return {
    page: pageFile,
    routes: inspectorSurface({ fake, log, waiting }),
    answered: (request, response) => {
      if (!READ_ONLY.has(request.method) && response.status < 400) log.changed();
    },
    close: () => {
      unwatch();
      waiting.close();
    },
  };
}
