import { useId } from 'react';
import { axisTicks, seriesPoints, seriesTotals, type TrendDay, type TrendSeries } from '../lib/trends-geometry';
import { countOf } from '@shared/pluralize';
import { formatNumber } from '@shared/format';

const SERIES: { key: TrendSeries; label: string; colour: string; swatch: string }[] = [
  { key: 'views', label: 'Views', colour: '#4f46e5', swatch: 'bg-brand-600' },
  { key: 'saves', label: 'Saves', colour: '#047857', swatch: 'bg-emerald-700' },
  { key: 'searches', label: 'Searches', colour: '#b45309', swatch: 'bg-amber-700' },
];

const BOX = { width: 640, height: 220, padding: { top: 12, right: 12, bottom: 28, left: 44 } };

function shortDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(value.getTime())
    ? date
    : value.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * Views, saves and searches per day as three lines (no chart library). The picture is described by
 * a text summary, and the numbers are available as a table for screen readers and keyboard users.
 */
export function TrendsChart({ days }: { days: TrendDay[] }) {
  const titleId = useId();
  const descId = useId();
  const totals = seriesTotals(days);
  const gridValues = axisTicks(Math.max(0, ...days.flatMap((day) => [day.views, day.saves, day.searches])));
  const yMax = gridValues[gridValues.length - 1] ?? 1;
  const innerHeight = BOX.height - BOX.padding.top - BOX.padding.bottom;
  const labelIndexes = days.length > 2 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : days.map((_, index) => index);
  const stepX = days.length > 1 ? (BOX.width - BOX.padding.left - BOX.padding.right) / (days.length - 1) : 0;
  const first = days[0]?.date;
  const last = days[days.length - 1]?.date;
  const summary = `From ${first ? shortDate(first) : '—'} to ${last ? shortDate(last) : '—'}: ${countOf(totals.views, 'view')}, ${countOf(totals.saves, 'save')} and ${countOf(totals.searches, 'search', 'searches')}.`;

  return (
    <figure className="grid gap-3">
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-label="Totals">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-1 w-4 rounded ${series.swatch}`} />
            {series.label}: <span className="font-semibold tabular-nums text-slate-900">{formatNumber(totals[series.key])}</span>
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full"
      >
        <title id={titleId}>Daily views, saves and searches over the last 30 days</title>
        <desc id={descId}>{summary}</desc>
        {gridValues.map((value) => {
          const y = BOX.padding.top + innerHeight - (value / yMax) * innerHeight;
          return (
            <g key={value}>
              <line x1={BOX.padding.left} x2={BOX.width - BOX.padding.right} y1={y} y2={y} stroke="#e2e8f0" strokeWidth="1" />
              <text x={BOX.padding.left - 8} y={y + 4} textAnchor="end" fontSize="11" fill="#475569">
                {formatNumber(value)}
              </text>
            </g>
          );
        })}
        {labelIndexes.map((index) => {
          const day = days[index];
          if (!day) return null;
          const x = BOX.padding.left + (days.length > 1 ? index * stepX : (BOX.width - BOX.padding.left - BOX.padding.right) / 2);
          return (
            <text
              key={day.date}
              x={x}
              y={BOX.height - 8}
              textAnchor={index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle'}
              fontSize="11"
              fill="#475569"
            >
              {shortDate(day.date)}
            </text>
          );
        })}
        {SERIES.map((series) => (
          <polyline
            key={series.key}
            points={seriesPoints(days, series.key, BOX, yMax)}
            fill="none"
            stroke={series.colour}
            strokeWidth="2"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ))}
      </svg>
      <figcaption className="text-xs text-slate-600">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show the numbers as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label="Daily numbers">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Daily views, saves and searches</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Views
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Saves
                </th>
                <th scope="col" className="py-1 font-medium">
                  Searches
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-b border-slate-100 tabular-nums">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {shortDate(day.date)}
                  </th>
                  <td className="py-1 pr-4">{formatNumber(day.views)}</td>
                  <td className="py-1 pr-4">{formatNumber(day.saves)}</td>
                  <td className="py-1">{formatNumber(day.searches)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
