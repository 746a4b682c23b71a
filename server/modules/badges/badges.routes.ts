import { createHash } from 'node:crypto';
import type { ModulePlugin } from '../../http/module-plugin';
import { badRequest, notFound } from '../../lib/errors';
import { AppRecordsService } from '../apps/apps.records.service';
import { ReviewsService } from '../reviews/reviews.service';
import { badgeSvg } from './badge-svg';

const BADGE_FILE = /^(\d{1,10})\.svg$/i;
/** Embedded on makers' sites: browsers and CDNs may keep a badge an hour, then revalidate by ETag. */
const BADGE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * `GET /badge/{id}.svg`: the "Featured on Aitlas" badge of a public app, with its name and rating
 * (the approved reviews' average and count when there are any, else the curators' rating).
 */
export const badgesRoutes: ModulePlugin = async (app, { ctx }) => {
  const apps = new AppRecordsService(ctx.db);
  const reviews = new ReviewsService(ctx);

  app.get('/badge/:file', async (request, reply) => {
    const match = BADGE_FILE.exec((request.params as { file: string }).file);
    if (!match?.[1] || Number(match[1]) > 2_147_483_647) throw badRequest('A badge is /badge/{app id}.svg');
    const row = await apps.findPublicById(Number(match[1]));
    if (!row) throw notFound('App not found');
    const summary = await reviews.summaryOf(row.id);
    const svg =
      summary.count > 0 && summary.average !== null
        ? badgeSvg({ name: row.name, rating: summary.average, reviewCount: summary.count })
        : badgeSvg({ name: row.name, rating: row.rating === null ? null : row.rating / 10, reviewCount: null });
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', BADGE_CACHE_CONTROL).header('etag', etag).header('content-type', 'image/svg+xml; charset=utf-8');
    // Standalone image: it needs no script and may be shown on any site.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").header('cross-origin-resource-policy', 'cross-origin');
    if ((request.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    return svg;
  });
};
