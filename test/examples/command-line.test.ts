// Every example's command line: --help prints the usage on stdout and exits 0; an unknown option exits 2, in one line, with the usage.
import { describe, expect, it } from 'vitest';
import { main as backfill } from '../../examples/backfill.js';
import { main as demo } from '../../examples/demo.js';
import { main as syncCsv } from '../../examples/sync-csv.js';
import { main as syncOfx } from '../../examples/sync-ofx.js';
import { main as webhookReceiver } from '../../examples/webhook-receiver.js';
import { captureIo, demoFake, OFFLINE } from './support.js';

const examples = { demo, 'sync-csv': syncCsv, 'sync-ofx': syncOfx, backfill, 'webhook-receiver': webhookReceiver };

describe.each(Object.entries(examples))('%s', (name, main) => {
  it.each([['--help'], ['-h'], ['some-file.csv', '--help']])(
    '%s %s prints its usage and exits 0, doing nothing else',
    async (...argv) => {
      const fake = demoFake();
      const captured = captureIo({ fake });
      expect(
        await main(
          argv.filter((a) => a !== undefined),
          OFFLINE,
          captured.io,
        ),
      ).toBe(0);
      expect(captured.stdout()).toMatch(new RegExp(`^Usage: ${name}`));
      expect(captured.stderr()).toBe('');
      expect(fake.control.journal.entries()).toEqual([]);
    },
  );

  it('an unknown option exits 2, naming it, with the usage', async () => {
    const captured = captureIo({ fake: demoFake() });
    expect(await main(['--nope'], OFFLINE, captured.io)).toBe(2);
    // The tool's own words: not node's advice about '--' (with an unbalanced quote) that parseArgs adds with positionals.
    expect(captured.stderr().split('\n').slice(0, 2)).toEqual([
      "Error: Unknown option '--nope'",
      expect.stringMatching(new RegExp(`^Usage: ${name}`)),
    ]);
  });
});
