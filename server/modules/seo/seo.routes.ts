import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { ModulePlugin } from '../../http/module-plugin';
import { PAGE_CACHE_CONTROL } from '../../http/public-cache';
import { errorBody } from '../../lib/errors';
import { compressHtml, precompressAssets, ShellTemplate } from './client-assets';
import { matchPage, isAdminHostname } from '@shared/page-routes';
import { escapeHtml, fullTitle, renderDocument, renderHead, serializeJsonLd } from '../../lib/html';
import type { PageHead } from '../../lib/page-head';
import { renderPublicPage } from './page-renderer';
import { resolvePageHead } from './seo.pages';
import { PAGED_SITEMAPS, robotsTxt, Sitemaps } from './sitemap';

const clientDir = path.resolve(import.meta.dirname, '../../../dist/client');
const assetsDir = path.join(clientDir, 'assets');

// Files at the root of the build (favicon and the like): one path segment with an extension.
const ROOT_FILE = /^\/([A-Za-z0-9][\w.-]*\.[A-Za-z0-9]+)$/;

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
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl, isAdminHostname(request.hostname))),
  );
  app.get('/sitemap.xml', async (_request, reply) => xml(reply, await sitemaps.index()));
  app.get('/sitemap-pages.xml', async (_request, reply) => xml(reply, await sitemaps.pages()));
  app.get('/sitemap-blog.xml', async (_request, reply) => xml(reply, await sitemaps.blog()));
  app.get('/sitemap-browse.xml', async (_request, reply) => xml(reply, await sitemaps.browse()));
  for (const family of PAGED_SITEMAPS) {
    app.get<{ Params: { file: string } }>(`/sitemap-${family}-:file`, async (request, reply) => {
      const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
      const body = match ? await sitemaps.paged(family, Number(match[1])) : null;
      if (body === null) return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap.');
      return xml(reply, body);
    });
  }

  /** The document: the shell with the page's head, its chunk's preload hint, the body and the data it was rendered with. */
  const sendPage = (
    reply: FastifyReply,
    acceptEncoding: string | undefined,
    head: PageHead,
    status: number,
    page: { chunk: string | null; body?: { html: string; state: unknown } },
  ) => {
    const preload = page.chunk ? `\n    <link rel="modulepreload" crossorigin href="${escapeHtml(page.chunk)}" />` : '';
    const state = page.body
      ? `<script id="__AITLAS_STATE__" type="application/json">${serializeJsonLd(page.body.state as object)}</script>`
      : '';
    const html = renderDocument(shell.html(), renderHead(head, publicUrl) + preload, page.body?.html ?? '', state);
    reply.status(status).type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
    const compressed = compressHtml(html, acceptEncoding);
    if (!compressed) return reply.send(html);
    return reply.header('content-encoding', compressed.encoding).send(compressed.body);
  };

  app.get('/*', ctx.publicCache.hooks(PAGE_CACHE_CONTROL), async (request, reply) => {
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
    const acceptEncoding = request.headers['accept-encoding'];
    let head: PageHead;
    try {
      head = await resolvePageHead(ctx, { path: url.pathname, query: url.searchParams, hostname: request.hostname });
    } catch (error) {
      // The shell still starts the SPA, which shows its own error states.
      request.log.error({ err: error }, 'could not resolve the page head');
      return sendPage(
        reply,
        acceptEncoding,
        { title: fullTitle('Aitlas'), description: 'Aitlas, a marketplace of AI tools.', canonicalPath: '/', noindex: true },
        503,
        { chunk: null },
      );
    }
    if (head.redirect) return reply.redirect(head.redirect, head.status ?? 301);
    if (head.appId !== undefined) ctx.publicCache.showsApp(request, head.appId);
    const status = head.status ?? 200;
    const { route } = matchPage(url.pathname, request.hostname);
    const chunk = status === 200 ? shell.chunkUrl(route.page) : null;
    // Public pages are rendered with their data; the back office, sign-in and curator previews are the browser's.
    const serverRendered =
      !isAdminHostname(request.hostname) && route.render === 'server' && url.searchParams.get('preview') !== 'true';
    if (!serverRendered) return sendPage(reply, acceptEncoding, head, status, { chunk });
    try {
      const body = await renderPublicPage(app, request.ip, {
        pathname: url.pathname,
        search: url.search,
        hostname: request.hostname,
      });
      return sendPage(reply, acceptEncoding, head, status, { chunk, body });
    } catch (error) {
      // The browser renders the page itself: a render failure costs speed, not the page.
      request.log.error({ err: error }, 'could not render the page on the server');
      return sendPage(reply, acceptEncoding, head, status, { chunk });
    }
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || request.method !== 'GET') {
      return reply.status(404).send(errorBody('not_found', request.url.startsWith('/api/') ? 'No such API route' : 'Not found'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
};
