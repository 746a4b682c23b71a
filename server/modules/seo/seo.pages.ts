import { PRICING_LABELS } from '@shared/constants';
import { matchPage } from '@shared/page-routes';
import type { App } from '@shared/schemas/app';
import type { ReviewSummary } from '@shared/schemas/review';
import { categoryPath } from '@shared/browse-paths';
import { appPath } from '@shared/slug';
import type { AppContext } from '../../context';
import { presentApp } from '../apps/apps.presenter';
import { AppRecordsService } from '../apps/apps.records.service';
import { AppsService } from '../apps/apps.service';
import { blogPageHead } from '../blog/blog.seo';
import { CategoriesService } from '../categories/categories.service';
import { ReviewsService } from '../reviews/reviews.service';
import { absoluteUrl, truncate } from '../../lib/html';
import { notFoundHead } from './not-found-head';
import type { PageHead } from '../../lib/page-head';
import { categoryPageHead, stackPageHead, taskIndexHead, taskPageHead } from './browse-pages';
import { alternativesPageHead, comparePageHead } from './tool-pages';

/** What the page resolver needs to know about a request. */
export interface PageRequest {
  /** The path without its query, as requested (any case). */
  path: string;
  query: URLSearchParams;
  hostname: string;
}

const HOME_DESCRIPTION =
  'Describe what you want to build and Aitlas recommends the AI tools that fit. Browse trending AI apps for writing, design, development, marketing, analysis and more.';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

const privateHead = (title: string, canonicalPath: string): PageHead => ({
  title,
  description: 'The Aitlas curator back office.',
  canonicalPath,
  noindex: true,
});

/** Normalises a request path for canonical links: lower case, no trailing slash (the root stays "/"). */
export function normalizePath(path: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const trimmed = decoded.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/**
 * The head and status of the page a request shows: the route of the shared route table
 * (`shared/page-routes.ts`) for the request's host, resolved with the page's data.
 */
export async function resolvePageHead(ctx: AppContext, request: PageRequest): Promise<PageHead> {
  const path = normalizePath(request.path);
  const { route, params } = matchPage(request.path.replace(/\/{2,}$/, '/'), request.hostname);
  const lower = (name: string) => (params[name] ?? '').toLowerCase();
  if (route.redirect)
    return { ...privateHead(route.privateTitle ?? 'Aitlas', route.redirect), status: 301, redirect: route.redirect };
  switch (route.head) {
    case 'private':
      if (route.page === 'app-edit-page' && !ID_PATTERN.test(lower('id'))) return notFoundHead();
      if (route.page === 'app-detail-page' && !ID_PATTERN.test(lower('id'))) return notFoundHead();
      return privateHead(route.privateTitle ?? 'Aitlas', route.page === 'admin-page' ? '/admin' : path);
    case 'home':
      return homeHead(ctx, request.query);
    case 'blog':
      return (await blogPageHead(ctx, request.path)) ?? notFoundHead();
    case 'privacy-policy':
      return legalHead(
        'Privacy Policy',
        'How Aitlas collects, uses and protects information when you browse the marketplace, search and read the blog.',
        path,
      );
    case 'terms-of-service':
      return legalHead(
        'Terms of Service',
        'The terms that apply when you use the Aitlas marketplace of AI tools, its search and its blog.',
        path,
      );
    case 'submit':
      return legalHead(
        'Submit an AI tool',
        'Suggest an AI tool for the Aitlas marketplace: send its address and a curator reviews it before it is listed.',
        path,
      );
    case 'app-by-id':
      return ID_PATTERN.test(lower('id')) ? appByIdHead(ctx, Number(lower('id'))) : notFoundHead();
    case 'app-by-slug':
      return appBySlugHead(ctx, lower('categorySlug'), lower('nameSlug'), request.query);
    case 'alternatives':
      return alternativesPageHead(ctx, lower('categorySlug'), lower('nameSlug'), request.query);
    case 'compare':
      return comparePageHead(ctx, lower('pair'), path);
    case 'category':
      return categoryPageHead(ctx, lower('categorySlug'), request.query);
    case 'task-index':
      return taskIndexHead(ctx);
    case 'task':
      return taskPageHead(ctx, lower('taskSlug'), request.query);
    case 'saved':
      // The list lives in the visitor's browser: nothing here for search engines.
      return {
        title: 'Saved apps',
        description: 'The AI tools you saved in this browser, to compare and share as a list.',
        canonicalPath: '/saved',
        noindex: true,
      };
    case 'stack':
      return stackPageHead(ctx, params.stackId ?? '');
    case 'not-found':
      // Deeper blog paths are the blog's own 404 ("Blog Post Not Found").
      return (path.startsWith('/blog/') ? await blogPageHead(ctx, request.path) : null) ?? notFoundHead();
  }
}

function homeHeadBase(): PageHead {
  return { title: 'Discover AI Tools with Intelligence', description: HOME_DESCRIPTION, canonicalPath: '/' };
}

async function homeHead(ctx: AppContext, query: URLSearchParams): Promise<PageHead> {
  const service = new AppsService(ctx);
  const categoryParam = query.get('category')?.trim();
  const category =
    categoryParam && categoryParam.toLowerCase() !== 'all'
      ? await new CategoriesService(ctx.db).findBySlugOrName(categoryParam)
      : undefined;
  const activeCategory = category?.isActive ? category : undefined;
  const { apps } = await service.marketplace({ category: activeCategory?.slug, limit: 12 });
  const base = ctx.env.PUBLIC_URL;

  const head: PageHead = activeCategory
    ? {
        title: `${activeCategory.name} AI Tools`,
        description: activeCategory.description
          ? `${activeCategory.description} Trending ${activeCategory.name} AI tools on Aitlas.`
          : `Trending ${activeCategory.name} AI tools on Aitlas.`,
        canonicalPath: `/?category=${encodeURIComponent(activeCategory.slug)}`,
      }
    : homeHeadBase();
  // Search result pages are for people, not for the index.
  if (query.get('q')?.trim()) head.noindex = true;

  head.jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Aitlas',
      url: `${base}/`,
      description: HOME_DESCRIPTION,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${base}/?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: activeCategory ? `Trending ${activeCategory.name} AI tools` : 'Trending AI tools',
      itemListElement: apps.map((app, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: absoluteUrl(base, appPath(app)),
        name: app.name,
      })),
    },
  ];
  return head;
}

function legalHead(title: string, description: string, path: string): PageHead {
  return { title, description, canonicalPath: path };
}

async function appByIdHead(ctx: AppContext, id: number): Promise<PageHead> {
  const repository = new AppRecordsService(ctx.db);
  const row = await repository.findPublicById(id);
  if (row) return appHead(ctx, presentApp(row, ctx.env.LOGO_SERVICE_URL), await new ReviewsService(ctx).summaryOf(row.id));
  // A merged app's old address leads to the app it was folded into, like its old slug page.
  const merged = await repository.findIdRedirect(id);
  return merged ? { ...notFoundHead(), status: 301, redirect: appPath(merged) } : notFoundHead();
}

async function appBySlugHead(ctx: AppContext, categorySlug: string, nameSlug: string, query: URLSearchParams): Promise<PageHead> {
  const repository = new AppRecordsService(ctx.db);
  const row = await repository.findPublicBySlug(categorySlug, nameSlug);
  if (row) return appHead(ctx, presentApp(row, ctx.env.LOGO_SERVICE_URL), await new ReviewsService(ctx).summaryOf(row.id));
  const moved = await repository.findRedirect(categorySlug, nameSlug);
  if (moved) {
    const search = query.toString();
    return { ...notFoundHead(), status: 301, redirect: `${appPath(moved)}${search ? `?${search}` : ''}` };
  }
  // A curator previews apps that are not public yet; the page loads them through the admin API.
  if (query.get('preview') === 'true') return privateHead('App preview', `/ai-apps/${categorySlug}/${nameSlug}`);
  return notFoundHead();
}

function offerOf(app: App): object | undefined {
  switch (app.pricingType) {
    case 'free':
      return { '@type': 'Offer', price: '0', priceCurrency: 'USD', category: 'free', description: PRICING_LABELS.free.badge };
    case 'freemium':
      return {
        '@type': 'Offer',
        price: '0',
        priceCurrency: 'USD',
        category: 'freemium',
        description: 'Free plan available, with paid upgrades',
      };
    case 'paid':
      return { '@type': 'Offer', category: 'paid', description: 'Subscription or one-time payment', url: app.url };
    default:
      return undefined;
  }
}

/**
 * The head of a public app page: canonical slug URL, WebApplication and BreadcrumbList JSON-LD.
 * `AggregateRating` only from approved visitor reviews (design deviation 7): the curators' rating
 * is not a rating by users, and search engines treat such markup as spam.
 */
export function appHead(ctx: AppContext, app: App, reviews: ReviewSummary): PageHead {
  const base = ctx.env.PUBLIC_URL;
  const canonicalPath = appPath(app);
  const categoryPagePath = categoryPath(app.categorySlug);
  const offers = offerOf(app);
  const webApplication: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: app.name,
    description: app.description,
    url: app.url,
    mainEntityOfPage: absoluteUrl(base, canonicalPath),
    applicationCategory: app.category,
    operatingSystem: 'Web browser',
    ...(app.tags.length > 0 ? { keywords: app.tags.join(', ') } : {}),
    ...(app.screenshotUrl ? { screenshot: app.screenshotUrl } : {}),
    ...(app.logoUrl ? { image: app.logoUrl } : {}),
    ...(offers ? { offers } : {}),
    ...(reviews.count > 0 && reviews.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reviews.average.toFixed(1),
            bestRating: '5',
            worstRating: '1',
            ratingCount: reviews.count,
            reviewCount: reviews.count,
          },
        }
      : {}),
    ...(app.company
      ? {
          creator: {
            '@type': 'Organization',
            name: app.company,
            ...(app.foundedYear ? { foundingDate: String(app.foundedYear) } : {}),
            ...(app.location ? { location: app.location } : {}),
          },
        }
      : {}),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
      { '@type': 'ListItem', position: 2, name: app.category, item: absoluteUrl(base, categoryPagePath) },
      { '@type': 'ListItem', position: 3, name: app.name, item: absoluteUrl(base, canonicalPath) },
    ],
  };
  return {
    title: `${app.name}: ${app.category} AI Tool`,
    description: truncate(app.description, 160),
    canonicalPath,
    image: app.screenshotUrl,
    jsonLd: [webApplication, breadcrumbs],
    appId: app.id,
  };
}
