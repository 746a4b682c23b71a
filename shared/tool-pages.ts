import type { PricingType } from './constants';
import { formatCount, formatRating } from './format';
import type { App } from './schemas/app';

const PRICING_NAMES: Record<PricingType, string> = { free: 'Free', freemium: 'Freemium', paid: 'Paid' };

/** The short pricing name of filters and comparison cells ("Free", "Freemium", "Paid", "Not specified"). */
export function pricingName(pricing: PricingType | null): string {
  return pricing ? PRICING_NAMES[pricing] : 'Not specified';
}

/** The facts rows of a comparison, above the aligned features and use cases (null: the app does not say). */
export const COMPARE_FACTS: { label: string; value: (app: App) => string | null }[] = [
  { label: 'Category', value: (app) => app.category },
  { label: 'Rating', value: (app) => `${formatRating(app.rating)} / 5` },
  { label: 'Monthly visitors', value: (app) => formatCount(app.monthlyVisitors) },
  { label: 'Pricing', value: (app) => pricingName(app.pricingType) },
  { label: 'Company', value: (app) => app.company },
  { label: 'Founded', value: (app) => (app.foundedYear ? String(app.foundedYear) : null) },
  { label: 'Location', value: (app) => app.location },
];

/** The title of an alternatives page (the browser and the server's head say the same). */
export function alternativesPageTitle(appName: string, pricing: PricingType | undefined): string {
  return pricing ? `${pricingName(pricing)} alternatives to ${appName}` : `Alternatives to ${appName}`;
}

/** "A vs B vs C": a comparison's heading. */
export function versusHeading(appNames: string[]): string {
  return appNames.join(' vs ');
}

/** The title of a comparison page (the browser and the server's head say the same). */
export function comparePageTitle(appNames: string[]): string {
  return `${versusHeading(appNames)}: AI Tool Comparison`;
}

/** Names in a sentence: "A", "A and B", "A, B and C". */
export function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
