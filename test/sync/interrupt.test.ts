// What Ctrl-C does to ledger-sync: the first aborts the run (it stops after its current step); the same Ctrl-C
// delivered twice (tsx and terminals relay it) does not quit; a later one quits at once.
import { describe, expect, it } from 'vitest';
import { interruptHandler, SAME_INTERRUPT_MS } from '../../sync/io';

describe('interruptHandler', () => {
  it('the first aborts the run; the same Ctrl-C delivered twice (within 1 s) does not quit; a later one quits', () => {
    const controller = new AbortController();
    let now = 1000;
    const warned: string[] = [];
    let exits = 0;
    const handle = interruptHandler(controller, {
      warn: (text) => warned.push(text),
      exit: () => (exits += 1),
      now: () => now,
    });
    handle('SIGINT');
    expect(controller.signal.aborted).toBe(true);
    expect(warned).toEqual(['\nSIGINT: stopping after the current step (press Ctrl-C again to quit now)\n']);
    now += SAME_INTERRUPT_MS - 1;
    handle('SIGINT');
    expect(exits).toBe(0);
    now += 2;
    handle('SIGINT');
    expect(exits).toBe(1);
  });
});
