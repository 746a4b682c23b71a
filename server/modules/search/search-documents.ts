import type { AppWithCategory } from '../../db/catalogue';
import type { SearchDocument } from './engine/search-index';

/** The engine's view of an app row. */
export function toSearchDocument(row: AppWithCategory): SearchDocument {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    longDescription: row.longDescription,
    category: row.categoryName,
    tags: row.tags,
    features: row.features,
    useCases: row.useCases,
    pricingType: row.pricingType,
    monthlyVisitors: Number(row.monthlyVisitors),
    rating: row.rating,
    viewCount: row.viewCount,
    saveCount: row.saveCount,
    company: row.company,
    location: row.location,
  };
}
