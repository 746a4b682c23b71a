import type { CompareRow } from '../../shared/schemas/alternatives';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The fields of an app the alternatives and compare specs read from the public API. */
export interface ListedApp {
  id: number;
  name: string;
  category: string;
  categorySlug: string;
  nameSlug: string;
  url: string;
  pricingType: 'free' | 'freemium' | 'paid' | null;
  features: string[];
  useCases: string[];
}

/** An alternative as the API lists it for the cards. */
export type AlternativeOf = Pick<ListedApp, 'id' | 'name' | 'category' | 'categorySlug' | 'nameSlug' | 'pricingType'> & {
  reason: string;
};

export interface Comparison {
  apps: ListedApp[];
  path: string;
  features: CompareRow[];
  useCases: CompareRow[];
}

export const appPagePath = (app: Pick<ListedApp, 'categorySlug' | 'nameSlug'>) =>
  `/ai-apps/${encodeURIComponent(app.categorySlug)}/${encodeURIComponent(app.nameSlug)}`;
export const alternativesPagePath = (app: Pick<ListedApp, 'categorySlug' | 'nameSlug'>) => `${appPagePath(app)}/alternatives`;

/** The public marketplace list, most trending first. */
export async function marketplaceApps(request: APIRequestContext, query = 'limit=60'): Promise<ListedApp[]> {
  return (await (await request.get(`/api/marketplace?${query}`)).json()) as ListedApp[];
}

/** What the API lists as an app's alternatives. */
export async function alternativesOf(request: APIRequestContext, appId: number, query = 'limit=24'): Promise<AlternativeOf[]> {
  const res = await request.get(`/api/marketplace/app/${appId}/alternatives?${query}`);
  if (!res.ok()) throw new Error(`alternatives of ${appId}: ${res.status()}`);
  return ((await res.json()) as { alternatives: AlternativeOf[] }).alternatives;
}

/** What the API answers for a comparison of these apps. */
export async function comparisonOf(request: APIRequestContext, ids: number[]): Promise<Comparison> {
  const res = await request.get(`/api/compare?ids=${ids.join(',')}`);
  if (!res.ok()) throw new Error(`compare ${ids.join(',')}: ${res.status()}`);
  return (await res.json()) as Comparison;
}

/** The page itself never scrolls sideways (a wide table may scroll inside its own region). */
export async function expectNoPageScrollX(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
