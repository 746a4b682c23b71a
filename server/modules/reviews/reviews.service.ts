import { REVIEW_BURST_THRESHOLD, REVIEW_NEAR_DUPLICATE_SIMILARITY, REVIEW_REPORT_FLAG_THRESHOLD } from '@shared/constants';
import type {
  AdminReview,
  OwnReview,
  PublicReview,
  ReviewFlag,
  ReviewInput,
  ReviewMarkResult,
  ReviewSort,
  ReviewStatus,
  ReviewSummary,
} from '@shared/schemas/review';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { AppRecordsService } from '../apps/apps.records.service';
import { publishNotification } from '../notifications/notifications.service';
import { presentAdminReview, presentOwnReview, presentReview, roundAverage } from './reviews.presenter';
import { ReviewsRepository } from './reviews.repository';

const HOUR_MS = 3_600_000;

/** Who writes: the browser (one review per app, its own to edit). */
export interface ReviewAuthor {
  browser: string;
}

/**
 * Visitor reviews (issue 24): written without an account, held for a curator, shown once approved.
 * Averages and counts come from approved reviews only.
 */
export class ReviewsService {
  private readonly repository: ReviewsRepository;
  private readonly apps: AppRecordsService;

  constructor(private readonly ctx: AppContext) {
    this.repository = new ReviewsRepository(ctx.db);
    this.apps = new AppRecordsService(ctx.db);
  }

  /**
   * Stores a visitor's review of a public app as pending, flags what looks suspicious, and tells the admins.
   * @throws 404 unknown or unpublished app, 409 this browser already reviewed the app (the route limits
   *   how many reviews a browser and an address write: policies `review:browser`, `review:client`).
   */
  async create(appId: number, input: ReviewInput, author: ReviewAuthor): Promise<OwnReview> {
    const app = await this.publicApp(appId);
    if (await this.repository.findOwn(appId, author.browser)) throw this.alreadyReviewed();
    const flags = await this.flagsFor(appId, input.text, author.browser);
    const row = await this.repository.insert({ appId, authorKey: author.browser, ...input, flags });
    // Two requests of one browser at once: the unique key lets one through.
    if (!row) throw this.alreadyReviewed();
    await this.notify(app.name, row.name, flags.length > 0);
    return presentOwnReview(row);
  }

  /**
   * Replaces this browser's review of the app; it goes back to moderation.
   * @throws 404 unknown app or no review by this browser.
   */
  async updateOwn(appId: number, input: ReviewInput, author: ReviewAuthor): Promise<OwnReview> {
    const app = await this.publicApp(appId);
    const existing = await this.repository.findOwn(appId, author.browser);
    if (!existing) throw notFound('You have not reviewed this app yet.');
    const flags = await this.flagsFor(appId, input.text, author.browser, existing.flags as ReviewFlag[]);
    const row = await this.repository.updateOwn(appId, author.browser, { ...input, flags });
    if (!row) throw notFound('You have not reviewed this app yet.');
    // An approved review that is edited leaves the page until it is approved again.
    if (existing.status === 'approved') await this.ctx.changes.publish('apps.changed', { ids: [appId] });
    await this.notify(app.name, row.name, flags.length > 0);
    return presentOwnReview(row);
  }

  /** This browser's review of the app, whatever its status; null when it wrote none. */
  async own(appId: number, browser: string): Promise<OwnReview | null> {
    await this.publicApp(appId);
    const row = await this.repository.findOwn(appId, browser);
    return row ? presentOwnReview(row) : null;
  }

  /** Approved reviews of a public app. @throws 404 */
  async listApproved(appId: number, sort: ReviewSort, limit: number): Promise<PublicReview[]> {
    await this.publicApp(appId);
    return (await this.repository.listApproved(appId, sort, limit)).map(presentReview);
  }

  /** Average and count of a public app's approved reviews. @throws 404 */
  async summary(appId: number): Promise<ReviewSummary> {
    await this.publicApp(appId);
    return this.summaryOf(appId);
  }

  /** Average and count of an app's approved reviews, whether or not the app is public (callers check). */
  async summaryOf(appId: number): Promise<ReviewSummary> {
    const { average, count } = await this.repository.approvedSummary(appId);
    return { average: roundAverage(average), count };
  }

  /**
   * "Was this helpful?" or a report, once per visitor per review (repeats are answered, not counted).
   * @throws 404 unknown or not approved review (the route limits how many: policy `review-mark`).
   */
  async mark(reviewId: number, kind: 'helpful' | 'report', author: ReviewAuthor): Promise<ReviewMarkResult> {
    const review = await this.repository.findById(reviewId);
    if (!review || review.status !== 'approved' || !(await this.apps.findPublicById(review.appId)))
      throw notFound('Review not found');
    const { counted, row } = await this.repository.mark(reviewId, author.browser, kind, (count) =>
      count >= REVIEW_REPORT_FLAG_THRESHOLD
        ? { kind: 'reported', message: `Reported by ${count} visitor${count === 1 ? '' : 's'}`, evidence: { reports: count } }
        : null,
    );
    if (counted && kind === 'helpful') await this.ctx.changes.publish('apps.counted', { id: review.appId });
    // A reported review is already on the page: the curators hear of it at once.
    if (counted && kind === 'report' && row) {
      await publishNotification(this.ctx, {
        type: 'reviews_waiting',
        title: 'Review reported',
        message: `A visitor reported the review "${row.title}" by ${row.name} (${row.reportCount} report${row.reportCount === 1 ? '' : 's'}). Find it flagged under Approved in Admin → Reviews.`,
        data: { reviewId: row.id, appId: row.appId, reports: row.reportCount },
      });
    }
    return { counted, helpfulCount: row?.helpfulCount ?? review.helpfulCount };
  }

  /** The admin queue: flagged reviews first among the pending ones, newest first otherwise. */
  async adminList(status?: ReviewStatus): Promise<AdminReview[]> {
    const rows = (await this.repository.listWithApps(status)).map((row) => presentAdminReview(row.review, row.appName));
    const rank = (review: AdminReview) => (review.status === 'pending' ? (review.flags.length > 0 ? 0 : 1) : 2);
    return rows.sort((a, b) => rank(a) - rank(b));
  }

  /**
   * Approves or rejects one review (a rejection keeps its reason); a decided review can be decided
   * again the other way.
   * @throws 404 unknown review, 409 already in that status.
   */
  async moderate(id: number, status: 'approved' | 'rejected', reason: string | null): Promise<AdminReview> {
    const [row] = await this.repository.moderate([id], status, reason);
    if (!row) {
      const existing = await this.repository.findById(id);
      if (!existing) throw notFound('Review not found');
      throw conflict(`This review is already ${existing.status}.`);
    }
    await this.ctx.changes.publish('apps.changed', { ids: [row.appId] });
    const app = await this.apps.findById(row.appId);
    return presentAdminReview(row, app?.name ?? '');
  }

  /** Approves or rejects many reviews at once; unknown ones and those already in that status are skipped. */
  async bulkModerate(ids: number[], status: 'approved' | 'rejected', reason: string | null): Promise<{ updated: number }> {
    const rows = await this.repository.moderate([...new Set(ids)], status, reason);
    if (rows.length > 0) await this.ctx.changes.publish('apps.changed', { ids: [...new Set(rows.map((row) => row.appId))] });
    return { updated: rows.length };
  }

  private async publicApp(appId: number) {
    const app = await this.apps.findPublicById(appId);
    if (!app) throw notFound('App not found');
    return app;
  }

  private alreadyReviewed() {
    return conflict('You have already reviewed this app. You can edit your review instead.');
  }

  /**
   * What the moderator should look at twice: the same text on other apps (copy-paste campaigns)
   * and many reviews of one app within an hour (a burst). Reports by visitors are kept.
   */
  private async flagsFor(appId: number, text: string, browser: string, previous: ReviewFlag[] = []): Promise<ReviewFlag[]> {
    const flags = previous.filter((flag) => flag.kind === 'reported');
    const [duplicates, recent] = await Promise.all([
      this.repository.nearDuplicates(appId, text, REVIEW_NEAR_DUPLICATE_SIMILARITY),
      this.repository.countRecent(appId, new Date(Date.now() - HOUR_MS), browser),
    ]);
    if (duplicates.length > 0) {
      flags.push({
        kind: 'near_duplicate',
        message: `Near-identical to ${duplicates.length} review${duplicates.length === 1 ? '' : 's'} of other apps`,
        evidence: {
          reviews: duplicates.map((duplicate) => ({
            id: duplicate.id,
            appId: duplicate.appId,
            similarity: Math.round(duplicate.similarity * 100) / 100,
          })),
        },
      });
    }
    if (recent + 1 >= REVIEW_BURST_THRESHOLD) {
      flags.push({
        kind: 'burst',
        message: `${recent + 1} reviews of this app within an hour`,
        evidence: { reviewsInLastHour: recent + 1, threshold: REVIEW_BURST_THRESHOLD },
      });
    }
    return flags;
  }

  private async notify(appName: string, reviewer: string, flagged: boolean): Promise<void> {
    const waiting = await this.repository.countPending();
    await publishNotification(this.ctx, {
      type: 'reviews_waiting',
      title: 'Reviews wait for moderation',
      message: `${reviewer} reviewed ${appName}${flagged ? ' (flagged)' : ''}. ${waiting} review${waiting === 1 ? '' : 's'} waiting.`,
      data: { waiting },
    });
  }
}
