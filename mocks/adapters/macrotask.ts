// A socket never answers within the same run of microtasks: the in-process adapters wait for one macrotask
// before they deliver an answer, so timers, AbortSignals, test-runner timeouts and signal handlers get their
// turn during a long run against the fake, as they would against a real server.
//
// The scheduler is taken once, when this module loads: a test that fakes timers later (vi.useFakeTimers())
// does not freeze the fake, as it would not freeze a real network.

type Schedule = (callback: () => void) => void;

const schedule: Schedule = pickScheduler();

function pickScheduler(): Schedule {
  const g = globalThis as { setImmediate?: (callback: () => void) => unknown; MessageChannel?: typeof MessageChannel };
  // Node, Bun, Deno: setImmediate runs after I/O and, on the next turn, after due timers. It also keeps the
  // process alive while an answer is on its way (an unref'd MessagePort would not).
  if (typeof g.setImmediate === 'function') {
    const setImmediate = g.setImmediate;
    return (callback) => void setImmediate(callback);
  }
  // Browsers and workers: a message is a task of its own, without setTimeout's 4 ms clamp.
  if (typeof g.MessageChannel === 'function') {
    const channel = new g.MessageChannel();
    const queue: Array<() => void> = [];
    channel.port1.onmessage = () => queue.shift()?.();
    return (callback) => {
      queue.push(callback);
      channel.port2.postMessage(null);
    };
  }
  const setTimeout = globalThis.setTimeout;
  return (callback) => void setTimeout(callback, 0);
}

/** Resolves after one macrotask. */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => schedule(resolve));
}
