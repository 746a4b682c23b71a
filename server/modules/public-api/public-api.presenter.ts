import { comparePath } from '@shared/schemas/alternatives';
import type { AlternativesResponse, CompareResponse } from '@shared/schemas/alternatives';
import type { App, SearchResponse } from '@shared/schemas/app';
import type {
  ApiAlternativesResponse,
  ApiApp,
  ApiCompareResponse,
  ApiReview,
  ApiSearchResponse,
} from '@shared/schemas/public-api';
import type { PublicReview } from '@shared/schemas/review';

/** The public page of an app on this site. */
export function appPageUrl(publicUrl: string, app: Pick<App, 'categorySlug' | 'nameSlug'>): string {
  return `${publicUrl}/ai-apps/${encodeURIComponent(app.categorySlug)}/${encodeURIComponent(app.nameSlug)}`;
}

/**
 * The v1 shape of an app: stable and documented, independent of the screens' App shape (renamed
 * fields, the rating on a 0–5 scale, absolute page URL, no internal status).
 */
export function presentApiApp(app: App, publicUrl: string): ApiApp {
  return {
    id: app.id,
    name: app.name,
    slug: app.nameSlug,
    description: app.description,
    longDescription: app.longDescription,
    category: { name: app.category, slug: app.categorySlug },
    pageUrl: appPageUrl(publicUrl, app),
    websiteUrl: app.url,
    logoUrl: app.logoUrl,
    screenshotUrl: app.screenshotUrl,
    pricing: app.pricingType,
    rating: app.rating === null ? null : Math.round(app.rating) / 10,
    monthlyVisitors: app.monthlyVisitors,
    trafficGrowth: app.trafficGrowth,
    tags: app.tags,
    features: app.features,
    useCases: app.useCases,
    company: app.company,
    foundedYear: app.foundedYear,
    location: app.location,
    viewCount: app.viewCount,
    saveCount: app.saveCount,
    createdAt: app.createdAt,
    updatedAt: app.updatedAt,
  };
}

/** A search answer in the v1 shape. */
export function presentApiSearch(query: string, result: SearchResponse, publicUrl: string): ApiSearchResponse {
  return {
    query,
    confidence: result.confidence,
    reasoning: result.reasoning,
    ...(result.relaxed && result.relaxed.length > 0 ? { relaxed: result.relaxed } : {}),
    unsure: result.unsure,
    understood: result.understood.chips.map(({ kind, label }) => ({ kind, label })),
    data: result.apps.map((app) => ({ ...presentApiApp(app, publicUrl), matchReason: app.matchReason, evidence: app.evidence })),
  };
}

/** An alternatives list in the v1 shape. */
export function presentApiAlternatives(result: AlternativesResponse, publicUrl: string): ApiAlternativesResponse {
  return {
    app: presentApiApp(result.app, publicUrl),
    data: result.alternatives.map((alternative) => ({
      ...presentApiApp(alternative, publicUrl),
      reason: alternative.reason,
      evidence: alternative.evidence,
      similarity: alternative.similarity,
    })),
  };
}

/** A comparison in the v1 shape. */
export function presentApiCompare(result: CompareResponse, publicUrl: string): ApiCompareResponse {
  return {
    data: result.apps.map((app) => presentApiApp(app, publicUrl)),
    pageUrl: `${publicUrl}${result.path || comparePath(result.apps)}`,
    // v1's rows are label and cells only: the site's "Only"/"Listed by" marks are not part of the contract.
    features: result.features.map(({ label, cells }) => ({ label, cells })),
    useCases: result.useCases.map(({ label, cells }) => ({ label, cells })),
  };
}

/** A visitor's approved review in the v1 shape (no app id: it is listed under its app). */
export function presentApiReview(review: PublicReview): ApiReview {
  return {
    id: review.id,
    rating: review.rating,
    title: review.title,
    text: review.text,
    name: review.name,
    helpfulCount: review.helpfulCount,
    createdAt: review.createdAt,
  };
}
