// The limits of what /__mock takes over HTTP, each checked before any work it bounds: the body's size before it
// is read, row counts and a series' span on the parsed JSON before zod looks at it (zod lists every problem, and
// 10,000 wrong rows take seconds to list), the problems a refusal lists. In code, mock.control takes any size: it
// is your own process. docs/ledger-mock.md states each value; test/server/control-limits.test.ts holds it to them.
import type { BodyLimit } from '../core/body';
import { ApiError } from '../errors';
import { dayNumber } from '../../src/shared/calendar-date';

/** The limits of /__mock, one source each. */
export const CONTROL_LIMITS = {
  /** A /__mock body: 413 `body_too_large` beyond it (declared: before a byte is read; else as soon as it passes). */
  bodyBytes: 4 * 1024 * 1024,
  /** Rows per POST /__mock/snapshots/seed: 413 `too_many_rows` beyond it. */
  seedRows: 10_000,
  /** Snapshots a scenario loaded over POST /__mock/scenario may make, its rows and its series' together: 413 `too_many_rows`. */
  scenarioSnapshots: 100_000,
  /** Days one `snapshot_series` of a scenario over /__mock may span, `from` to `to` (100 years): 400 `invalid_scenario`. */
  seriesDays: 36_525,
  /** Problems a 422 `validation_failed` (or 400 `invalid_scenario`) of /__mock lists at most. */
  listedProblems: 20,
} as const;

/** The body limit of /__mock, for readBodyText. */
export const CONTROL_BODY_LIMIT: BodyLimit = {
  bytes: CONTROL_LIMITS.bodyBytes,
  described: '4 MiB for /__mock bodies (docs/ledger-mock.md)',
};

/** 413 `too_many_rows` for a /__mock body, before anything of it is checked or written. */
function tooManyRows(path: string, count: number, limit: number, what: string): ApiError {
  return new ApiError(
    413,
    'too_many_rows',
    `${what}: ${count.toLocaleString('en-US')}; at most ${limit.toLocaleString('en-US')} over /__mock`,
    [{ path, message: `at most ${limit.toLocaleString('en-US')} rows` }],
  ).because(`${count} rows; the /__mock limit is ${limit}; nothing was checked or written`);
}

/** POST /__mock/snapshots/seed: at most CONTROL_LIMITS.seedRows rows. */
export function checkSeedSize(body: unknown): void {
  const rows = (body as { snapshots?: unknown } | null)?.snapshots;
  if (Array.isArray(rows) && rows.length > CONTROL_LIMITS.seedRows) {
    throw tooManyRows('body.snapshots', rows.length, CONTROL_LIMITS.seedRows, 'Too many rows to seed in one call');
  }
}

/**
 * POST /__mock/scenario: each series spans at most CONTROL_LIMITS.seriesDays days, and the snapshots the scenario
 * makes (its rows, and every row of its series, counted from their dates, never made) are at most
 * CONTROL_LIMITS.scenarioSnapshots. Anything malformed counts as nothing here: the scenario's schema refuses it next.
 */
export function checkScenarioSize(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { snapshots, snapshot_series: series } = body as { snapshots?: unknown; snapshot_series?: unknown };
  let count = Array.isArray(snapshots) ? snapshots.length : 0;
  if (Array.isArray(series)) {
    series.forEach((entry: unknown, index) => {
      const rows = seriesRows(entry);
      if (rows === undefined) return;
      if (rows.days > CONTROL_LIMITS.seriesDays) {
        const { from, to } = entry as { from: string; to: string };
        throw new ApiError(
          400,
          'invalid_scenario',
          `snapshot_series[${index}] spans ${rows.days.toLocaleString('en-US')} days (${from} to ${to}); over /__mock a series spans at most ${CONTROL_LIMITS.seriesDays.toLocaleString('en-US')} days (100 years)`,
        ).because(`a series of ${rows.days} days; nothing was made or changed`);
      }
      count += rows.rows;
    });
  }
  if (count > CONTROL_LIMITS.scenarioSnapshots)
    throw tooManyRows('body', count, CONTROL_LIMITS.scenarioSnapshots, 'The scenario makes too many snapshots');
}

/** The days a series spans and the rows it would make, from its dates alone; `undefined` when they are not dates. */
function seriesRows(entry: unknown): { days: number; rows: number } | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { from, to, every } = entry as { from?: unknown; to?: unknown; every?: unknown };
  const start = typeof from === 'string' ? dayNumber(from) : undefined;
  const end = typeof to === 'string' ? dayNumber(to) : undefined;
  if (start === undefined || end === undefined || end < start) return undefined;
  const days = end - start + 1;
  if (every !== 'month_end') return { days, rows: days };
  const [fromYear, fromMonth] = (from as string).split('-').map(Number) as [number, number];
  const [toYear, toMonth] = (to as string).split('-').map(Number) as [number, number];
  return { days, rows: (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1 };
}
