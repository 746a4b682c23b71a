import type { PricingType } from '@shared/constants';

const NAMES: Record<PricingType, string> = { free: 'Free', freemium: 'Freemium', paid: 'Paid' };

/** The short pricing name of filters and comparison cells ("Free", "Freemium", "Paid", "Not specified"). */
export function pricingName(pricing: PricingType | null): string {
  return pricing ? NAMES[pricing] : 'Not specified';
}
