// Progress of a long bulk run: a redrawn bar on a terminal, plain lines otherwise (logs, CI, pipes).
import type { BulkProgress } from 'personal-ledger-sdk';
import { formatCount } from './format';
import type { Output } from './io';

const WIDTH = 30;
/** Without a terminal, a line at most every this many percent (and at the end). */
const LINE_STEP = 5;

/**
 * Reports progress to `out`. Call `update` from `onProgress`, and `end` once the run stops.
 *
 * @param unit what is counted @default 'rows'
 */
export function progressReporter(
  out: Output,
  total: number,
  unit = 'rows',
): { update(progress: BulkProgress): void; end(): void } {
  let lastPercent = -LINE_STEP;
  let drawn = false;
  return {
    update({ rowsDone, skipped }) {
      const percent = total === 0 ? 100 : Math.floor((rowsDone / total) * 100);
      const counts = `${formatCount(rowsDone)}/${formatCount(total)} ${unit}${skipped > 0 ? `, ${formatCount(skipped)} skipped` : ''}`;
      if (out.isTTY) {
        const filled = Math.round((percent / 100) * WIDTH);
        out.write(
          `\r[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}%  ${counts}\u001b[K`,
        );
        drawn = true;
      } else if (percent >= lastPercent + LINE_STEP || rowsDone === total) {
        out.write(`progress: ${String(percent).padStart(3)}%  ${counts}\n`);
        lastPercent = percent;
      }
    },
    end() {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}
