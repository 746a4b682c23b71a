import { CATEGORY_SORT_LABELS, categoryPath, categoryViewOf, stackPath, taskPath } from '@shared/browse-paths';
import { PRICING_TYPES } from '@shared/constants';
import { appPath } from '@shared/slug';
import { pricingName } from '@shared/tool-pages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { AppsService } from '../apps/apps.service';
import { StacksService } from '../stacks/stacks.service';
import { TasksService } from '../tasks/tasks.service';
import { absoluteUrl, truncate } from '../../lib/html';
import { notFoundHead } from './not-found-head';
import type { PageHead } from '../../lib/page-head';

// The heads of the browsing pages (issue 23): category pages, task pages and stacks (the Saved page is private). Each reads the same
// service call as the page's own API call, so head and body always agree.

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

/** An ItemList of app pages, positions counted from `first`. */
export function appItemList(
  base: string,
  name: string,
  apps: { name: string; categorySlug: string; nameSlug: string }[],
  first = 1,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: apps.length,
    itemListElement: apps.map((app, index) => ({
      '@type': 'ListItem',
      position: first + index,
      url: absoluteUrl(base, appPath(app)),
      name: app.name,
    })),
  };
}

/**
 * The head of `/ai-apps/{categorySlug}`: 404 for an unknown or inactive category and for a page past
 * the last; every sort and filter of page N is canonical to page N of the default view.
 */
export async function categoryPageHead(ctx: AppContext, categorySlug: string, query: URLSearchParams): Promise<PageHead> {
  const view = categoryViewOf(query);
  let result;
  try {
    result = await new AppsService(ctx).categoryPage(categorySlug, view);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notFoundHead();
    throw error;
  }
  if (view.page > result.pageCount) return notFoundHead();
  const { category, apps, total } = result;
  const base = ctx.env.PUBLIC_URL;
  const qualifier = [
    view.pricing ? pricingName(view.pricing) : null,
    view.sort === 'trending' ? null : CATEGORY_SORT_LABELS[view.sort],
  ]
    .filter(Boolean)
    .join(', ');
  const title = `${category.name} AI Tools${qualifier ? ` (${qualifier})` : ''}${view.page > 1 ? `, page ${view.page}` : ''}`;
  const names = apps.slice(0, 3).map((app) => app.name);
  const description = truncate(
    `${total} ${category.name} AI ${total === 1 ? 'tool' : 'tools'} on Aitlas${names.length > 0 ? `, including ${names.join(', ')}` : ''}. ${category.description}`.trim(),
    160,
  );
  const path = categoryPath(category.slug);
  return {
    title,
    description,
    // Sorted and filtered views show the same apps as the default view: only the pages themselves are indexed.
    canonicalPath: categoryPath(category.slug, { page: view.page }),
    feeds: [
      { title: `New ${category.name} AI tools on Aitlas`, path: `/feeds/apps.xml?category=${encodeURIComponent(category.slug)}` },
    ],
    jsonLd: [
      appItemList(base, `${category.name} AI tools`, apps, (view.page - 1) * result.pageSize + 1),
      breadcrumbs(base, [
        { name: 'Home', path: '/' },
        { name: category.name, path },
      ]),
    ],
  };
}

/** The head of `/best`: every visible task page, as an ItemList. */
export async function taskIndexHead(ctx: AppContext): Promise<PageHead> {
  const index = await new TasksService(ctx).index();
  const base = ctx.env.PUBLIC_URL;
  const tasks = index.groups.flatMap((group) => group.tasks);
  return {
    title: 'Best AI tools for every task',
    description: truncate(
      `The best AI tools for ${index.total} everyday tasks, ranked from what each tool says it does: ${tasks
        .slice(0, 4)
        .map((task) => task.label)
        .join(', ')} and more.`,
      160,
    ),
    canonicalPath: '/best',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: 'Best AI tools by task',
        numberOfItems: tasks.length,
        itemListElement: tasks.map((task, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absoluteUrl(base, taskPath(task.slug)),
          name: task.name,
        })),
      },
    ],
  };
}

/** The head of `/best/{slug}`: 404 for an unknown or hidden task; the pricing views are canonical to the page. */
export async function taskPageHead(ctx: AppContext, slug: string, query: URLSearchParams): Promise<PageHead> {
  const wanted = query.get('pricing')?.toLowerCase();
  const pricing = PRICING_TYPES.find((type) => type === wanted);
  let result;
  try {
    result = await new TasksService(ctx).page(slug, { pricing });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notFoundHead();
    throw error;
  }
  const base = ctx.env.PUBLIC_URL;
  const { task, apps } = result;
  const path = taskPath(task.slug);
  const names = apps.slice(0, 3).map((app) => app.name);
  return {
    title: `${task.name}${pricing ? ` (${pricingName(pricing)})` : ''}`,
    description: truncate(
      `${task.appCount} AI tools for ${task.label}${names.length > 0 ? `, led by ${names.join(', ')}` : ''}. ${task.intro}`,
      160,
    ),
    canonicalPath: path,
    feeds: [{ title: `New AI tools for ${task.label} on Aitlas`, path: `/feeds/apps.xml?task=${encodeURIComponent(task.slug)}` }],
    jsonLd: [
      appItemList(base, task.name, apps),
      breadcrumbs(base, [
        { name: 'Home', path: '/' },
        { name: 'Best AI tools', path: '/best' },
        { name: task.name, path },
      ]),
    ],
  };
}

/** The head of `/stacks/{id}`: noindex unless its owner published it; 404 for an unknown stack. */
export async function stackPageHead(ctx: AppContext, id: string): Promise<PageHead> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return notFoundHead();
  let stack;
  try {
    stack = await new StacksService(ctx).get(id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notFoundHead();
    throw error;
  }
  const listed = stack.apps.flatMap((entry) => (entry.app ? [entry.app] : []));
  return {
    title: stack.title,
    description: truncate(
      `A list of ${stack.apps.length} AI ${stack.apps.length === 1 ? 'tool' : 'tools'} shared on Aitlas: ${stack.apps.map((entry) => entry.name).join(', ')}.`,
      160,
    ),
    canonicalPath: stackPath(stack.id),
    noindex: !stack.published,
    jsonLd: [appItemList(ctx.env.PUBLIC_URL, stack.title, listed)],
  };
}
