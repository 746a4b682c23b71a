import type { ReasonEvidence } from './search';
import { z } from './zod';
import { PRICING_TYPES } from '../constants';
import type { App } from './app';

// The limits and paths live in a module without zod, so that the browser's main bundle can use them.
import { ALTERNATIVES_PAGE_LIMIT, ALTERNATIVES_SECTION_LIMIT, COMPARE_MAX_APPS, COMPARE_MIN_APPS } from '../tool-paths';

export {
  ALTERNATIVES_PAGE_LIMIT,
  ALTERNATIVES_SECTION_LIMIT,
  alternativesPath,
  COMPARE_MAX_APPS,
  COMPARE_MIN_APPS,
  comparePath,
} from '../tool-paths';

/** An app that can replace another one for its main job, with what they share. */
export interface AlternativeApp extends App {
  /** Names what the two share, e.g. "Both generate images from text prompts; Leonardo.ai has a free plan". */
  reason: string;
  /** 0..1, higher is a closer substitute. */
  similarity: number;
  /** Each claim of `reason` with both listings' own words. */
  evidence: ReasonEvidence[];
}

/** An app's alternatives as the search answers them (the public API, MCP and the pages' heads present them). */
export interface AlternativesResponse {
  app: App;
  alternatives: AlternativeApp[];
}

/** An alternative as its card shows it (the alternatives page, the app page's section), and nothing more. */
export type AlternativeListing = Pick<
  AlternativeApp,
  | 'id'
  | 'name'
  | 'category'
  | 'categorySlug'
  | 'nameSlug'
  | 'logoUrl'
  | 'rating'
  | 'monthlyVisitors'
  | 'pricingType'
  | 'reason'
  | 'similarity'
>;

/**
 * `GET /api/marketplace/app/{id}/alternatives?limit&pricing`: the app named and its alternatives as
 * their cards show them. A server-rendered page carries this answer in its HTML for hydration beside
 * the cards rendered from it, so it holds what the cards show and no more (the whole listings, their
 * evidence and dates tripled the alternatives page; the public API's alternatives keep them).
 */
export interface AlternativesListResponse {
  app: Pick<App, 'id' | 'name' | 'category' | 'categorySlug' | 'nameSlug'>;
  alternatives: AlternativeListing[];
}

export const alternativesQuerySchema = z.object({
  limit: z.coerce.number().int('Must be a whole number').min(1).max(ALTERNATIVES_PAGE_LIMIT).default(ALTERNATIVES_SECTION_LIMIT),
  pricing: z.enum(PRICING_TYPES).optional(),
});
export type AlternativesQuery = z.output<typeof alternativesQuerySchema>;

/** One aligned row of a comparison: a cell per app (in the response's app order), null where the app lacks it. */
export interface CompareRow {
  label: string;
  cells: (string | null)[];
  /**
   * When exactly one app lists this row: that app's index, and whether the others are known not to offer
   * it (`exclusive`: the row names a capability the search recognises and no other listing states it),
   * which the page says as "Only {name}"; otherwise, as "Listed by {name}" (a free-text line the others may
   * simply not have written down). Null when several apps or none list it.
   */
  owner: { index: number; exclusive: boolean } | null;
}

/** `GET /api/compare?ids=1,2` or `GET /api/compare?slugs=chatgpt,claude`. */
export interface CompareResponse {
  /** The apps in canonical order (ascending nameSlug, then id): one URL per set of apps. */
  apps: App[];
  /** The canonical page path, `/compare/{a}-vs-{b}[-vs-{c}…]` built from the apps' nameSlugs in that order. */
  path: string;
  /** Features aligned across apps; a row with a single non-null cell is something only that app has. */
  features: CompareRow[];
  useCases: CompareRow[];
}

const commaList = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

const appCount = <T extends z.ZodType>(items: z.ZodArray<T>) =>
  items
    .min(COMPARE_MIN_APPS, `Compare needs at least ${COMPARE_MIN_APPS} apps`)
    .max(COMPARE_MAX_APPS, `Compare takes at most ${COMPARE_MAX_APPS} apps`);

/** Exactly one of `ids` (comma-separated ids) or `slugs` (comma-separated nameSlugs). */
export const compareQuerySchema = z
  .object({
    ids: commaList
      .pipe(
        appCount(
          z.array(
            z.coerce
              .number<string>({ error: 'Invalid id' })
              .int('Invalid id')
              .positive('Invalid id')
              .max(2_147_483_647, 'Invalid id'),
          ),
        ),
      )
      .optional(),
    slugs: commaList.pipe(appCount(z.array(z.string().min(1).max(300)))).optional(),
  })
  .refine((query) => (query.ids === undefined) !== (query.slugs === undefined), 'Give either ids or slugs');
export type CompareQuery = z.output<typeof compareQuerySchema>;

/** What the search understood about named apps in a query (absent for plain task queries). */
export interface SearchIntent {
  kind: 'app' | 'alternatives' | 'compare';
  /** The apps the query names, in the order named. */
  apps: { id: number; name: string }[];
  /** For `alternatives`: the full list page of the named app. */
  alternativesPath?: string;
  /** For `compare`: the comparison page of the named apps. */
  comparePath?: string;
}
