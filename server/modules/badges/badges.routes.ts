import { z } from 'zod';
import type { ModulePlugin } from '../../http/module-plugin';
import { BadgesService } from './badges.service';

/** Embedded on makers' sites: browsers and CDNs may keep a badge an hour, then revalidate by ETag. */
const BADGE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * `GET /badge/{id}.svg`: the "Featured on Aitlas" badge of a public app, with its name and rating
 * (the approved reviews' average and count when there are any, else the curators' rating).
 */
export const badgesRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new BadgesService(ctx);

  // The file name is checked by the service, whose 400 says what a badge address looks like.
  app.get('/badge/:file', { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { svg, etag } = await service.badge(request.params.file);
    reply
      .header('cache-control', BADGE_CACHE_CONTROL)
      .header('etag', etag)
      .header('content-type', 'image/svg+xml; charset=utf-8');
    // Standalone image: it needs no script and may be shown on any site.
    reply
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cross-origin-resource-policy', 'cross-origin');
    if ((request.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return reply.code(304).send();
    return svg;
  });
};
