import type { AlternativesListResponse, AlternativesResponse } from '@shared/schemas/alternatives';

/** The alternatives of an app as the screens list them: each alternative with the fields its card shows. */
export function presentAlternativesList(answer: AlternativesResponse): AlternativesListResponse {
  const { id, name, category, categorySlug, nameSlug } = answer.app;
  return {
    app: { id, name, category, categorySlug, nameSlug },
    alternatives: answer.alternatives.map((alternative) => ({
      id: alternative.id,
      name: alternative.name,
      category: alternative.category,
      categorySlug: alternative.categorySlug,
      nameSlug: alternative.nameSlug,
      logoUrl: alternative.logoUrl,
      rating: alternative.rating,
      monthlyVisitors: alternative.monthlyVisitors,
      pricingType: alternative.pricingType,
      reason: alternative.reason,
      similarity: alternative.similarity,
    })),
  };
}
