import type { AdminApp } from '@shared/schemas/admin-app';
import type { App } from '@shared/schemas/app';
import { hostOf } from './app-identity';
import type { AppWithCategory } from '../../db/catalogue';

/** Builds the logo URL from the LOGO_SERVICE_URL template (`{host}` placeholder); null when disabled. */
export function logoUrlFor(url: string, template: string): string | null {
  const host = hostOf(url);
  if (!host || !template) return null;
  return template.replaceAll('{host}', encodeURIComponent(host));
}

/** The public App shape of a row (spec §3 App). Internal keys (normalised url/name, source) stay inside. */
export function presentApp(row: AppWithCategory, logoTemplate: string): App {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    longDescription: row.longDescription,
    url: row.url,
    category: row.categoryName,
    categorySlug: row.categorySlug,
    nameSlug: row.nameSlug,
    tags: row.tags,
    features: row.features,
    useCases: row.useCases,
    monthlyVisitors: Number(row.monthlyVisitors),
    rating: row.rating,
    trafficGrowth: row.trafficGrowth,
    status: row.status,
    screenshotUrl: row.screenshotUrl,
    logoUrl: row.iconUrl ?? logoUrlFor(row.url, logoTemplate),
    viewCount: row.viewCount,
    saveCount: row.saveCount,
    aiGenerated: row.aiGenerated,
    detectedAt: row.detectedAt.toISOString(),
    pricingType: row.pricingType,
    company: row.company,
    foundedYear: row.foundedYear,
    location: row.location,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    defunct: row.defunctAt !== null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

/** The curators' shape of a row: the public one with its status and publication time. */
export function presentAdminApp(row: AppWithCategory, logoTemplate: string): AdminApp {
  return { ...presentApp(row, logoTemplate), publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null };
}
