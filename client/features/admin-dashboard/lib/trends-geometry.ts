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

/** A "nice" upper bound for the y axis (1, 2, 5 × 10^n), at least 1. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (value <= step * magnitude) return step * magnitude;
  }
  return 10 * magnitude;
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
    (totals, day) => ({ views: totals.views + day.views, saves: totals.saves + day.saves, searches: totals.searches + day.searches }),
    { views: 0, saves: 0, searches: 0 },
  );
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
