import { Link } from 'wouter';

const linkClass =
  'inline-flex h-11 items-center rounded-xl border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-900 shadow-sm transition-colors hover:border-brand-500 hover:text-brand-700';

/** Previous / "Page N of M" / Next as real links: page 2 is an address, with or without JavaScript. */
export function PaginationLinks({
  page,
  pageCount,
  hrefOf,
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Link href={hrefOf(page - 1)} rel="prev" className={linkClass}>
          Previous page
        </Link>
      ) : null}
      <p className="text-sm text-slate-700" aria-current="page">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link href={hrefOf(page + 1)} rel="next" className={linkClass}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
