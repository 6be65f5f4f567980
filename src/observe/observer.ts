// A client's listeners: who listens to which event, and how an event reaches them.
import {
  CLIENT_EVENT_NAMES,
  type ClientEventName,
  type ClientEvents,
  type ClientListener,
  type ClientListeners,
  type ClientLogger,
} from './events';
import { logListeners } from './log-lines';

type ListenerSets = { [E in ClientEventName]: Set<ClientListener<E>> };

/** What is wrong with a listener for `name`, or `undefined` when it is a function for a known event. */
export function listenerProblem(name: string, listener: unknown): string | undefined {
  if (!(CLIENT_EVENT_NAMES as readonly string[]).includes(name))
    return `"${name}" is not an event; the events are ${CLIENT_EVENT_NAMES.join(', ')}`;
  if (typeof listener !== 'function') return `the "${name}" listener must be a function`;
  return undefined;
}

/** What a client was created with, for its events. */
export interface ObserverOptions {
  on: ClientListeners;
  log: ClientLogger | undefined;
  /** Whether `request` and `response` events carry bodies. */
  bodies: boolean;
  /** Scrubbed from everything an event carries (the token). */
  secrets: readonly string[];
}

/**
 * The listeners of one client. `active` is what the transport checks before it builds any event, so a client
 * nobody listens to does no work for events.
 */
export class ClientObserver {
  /** True while anything listens (a listener, or the log). */
  active = false;
  readonly bodies: boolean;
  readonly secrets: readonly string[];
  private readonly sets: ListenerSets = { request: new Set(), response: new Set(), retry: new Set(), error: new Set() };
  private readonly log: ClientLogger | undefined;
  private calls = 0;

  constructor(options: ObserverOptions) {
    this.bodies = options.bodies;
    this.secrets = options.secrets;
    this.log = options.log;
    if (options.log) this.addAll(logListeners(options.log, options.secrets));
    this.addAll(options.on);
  }

  /**
   * Adds a listener (once: adding it again has no effect); returns the function that removes it. Throws a
   * TypeError for an unknown event or a listener that is not a function.
   */
  on<E extends ClientEventName>(name: E, listener: ClientListener<E>): () => void {
    const problem = listenerProblem(String(name), listener);
    if (problem) throw new TypeError(`personal-ledger-sdk: ${problem}`);
    const set = this.sets[name] as Set<ClientListener<E>>;
    set.add(listener);
    this.active = true;
    return () => {
      set.delete(listener);
      this.active = CLIENT_EVENT_NAMES.some((n) => this.sets[n].size > 0);
    };
  }

  /**
   * Calls each listener of `name` in the order they were added. One that throws is reported (to the log's `error`,
   * or `console.error` without a log) and the call goes on: a bug in a listener must not fail a request.
   */
  emit<E extends ClientEventName>(name: E, event: ClientEvents[E]): void {
    for (const listener of this.sets[name] as Set<ClientListener<E>>) {
      try {
        listener(event);
      } catch (error) {
        this.reportListenerError(name, error);
      }
    }
  }

  /** Whether anything listens to `name` (so its event is worth building). */
  has(name: ClientEventName): boolean {
    return this.sets[name].size > 0;
  }

  /** The next call's id. */
  nextCallId(): number {
    return ++this.calls;
  }

  private addAll(listeners: ClientListeners): void {
    for (const name of CLIENT_EVENT_NAMES) {
      const listener = listeners[name];
      if (listener) this.on(name, listener as ClientListener<typeof name>);
    }
  }

  private reportListenerError(name: ClientEventName, error: unknown): void {
    this.report(`a "${name}" listener threw; the call went on`, error);
  }

  /** Reports a problem of the events that must not fail a call: to the log's `error`, or `console.error`. */
  report(problem: string, error: unknown): void {
    try {
      (this.log ?? console).error(`personal-ledger-sdk: ${problem}`, error);
    } catch {
      // A logger that throws as well: nothing is left to tell.
    }
  }
}
