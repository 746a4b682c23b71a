import type { PricingType } from './query-understanding';

/** A listing as the engine sees it. */
export interface SearchDocument {
  id: number;
  name: string;
  description: string;
  longDescription: string | null;
  category: string;
  tags: string[];
  features: string[];
  useCases: string[];
  pricingType: PricingType | null;
  monthlyVisitors: number;
  /** 1–50. */
  rating: number | null;
  viewCount: number;
  saveCount: number;
  company: string | null;
  /** Where the maker is based ("Berlin, Germany"); decides an "EU / GDPR" request. */
  location?: string | null;
}
