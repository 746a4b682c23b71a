import { Check, ExternalLink, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AppLogoImage } from '@client/components/app-logo-image';
import type { CompareResponse, CompareRow } from '@shared/schemas/alternatives';
import type { App } from '@shared/schemas/app';
import { appPath } from '@shared/slug';
import { COMPARE_FACTS } from '@shared/tool-pages';

const rowHeader =
  'sticky left-0 z-10 w-36 min-w-36 bg-white px-3 py-3 text-left align-top text-sm font-semibold text-slate-800 sm:w-48 sm:min-w-48';
const cell = 'min-w-44 px-3 py-3 align-top text-sm text-slate-800';

function Missing() {
  return (
    <span className="inline-flex items-center gap-1 text-slate-500">
      <Minus className="size-4" aria-hidden="true" />
      <span className="sr-only">Not listed</span>
    </span>
  );
}

function GroupHeader({ title, span }: { title: string; span: number }) {
  return (
    <tr className="bg-slate-50">
      <th scope="colgroup" colSpan={span} className="px-3 py-2 text-left text-base font-bold text-slate-900">
        <span className="sticky left-3">{title}</span>
      </th>
    </tr>
  );
}

function AlignedRows({ title, rows, apps }: { title: string; rows: CompareRow[]; apps: App[] }) {
  return (
    <tbody>
      <GroupHeader title={title} span={apps.length + 1} />
      {rows.length === 0 ? (
        <tr>
          <td colSpan={apps.length + 1} className="px-3 py-3 text-sm text-slate-600">
            None listed.
          </td>
        </tr>
      ) : (
        rows.map((row, rowIndex) => {
          const owner = row.owner ?? null;
          return (
            <tr
              key={`${row.label}-${rowIndex}`}
              className="border-t border-slate-100"
              data-testid={`${title.toLowerCase().replace(/\s+/g, '-')}-row`}
            >
              <th scope="row" className={rowHeader}>
                {row.label}
              </th>
              {row.cells.map((value, index) => (
                <td key={apps[index]?.id ?? index} className={cell}>
                  {value === null ? (
                    <Missing />
                  ) : (
                    <span className="flex items-start gap-1.5">
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                      <span>
                        {value}
                        {owner?.index === index ? (
                          owner.exclusive ? (
                            <span
                              className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                              data-testid="unique-mark"
                            >
                              Only {apps[index]?.name}
                            </span>
                          ) : (
                            // Only this listing mentions it; the others may offer it without saying so.
                            <span
                              className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
                              data-testid="listed-mark"
                            >
                              Listed by {apps[index]?.name}
                            </span>
                          )
                        ) : null}
                      </span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          );
        })
      )}
    </tbody>
  );
}

/**
 * The apps side by side: facts, then features and use cases aligned row by row, each thing only one
 * app lists marked "Only {name}" when the others are known not to offer it, "Listed by {name}" otherwise
 * (`CompareRow.owner`), and a Try it out per app. Wide comparisons scroll inside their own focusable
 * region, never the page: the region is the containing block of the visually hidden labels too.
 */
export function ComparisonTable({ comparison, caption }: { comparison: CompareResponse; caption: ReactNode }) {
  const { apps } = comparison;
  return (
    <div
      role="region"
      aria-label="Comparison table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <td className={`${rowHeader} border-b border-slate-200`} />
            {apps.map((app) => (
              <th key={app.id} scope="col" className="min-w-44 border-b border-slate-200 px-3 py-4 text-left align-top">
                <div className="flex flex-col gap-2">
                  <AppLogoImage src={app.logoUrl} category={app.category} />
                  <Link href={appPath(app)} className="text-base font-bold text-slate-900 hover:text-brand-700 hover:underline">
                    {app.name}
                  </Link>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARE_FACTS.map((fact) => (
            <tr key={fact.label} className="border-t border-slate-100">
              <th scope="row" className={rowHeader}>
                {fact.label}
              </th>
              {apps.map((app) => {
                const value = fact.value(app);
                return (
                  <td key={app.id} className={cell}>
                    {value ?? <Missing />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <AlignedRows title="Features" rows={comparison.features} apps={apps} />
        <AlignedRows title="Use cases" rows={comparison.useCases} apps={apps} />
        <tbody>
          <tr className="border-t border-slate-200">
            <th scope="row" className={rowHeader}>
              <span className="sr-only">Try it out</span>
            </th>
            {apps.map((app) => (
              <td key={app.id} className={cell}>
                <a
                  href={app.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  Try it out<span className="sr-only">: {app.name} (opens in a new tab)</span>
                </a>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
