import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { AppRecordsService } from '../apps/apps.records.service';
import { ReviewsService } from '../reviews/reviews.service';
import { badgeSvg } from './badge-svg';

const BADGE_FILE = /^(\d{1,10})\.svg$/i;

/** The "Featured on Aitlas" badge of a public app: which rating it shows, and its ETag. */
export class BadgesService {
  private readonly apps: AppRecordsService;
  private readonly reviews: ReviewsService;

  constructor(ctx: AppContext) {
    this.apps = new AppRecordsService(ctx.db);
    this.reviews = new ReviewsService(ctx);
  }

  /**
   * The badge of `{id}.svg`: the approved reviews' average and count when there are any, else the
   * curators' rating.
   * @throws 400 not `{app id}.svg`, 404 unknown or unpublished app.
   */
  async badge(file: string): Promise<{ svg: string; etag: string }> {
    const match = BADGE_FILE.exec(file);
    if (!match?.[1] || Number(match[1]) > 2_147_483_647) throw badRequest('A badge is /badge/{app id}.svg');
    const row = await this.apps.findPublicById(Number(match[1]));
    if (!row) throw notFound('App not found');
    const summary = await this.reviews.summaryOf(row.id);
    const svg =
      summary.count > 0 && summary.average !== null
        ? badgeSvg({ name: row.name, rating: summary.average, reviewCount: summary.count })
        : badgeSvg({ name: row.name, rating: row.rating === null ? null : row.rating / 10, reviewCount: null });
    return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"` };
  }
}
