// An account's balances over time as plain SVG, drawn at the width it is shown at (so its text is the page's size):
// a line through every balance by date, estimated balances marked with hollow points, axes with a few round values.
// Thousands of balances are drawn as the first, lowest, highest and last per pixel column, which keeps the line's
// shape. The table beside it (state-view.ts) holds the figures.
import { money, svg } from './dom';
import type { SnapshotView } from '../wire';

const MARGIN = { top: 12, right: 14, bottom: 26, left: 76 };
/** Reported balances get a point of their own only up to this many (the line carries them beyond). */
const POINTS_DRAWN = 40;
const DAY_MS = 86_400_000;

/** The chart of one account's balances (sorted by date, as /__mock/snapshots lists them), `width` pixels wide. */
export function balanceChart(snapshots: readonly SnapshotView[], title: string, width: number): SVGSVGElement {
  const WIDTH = Math.max(240, Math.round(width));
  const HEIGHT = Math.round(Math.min(300, Math.max(180, WIDTH * 0.5)));
  const days = snapshots.map((s) => Date.parse(`${s.snapshot_date}T00:00:00Z`) / DAY_MS);
  const balances = snapshots.map((s) => s.balance);
  const [firstDay, lastDay] = [days[0]!, days[days.length - 1]!];
  let [min, max] = [Infinity, -Infinity];
  for (const balance of balances) [min, max] = [Math.min(min, balance), Math.max(max, balance)];
  const [low, high] = paddedRange(min, max);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (day: number) =>
    MARGIN.left + (lastDay === firstDay ? plotWidth / 2 : ((day - firstDay) / (lastDay - firstDay)) * plotWidth);
  const y = (balance: number) => MARGIN.top + (1 - (balance - low) / (high - low)) * plotHeight;
  const estimated = snapshots.filter((s) => s.is_estimated).length;

  const chart = svg(
    'svg',
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-labelledby': 'chart-title chart-desc' },
    svg('title', { id: 'chart-title' }, title),
    svg(
      'desc',
      { id: 'chart-desc' },
      `${snapshots.length} balances from ${snapshots[0]!.snapshot_date} to ${snapshots[snapshots.length - 1]!.snapshot_date}, ` +
        `between ${money(min)} and ${money(max)}; ${estimated} estimated, drawn as hollow points.`,
    ),
  );
  const yTicks = niceTicks(low, high, 5);
  chart.append(
    svg(
      'g',
      { class: 'grid' },
      ...yTicks.map((tick) => svg('line', { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(tick), y2: y(tick) })),
    ),
    svg(
      'g',
      { class: 'axis' },
      ...yTicks.map((tick) =>
        svg('text', { x: MARGIN.left - 6, y: y(tick) + 4, 'text-anchor': 'end' }, shortMoney(tick)),
      ),
    ),
    svg(
      'g',
      { class: 'axis' },
      svg('line', {
        x1: MARGIN.left,
        x2: WIDTH - MARGIN.right,
        y1: HEIGHT - MARGIN.bottom,
        y2: HEIGHT - MARGIN.bottom,
      }),
      ...dateTicks(firstDay, lastDay, Math.max(2, Math.floor(plotWidth / 90))).map((day, i, all) => {
        // The first and last labels end at the plot's edges rather than past them.
        const anchor = all.length === 1 ? 'middle' : i === 0 ? 'start' : i === all.length - 1 ? 'end' : 'middle';
        return svg(
          'text',
          { x: x(day), y: HEIGHT - 8, 'text-anchor': anchor },
          new Date(day * DAY_MS).toISOString().slice(0, 10),
        );
      }),
    ),
  );
  if (low < 0 && high > 0)
    chart.append(svg('line', { class: 'zero', x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(0), y2: y(0) }));
  const line = thinned(
    days.map((day, i) => [x(day), y(balances[i]!)] as const),
    plotWidth,
  );
  chart.append(
    svg('path', {
      class: 'series',
      d: line.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`).join(''),
    }),
  );
  const points = svg('g', { class: 'points' });
  snapshots.forEach((s, i) => {
    if (!s.is_estimated && snapshots.length > POINTS_DRAWN) return;
    points.append(
      svg('circle', {
        class: s.is_estimated ? 'point estimated' : 'point',
        cx: x(days[i]!).toFixed(1),
        cy: y(s.balance).toFixed(1),
        r: 3.2,
        'data-date': s.snapshot_date,
      }),
    );
  });
  chart.append(points);
  return chart;
}

function paddedRange(min: number, max: number): [number, number] {
  if (min === max) return [min - Math.max(1, Math.abs(min) * 0.1), max + Math.max(1, Math.abs(max) * 0.1)];
  const pad = (max - min) * 0.08;
  return [min - pad, max + pad];
}

/** About `count` round values between low and high. */
function niceTicks(low: number, high: number, count: number): number[] {
  const raw = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high; tick += step) ticks.push(Math.round(tick / step) * step);
  return ticks;
}

/** Up to `most` dates, evenly spread, first and last included. */
function dateTicks(first: number, last: number, most: number): number[] {
  if (first === last) return [first];
  const count = Math.min(most, last - first + 1);
  return Array.from({ length: count }, (_, i) => Math.round(first + ((last - first) * i) / (count - 1)));
}

function shortMoney(value: number): string {
  const size = Math.abs(value);
  if (size >= 1e6) return `${(value / 1e6).toLocaleString('en-US', { maximumFractionDigits: 2 })}M`;
  if (size >= 1e4) return `${(value / 1e3).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`;
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** Points in order; past two per pixel column, each column's first, lowest, highest and last. */
function thinned(
  points: ReadonlyArray<readonly [number, number]>,
  plotWidth: number,
): ReadonlyArray<readonly [number, number]> {
  if (points.length <= 2 * plotWidth) return points;
  const out: Array<readonly [number, number]> = [];
  let column: Array<readonly [number, number]> = [];
  const flush = () => {
    if (column.length === 0) return;
    const byY = [...column].sort((a, b) => a[1] - b[1]);
    const keep = new Set([column[0]!, byY[0]!, byY[byY.length - 1]!, column[column.length - 1]!]);
    out.push(...column.filter((point) => keep.has(point)));
    column = [];
  };
  for (const point of points) {
    if (column.length > 0 && Math.floor(point[0]) !== Math.floor(column[0]![0])) flush();
    column.push(point);
  }
  flush();
  return out;
}
