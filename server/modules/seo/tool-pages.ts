import { PRICING_TYPES, type PricingType } from '@shared/constants';
import { ALTERNATIVES_PAGE_LIMIT, alternativesPath, COMPARE_MAX_APPS, COMPARE_MIN_APPS } from '@shared/schemas/alternatives';
import { categoryPath } from '@shared/browse-paths';
import { appPath } from '@shared/slug';
import { alternativesPageTitle, comparePageTitle, listNames, versusHeading } from '@shared/tool-pages';
import type { AppContext } from '../../context';
import { AppRecordsService } from '../apps/apps.records.service';
import { absoluteUrl, truncate } from '../../lib/html';
import { notFoundHead } from './not-found-head';
import type { PageHead } from '../../lib/page-head';

// The heads of the pages built on app similarity: `/ai-apps/{c}/{n}/alternatives` and `/compare/{a}-vs-{b}`.
// Both read the instance's search (`ctx.search`), the same answer the page's API calls return.

function breadcrumbs(base: string, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(base, item.path),
    })),
  };
}

/** The head of an app's alternatives page; 301 for a moved app, 404 for an unknown or unpublished one. */
export async function alternativesPageHead(
  ctx: AppContext,
  categorySlug: string,
  nameSlug: string,
  query: URLSearchParams,
): Promise<PageHead> {
  const app = ctx.search.findPublishedBySlugs(categorySlug, nameSlug);
  if (!app) {
    const moved = await new AppRecordsService(ctx.db).findRedirect(categorySlug, nameSlug);
    if (!moved) return notFoundHead();
    const search = query.toString();
    return { ...notFoundHead(), status: 301, redirect: `${alternativesPath(moved)}${search ? `?${search}` : ''}` };
  }
  const wanted = query.get('pricing')?.toLowerCase();
  const pricing: PricingType | undefined = PRICING_TYPES.find((type) => type === wanted);
  const alternatives = ctx.search.alternatives(app.id, { limit: ALTERNATIVES_PAGE_LIMIT, pricing })?.alternatives ?? [];
  const base = ctx.env.PUBLIC_URL;
  const path = alternativesPath(app);
  const title = alternativesPageTitle(app.name, pricing);
  const named = alternatives.slice(0, 3).map((alternative) => alternative.name);
  const description = truncate(
    named.length > 0
      ? `${title}: ${listNames(named)}${alternatives.length > named.length ? ' and more' : ''}. AI tools that do the job of ${app.name}, with what they share.`
      : `AI tools that can replace ${app.name} (${app.category}) for its main job, with what they share.`,
    160,
  );
  return {
    title,
    description,
    // The filtered lists are views of one page.
    canonicalPath: path,
    image: app.screenshotUrl,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: title,
        numberOfItems: alternatives.length,
        itemListElement: alternatives.map((alternative, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absoluteUrl(base, appPath(alternative)),
          name: alternative.name,
        })),
      },
      breadcrumbs(base, [
        { name: 'Home', path: '/' },
        { name: app.category, path: categoryPath(app.categorySlug) },
        { name: app.name, path: appPath(app) },
        { name: 'Alternatives', path },
      ]),
    ],
  };
}

/**
 * The head of a comparison page: 404 unless 2 to 4 published apps, 301 to the canonical order
 * (`CompareResponse.path`) from any other spelling of the same set.
 * @param segment the path segment after `/compare/`, lower-cased and decoded
 * @param path the whole normalised request path
 */
export async function comparePageHead(ctx: AppContext, segment: string, path: string): Promise<PageHead> {
  const slugs = segment.split('-vs-').filter(Boolean);
  if (slugs.length < COMPARE_MIN_APPS || slugs.length > COMPARE_MAX_APPS) return notFoundHead();
  const comparison = ctx.search.compare({ slugs });
  if (!comparison || comparison.apps.length < COMPARE_MIN_APPS) return notFoundHead();
  if (path !== decodeURIComponent(comparison.path).toLowerCase())
    return { ...notFoundHead(), status: 301, redirect: comparison.path };
  const { apps } = comparison;
  const names = apps.map((app) => app.name);
  const base = ctx.env.PUBLIC_URL;
  return {
    title: comparePageTitle(names),
    description: truncate(
      `Compare ${listNames(names)} side by side: pricing, rating, monthly visitors, company, features and use cases.`,
      160,
    ),
    canonicalPath: comparison.path,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: versusHeading(names),
        numberOfItems: apps.length,
        itemListElement: apps.map((app, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absoluteUrl(base, appPath(app)),
          name: app.name,
        })),
      },
    ],
  };
}
