// Which calls are watched, and the module that watches them. A call's events are built by call-watch.ts, only while
// something listens; that module loads (import()) when a call is first watched, so a program that never listens
// never loads it, and a bundler that splits code makes it a chunk of its own (about 540 B gzipped less in what every
// program loads at start: bench 5). It imports none of the entry's modules: what it uses of them is handed to it here.
import { defaultBodySerializer } from 'openapi-fetch';
import { pathOf } from '../errors/request-errors';
import { REDACTED, redact } from '../shared/redact';
import type { CallWatch, WatchedCall, WatchLib } from './call-watch';
import type { ClientObserver } from './observer';

/** What the watch uses of the entry's own modules, handed to it rather than imported. */
const WATCH_LIB: WatchLib = { defaultBodySerializer, pathOf, redact, REDACTED };

/** The CallWatch class, once its module has loaded. */
let loaded: typeof CallWatch | undefined;

/**
 * The watch of a call that starts while something listens (decided once per call, so a listener added meanwhile
 * never sees half a call). At once when the module has loaded; else the call waits for it to load, and should it fail
 * to (a page that lost its network), the call goes on without events and the failure is reported as a listener's is.
 */
export function watchCall(observer: ClientObserver, call: WatchedCall): CallWatch | Promise<CallWatch | undefined> {
  if (loaded) return new loaded(observer, call, WATCH_LIB);
  return import('./call-watch').then(
    (module) => {
      loaded = module.CallWatch;
      return new loaded(observer, call, WATCH_LIB);
    },
    (error: unknown) => {
      observer.report('the module that builds events did not load; the call went on without them', error);
      return undefined;
    },
  );
}
