// A socket never answers within the same run of microtasks: the in-process adapters wait for one macrotask
// before they deliver an answer, so timers, AbortSignals, test-runner timeouts and signal handlers get their
// turn during a long run against the fake, as they would against a real server.
//
// Fake timers never freeze the fake, as they would not freeze a real network, whenever they were installed (before
// this module loaded, as Jest's `fakeTimers: { enableGlobally: true }` does, or in a test): the scheduler is chosen at
// each call, from what no fake-timer library replaces, or from the original a fake keeps. Nothing runs at load.

type Schedule = (callback: () => void) => void;

type TimerGlobals = {
  setImmediate?: (callback: () => void) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
  MessageChannel?: typeof MessageChannel;
};

/** Resolves after one macrotask. */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => schedule(resolve));
}

function schedule(callback: () => void): void {
  const g = globalThis as unknown as TimerGlobals;
  // Node, Bun, Deno: setImmediate runs after I/O and, on the next turn, after due timers. It also keeps the
  // process alive while an answer is on its way (an unref'd MessagePort would not).
  if (typeof g.setImmediate === 'function') unfaked(g.setImmediate, 'setImmediate')(callback);
  // Browsers and workers: a message is a task of its own, without setTimeout's 4 ms clamp; no fake-timer library
  // replaces MessageChannel.
  else if (typeof g.MessageChannel === 'function') messages(g.MessageChannel)(callback);
  // Anything else (jsdom has neither): a timer, the real one.
  else unfaked(g.setTimeout, 'setTimeout')(callback, 0);
}

/**
 * The real timer function behind a fake one. @sinonjs/fake-timers (Jest's modern fake timers, Vitest's, sinon's)
 * marks each function it installs with its `clock`, which keeps the original as `_<name>`; anything else is returned
 * as it is.
 */
function unfaked<F extends (...args: never[]) => unknown>(fn: F, name: string): F {
  const original = (fn as F & { clock?: Record<string, unknown> }).clock?.[`_${name}`];
  return typeof original === 'function' ? (original as F) : fn;
}

/** A MessagePort as Node's (and Deno's) have it: held open (`ref`) or not. */
type Port = MessagePort & { ref?: () => void; unref?: () => void };

let channel: { receiver: Port; sender: MessagePort; queue: Array<() => void> } | undefined;

/**
 * Schedules through one MessageChannel, made on first use. Where a port can hold the process open (Node), it does so
 * only while an answer is on its way.
 */
function messages(Channel: typeof MessageChannel): Schedule {
  if (!channel) {
    const { port1, port2 } = new Channel();
    const queue: Array<() => void> = [];
    const receiver: Port = port1;
    receiver.onmessage = () => {
      const next = queue.shift();
      if (queue.length === 0) receiver.unref?.();
      next?.();
    };
    channel = { receiver, sender: port2, queue };
  }
  const { receiver, sender, queue } = channel;
  return (callback) => {
    queue.push(callback);
    receiver.ref?.();
    sender.postMessage(null);
  };
}
