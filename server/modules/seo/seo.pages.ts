import { PRICING_LABELS } from '../../../shared/constants';
import { formatCount, formatRating } from '../../../shared/format';
import type { App } from '../../../shared/schemas/app';
import { appPath } from '../../../shared/slug';
import type { AppContext } from '../../context';
import { presentApp } from '../apps/apps.presenter';
import { AppsRepository } from '../apps/apps.repository';
import { AppsService } from '../apps/apps.service';
import { blogPageHead } from '../blog/blog.seo';
import { CategoriesRepository } from '../categories/categories.repository';
import { absoluteUrl, escapeHtml, truncate } from './html';
import { FALLBACK_STYLE, notFoundHead } from './fallback-page';
import type { PageHead } from './page-head';
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

/** True when the host is the admin host (`app.` prefix, spec §2 route table). */
export function isAdminHostname(hostname: string): boolean {
  return hostname.toLowerCase().startsWith('app.');
}

/** Normalises a request path for matching: lower case, no trailing slash (the root stays "/"). */
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
 * The head, status and crawler fallback of every page of the SPA, following the route table of
 * spec §2 for the request's host.
 */
export async function resolvePageHead(ctx: AppContext, request: PageRequest): Promise<PageHead> {
  const path = normalizePath(request.path);
  const segments = path.split('/').filter(Boolean);
  const appIdMatch = (prefix: string[]) =>
    segments.length === prefix.length + 1 && prefix.every((part, index) => segments[index] === part) && ID_PATTERN.test(segments[prefix.length] ?? '');

  if (isAdminHostname(request.hostname)) {
    if (path === '/' || path === '/admin') return privateHead('AI Admin', '/admin');
    // Sessions are per host, so the admin host has its own sign-in page.
    if (path === '/login') return privateHead('Admin Login', path);
    if (segments.length === 3 && segments[0] === 'app' && segments[2] === 'edit' && ID_PATTERN.test(segments[1] ?? '')) return privateHead('Edit app', path);
    if (appIdMatch(['admin', 'app']) || appIdMatch(['app'])) return privateHead('App preview', path);
    return notFoundHead();
  }

  if (path === '/') return homeHead(ctx, request.query);
  if (path === '/blog' || path.startsWith('/blog/')) return (await blogPageHead(ctx, request.path)) ?? blogFallbackHead(path);
  if (path === '/privacy-policy') return legalHead('Privacy Policy', 'How Aitlas collects, uses and protects information when you browse the marketplace, search and read the blog.', path);
  if (path === '/terms-of-service') return legalHead('Terms of Service', 'The terms that apply when you use the Aitlas marketplace of AI tools, its search and its blog.', path);
  if (path === '/login') return privateHead('Admin Login', path);
  if (path === '/auth-test') return privateHead('Authentication diagnostics', path);
  if (path === '/admin') return privateHead('AI Admin', path);
  if (path === '/direct-admin.html') return { ...privateHead('AI Admin', '/admin'), status: 301, redirect: '/admin' };
  if (path === '/index.html') return { ...homeHeadBase(), status: 301, redirect: '/' };
  if (segments.length === 3 && segments[0] === 'app' && segments[2] === 'edit' && ID_PATTERN.test(segments[1] ?? '')) return privateHead('Edit app', path);
  if (appIdMatch(['admin', 'app'])) return privateHead('App preview', path);
  if (appIdMatch(['app'])) return appByIdHead(ctx, Number(segments[1]));
  if (segments.length === 3 && segments[0] === 'ai-apps') {
    return appBySlugHead(ctx, segments[1] ?? '', segments[2] ?? '', request.query);
  }
  if (segments.length === 4 && segments[0] === 'ai-apps' && segments[3] === 'alternatives') {
    return alternativesPageHead(ctx, segments[1] ?? '', segments[2] ?? '', request.query);
  }
  if (segments.length === 2 && segments[0] === 'compare') return comparePageHead(ctx, segments[1] ?? '', path);
  return notFoundHead();
}

function homeHeadBase(): PageHead {
  return { title: 'Discover AI Tools with Intelligence', description: HOME_DESCRIPTION, canonicalPath: '/' };
}

async function homeHead(ctx: AppContext, query: URLSearchParams): Promise<PageHead> {
  const service = new AppsService(ctx);
  const categoryParam = query.get('category')?.trim();
  const category = categoryParam && categoryParam.toLowerCase() !== 'all' ? await new CategoriesRepository(ctx.db).findBySlugOrName(categoryParam) : undefined;
  const activeCategory = category?.isActive ? category : undefined;
  const { apps } = await service.marketplace({ category: activeCategory?.slug, limit: 12 });
  const base = ctx.env.PUBLIC_URL;

  const head: PageHead = activeCategory
    ? {
        title: `${activeCategory.name} AI Tools`,
        description: activeCategory.description ? `${activeCategory.description} Trending ${activeCategory.name} AI tools on Aitlas.` : `Trending ${activeCategory.name} AI tools on Aitlas.`,
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
      itemListElement: apps.map((app, index) => ({ '@type': 'ListItem', position: index + 1, url: absoluteUrl(base, appPath(app)), name: app.name })),
    },
  ];
  const heading = activeCategory ? `${escapeHtml(activeCategory.name)} AI Tools` : 'Discover AI Tools with Intelligence';
  head.bodyHtml = [
    `<main style="${FALLBACK_STYLE}">`,
    `<h1>${heading}</h1>`,
    `<p>${escapeHtml(head.description)}</p>`,
    `<h2>Trending AI tools</h2>`,
    `<ul>${apps.map((app) => `<li><a href="${escapeHtml(appPath(app))}">${escapeHtml(app.name)}</a> (${escapeHtml(app.category)}): ${escapeHtml(truncate(app.description, 160))}</li>`).join('')}</ul>`,
    `<p><a href="/blog">Blog</a> · <a href="/privacy-policy">Privacy Policy</a> · <a href="/terms-of-service">Terms of Service</a></p>`,
    `</main>`,
  ].join('');
  return head;
}

function blogFallbackHead(path: string): PageHead {
  if (path === '/blog') {
    return {
      title: 'AI Insights & Innovation',
      description: 'Expert insights, trends and practical guides on AI tools from the Aitlas team.',
      canonicalPath: '/blog',
    };
  }
  return { title: 'Blog', description: 'An article from the Aitlas blog about AI tools.', canonicalPath: path };
}

function legalHead(title: string, description: string, path: string): PageHead {
  return {
    title,
    description,
    canonicalPath: path,
    bodyHtml: `<main style="${FALLBACK_STYLE}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p><p>Last updated: January 2024</p><p><a href="/">Back to Home</a></p></main>`,
  };
}

async function appByIdHead(ctx: AppContext, id: number): Promise<PageHead> {
  const row = await new AppsRepository(ctx.db).findPublicById(id);
  return row ? appHead(ctx, presentApp(row, ctx.env.LOGO_SERVICE_URL)) : notFoundHead();
}

async function appBySlugHead(ctx: AppContext, categorySlug: string, nameSlug: string, query: URLSearchParams): Promise<PageHead> {
  const repository = new AppsRepository(ctx.db);
  const row = await repository.findPublicBySlug(categorySlug, nameSlug);
  if (row) return appHead(ctx, presentApp(row, ctx.env.LOGO_SERVICE_URL));
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
      return { '@type': 'Offer', price: '0', priceCurrency: 'USD', category: 'freemium', description: 'Free plan available, with paid upgrades' };
    case 'paid':
      return { '@type': 'Offer', category: 'paid', description: 'Subscription or one-time payment', url: app.url };
    default:
      return undefined;
  }
}

/** The head of a public app page: canonical slug URL, WebApplication and BreadcrumbList JSON-LD. */
export function appHead(ctx: AppContext, app: App): PageHead {
  const base = ctx.env.PUBLIC_URL;
  const canonicalPath = appPath(app);
  const categoryPath = `/?category=${encodeURIComponent(app.categorySlug)}`;
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
    // The stored rating is one editorial score on 1–50, published on a 0–5 scale.
    ...(app.rating != null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: formatRating(app.rating), bestRating: '5', worstRating: '0', ratingCount: 1 } }
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
      { '@type': 'ListItem', position: 2, name: app.category, item: absoluteUrl(base, categoryPath) },
      { '@type': 'ListItem', position: 3, name: app.name, item: absoluteUrl(base, canonicalPath) },
    ],
  };
  const list = (items: string[]) => `<ul>${items.slice(0, 6).map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const facts = [
    app.company ? `Company: ${app.company}` : null,
    app.foundedYear ? `Founded: ${app.foundedYear}` : null,
    app.location ? `Location: ${app.location}` : null,
    `Rating: ${formatRating(app.rating)} / 5`,
    `Monthly visits: ${formatCount(app.monthlyVisitors)}`,
  ].filter((fact): fact is string => fact !== null);
  const bodyHtml = [
    `<main style="${FALLBACK_STYLE}">`,
    `<nav aria-label="Breadcrumb"><a href="/">Home</a> / <a href="${escapeHtml(categoryPath)}">${escapeHtml(app.category)}</a></nav>`,
    `<h1>${escapeHtml(app.name)}</h1>`,
    `<p>${escapeHtml(app.description)}</p>`,
    app.longDescription ? `<p>${escapeHtml(app.longDescription)}</p>` : '',
    `<p>${facts.map(escapeHtml).join(' · ')}</p>`,
    app.features.length > 0 ? `<h2>Key Features</h2>${list(app.features)}` : '',
    app.useCases.length > 0 ? `<h2>Use Cases</h2>${list(app.useCases)}` : '',
    `<p><a href="${escapeHtml(app.url)}" rel="noopener nofollow">Try ${escapeHtml(app.name)}</a></p>`,
    `</main>`,
  ].join('');
  return {
    title: `${app.name}: ${app.category} AI Tool`,
    description: truncate(app.description, 160),
    canonicalPath,
    image: app.screenshotUrl,
    jsonLd: [webApplication, breadcrumbs],
    bodyHtml,
  };
}
