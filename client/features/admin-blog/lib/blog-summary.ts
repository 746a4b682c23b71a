import { countOf } from '@shared/pluralize';

/** The line under "Blog posts": "3 posts · 2 published · 1 draft". */
export function blogCountLine(total: number, published: number): string {
  return `${countOf(total, 'post')} · ${published.toLocaleString('en-US')} published · ${countOf(total - published, 'draft')}`;
}
