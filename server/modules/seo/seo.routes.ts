import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { ModulePlugin } from '../../http/module-plugin';
import { errorBody } from '../../lib/errors';
import { compressHtml, precompressAssets, ShellTemplate } from './client-assets';
import { escapeHtml, fullTitle, renderDocument, renderHead } from './html';
import type { PageHead } from './page-head';
import { isAdminHostname, normalizePath, resolvePageHead } from './seo.pages';
import { PAGED_SITEMAPS, robotsTxt, Sitemaps } from './sitemap';

const clientDir = path.resolve(import.meta.dirname, '../../../dist/client');
const assetsDir = path.join(clientDir, 'assets');

// Files at the root of the build (favicon and the like): one path segment with an extension.
const ROOT_FILE = /^\/([A-Za-z0-9][\w.-]*\.[A-Za-z0-9]+)$/;

/** The lazily loaded page module a path shows, so its chunk can load alongside the main bundle. */
function pageModule(path: string, adminHost: boolean): string | null {
  const normalized = normalizePath(path);
  if (/^\/(ai-apps\/[^/]+\/[^/]+|app\/\d+|admin\/app\/\d+)$/.test(normalized)) return 'app-detail-page';
  if (!adminHost && /^\/ai-apps\/[^/]+\/[^/]+\/alternatives$/.test(normalized)) return 'alternatives-page';
  if (!adminHost && /^\/compare\/[^/]+$/.test(normalized)) return 'compare-page';
  if (adminHost) return normalized === '/' || normalized === '/admin' ? 'admin-page' : null;
  if (normalized === '/privacy-policy') return 'privacy-policy-page';
  if (normalized === '/terms-of-service') return 'terms-of-service-page';
  if (normalized === '/blog') return 'blog-list-page';
  if (normalized.startsWith('/blog/')) return 'blog-post-page';
  return null;
}

/**
 * The API call a public app page makes first, so the browser can fetch it while the bundles load
 * (the page's own fetch then reuses the answer). Preview links load through the admin API instead.
 */
function appDataUrl(url: URL): string | null {
  if (url.searchParams.get('preview') === 'true') return null;
  const segments = url.pathname.split('/').filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const [first, second, third] = segments;
  if (segments.length === 3 && first?.toLowerCase() === 'ai-apps' && second && third) {
    return `/api/marketplace/app/${encodeURIComponent(second)}/${encodeURIComponent(third)}`;
  }
  if (segments.length === 2 && first?.toLowerCase() === 'app' && second && /^\d+$/.test(second)) return `/api/marketplace/app/${second}`;
  return null;
}

/**
 * Pages, sitemaps, robots.txt and the built client. Every non-API GET answers with the SPA shell
 * carrying the page's head (title, description, canonical, Open Graph, JSON-LD), a crawler-readable
 * body, and the page's real status (404 for unknown paths and missing apps, 301 for moved ones).
 */
export const seoRoutes: ModulePlugin = async (app, { ctx }) => {
  const shell = new ShellTemplate(path.join(clientDir, 'index.html'));
  const sitemaps = new Sitemaps(ctx);
  const publicUrl = ctx.env.PUBLIC_URL;

  if (fs.existsSync(assetsDir)) {
    // Hashed file names: a changed file gets a new name, so browsers may keep these for a year.
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      index: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
    });
    // Done before listening (only new builds need it), so the first visitor already gets small files.
    await precompressAssets(assetsDir, (error) => ctx.log.warn({ err: error }, 'could not precompress a client asset'));
  }

  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl, isAdminHostname(request.hostname))),
  );
  app.get('/sitemap.xml', async (_request, reply) => xml(reply, await sitemaps.index()));
  app.get('/sitemap-pages.xml', async (_request, reply) => xml(reply, await sitemaps.pages()));
  app.get('/sitemap-blog.xml', async (_request, reply) => xml(reply, await sitemaps.blog()));
  for (const family of PAGED_SITEMAPS) {
    app.get<{ Params: { file: string } }>(`/sitemap-${family}-:file`, async (request, reply) => {
      const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
      const body = match ? await sitemaps.paged(family, Number(match[1])) : null;
      if (body === null) return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap.');
      return xml(reply, body);
    });
  }

  const sendPage = (reply: FastifyReply, acceptEncoding: string | undefined, head: PageHead, status: number, preloads: { chunk?: string | null; data?: string | null } = {}) => {
    const preload = [
      preloads.chunk ? `<link rel="modulepreload" crossorigin href="${escapeHtml(preloads.chunk)}" />` : '',
      preloads.data ? `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(preloads.data)}" />` : '',
    ]
      .filter(Boolean)
      .map((tag) => `\n    ${tag}`)
      .join('');
    const html = renderDocument(shell.html(), renderHead(head, publicUrl) + preload, head.bodyHtml ?? '');
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    const compressed = compressHtml(html, acceptEncoding);
    if (!compressed) return reply.send(html);
    return reply.header('content-encoding', compressed.encoding).send(compressed.body);
  };

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const lowerPath = url.pathname.toLowerCase();
    if (lowerPath === '/api' || lowerPath.startsWith('/api/')) {
      return reply.status(404).send(errorBody('not_found', 'No such API route'));
    }
    const rootFile = ROOT_FILE.exec(url.pathname)?.[1];
    if (rootFile && rootFile !== 'index.html' && fs.existsSync(path.join(clientDir, rootFile))) {
      // Unhashed names (favicon): cached for an hour, not forever.
      return reply.sendFile(rootFile, clientDir, { maxAge: 3_600_000, immutable: false });
    }
    let head: PageHead;
    try {
      head = await resolvePageHead(ctx, { path: url.pathname, query: url.searchParams, hostname: request.hostname });
    } catch (error) {
      // The shell still starts the SPA, which shows its own error states.
      request.log.error({ err: error }, 'could not resolve the page head');
      return sendPage(reply, request.headers['accept-encoding'], { title: fullTitle('Aitlas'), description: 'Aitlas, a marketplace of AI tools.', canonicalPath: '/', noindex: true }, 503);
    }
    if (head.redirect) return reply.redirect(head.redirect, head.status ?? 301);
    const status = head.status ?? 200;
    const chunkModule = status === 200 ? pageModule(url.pathname, isAdminHostname(request.hostname)) : null;
    return sendPage(reply, request.headers['accept-encoding'], head, status, {
      chunk: chunkModule ? shell.chunkUrl(chunkModule) : null,
      data: chunkModule === 'app-detail-page' ? appDataUrl(url) : null,
    });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || request.method !== 'GET') {
      return reply.status(404).send(errorBody('not_found', request.url.startsWith('/api/') ? 'No such API route' : 'Not found'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
};
