export interface TrendDay {
  date: string;
  views: number;
  saves: number;
  searches: number;
}

export type TrendSeries = 'views' | 'saves' | 'searches';

export interface ChartBox {
  width: number;
  height: number;
  padding: { top: number; right: number; bottom: number; left: number };
}

/**
 * Whole, evenly spaced y-axis ticks from 0 covering `maxValue`: a step of 1, 2 or 5 × 10^n (never below 1) giving
 * at most `maxTicks` intervals, e.g. 5 → 0, 2, 4, 6 and 2 → 0, 1, 2. The last tick is the axis maximum.
 */
export function axisTicks(maxValue: number, maxTicks: number = 4): number[] {
  const top = Math.max(1, Math.ceil(maxValue > 0 ? maxValue : 0));
  const rawStep = top / maxTicks;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(rawStep)));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rawStep) ?? 10 * magnitude;
  const intervals = Math.ceil(top / step);
  return Array.from({ length: intervals + 1 }, (_, index) => index * step);
}

/** The points of one series as an SVG polyline `points` attribute, scaled into the box. */
export function seriesPoints(days: readonly TrendDay[], series: TrendSeries, box: ChartBox, yMax: number): string {
  const innerWidth = box.width - box.padding.left - box.padding.right;
  const innerHeight = box.height - box.padding.top - box.padding.bottom;
  const stepX = days.length > 1 ? innerWidth / (days.length - 1) : 0;
  return days
    .map((day, index) => {
      const x = box.padding.left + (days.length > 1 ? index * stepX : innerWidth / 2);
      const y = box.padding.top + innerHeight - (Math.max(0, day[series]) / yMax) * innerHeight;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

/** The totals of each series over the period, for the chart's summary. */
export function seriesTotals(days: readonly TrendDay[]): Record<TrendSeries, number> {
  return days.reduce(
    (totals, day) => ({
      views: totals.views + day.views,
      saves: totals.saves + day.saves,
      searches: totals.searches + day.searches,
    }),
    { views: 0, saves: 0, searches: 0 },
  );
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
