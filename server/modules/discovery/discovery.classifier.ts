import { ALL_CATEGORY_NAME } from '@shared/constants';
import type { AppContext } from '../../context';
import { AppRecordsService } from '../apps/apps.records.service';
import { CategoriesService } from '../categories/categories.service';
import type { CategoryRow } from '../../db/catalogue';
import { ConceptMatcher } from '../search/engine/concept-matcher';
import { SearchIndex } from '../search/engine/search-index';
import { tokenizeAll } from '../search/engine/tokenize';
import { toSearchDocument } from '../search/search-documents';
import type { ExtractedApp } from './discovery.extractor';

/** The category and tags the intent model assigns to an extracted page. */
export interface Classification {
  categoryId: number;
  category: string;
  tags: string[];
  /** Why this category, for the discovery log. */
  reason: string;
}

/** Neighbours that vote on the category. */
const NEIGHBOURS = 15;
const MAX_TAGS = 8;
const QUERY_MAX_LENGTH = 500;
/** Price words would become hard constraints of the search and bias the neighbours toward one price. */
const PRICE_WORDS =
  /\b(free\w*|gratis|no[\s-]cost|open[\s-]?source\w*|cheap\w*|affordable|pricing|prices?|paid|subscriptions?|credit[\s-]card|trial)\b/gi;
/** How long a built index of the catalogue is reused before it is rebuilt from the database. */
const INDEX_TTL_MS = 60_000;

const matcher = new ConceptMatcher();

/** The kebab-case tag of a lexicon concept id. */
function conceptTag(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Tags of a text: the task concepts of the search lexicon that its capability vocabulary mentions,
 * most evidenced first (platform and audience concepts follow the tasks).
 */
export function tagsFromText(text: string, limit = MAX_TAGS): string[] {
  const hits = matcher.match(tokenizeAll(text), true);
  const score = new Map<number, number>();
  for (const hit of hits) score.set(hit.concept, (score.get(hit.concept) ?? 0) + hit.length);
  return [...score.entries()]
    .sort((a, b) => {
      const kindA = matcher.concepts[a[0]]?.kind === 'task' ? 0 : 1;
      const kindB = matcher.concepts[b[0]]?.kind === 'task' ? 0 : 1;
      return kindA - kindB || b[1] - a[1] || a[0] - b[0];
    })
    .map(([index]) => conceptTag(matcher.concepts[index]?.id ?? ''))
    .filter(Boolean)
    .slice(0, limit);
}

/** The text that describes a page to the intent model: name, description, features and what the page calls its category. */
export function classificationQuery(page: ExtractedApp): string {
  const parts = [
    page.name,
    page.description,
    ...page.features.slice(0, 6),
    page.applicationCategory ?? '',
    ...page.keywords.slice(0, 6),
  ];
  return parts.join('. ').replace(PRICE_WORDS, ' ').replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX_LENGTH);
}

function normalizedWords(value: string): string {
  return value
    .toLowerCase()
    .replace(/application$/i, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Files a discovered page under one of the active categories with the search's own intent model:
 * the page's description is run as a query against the published catalogue and its nearest
 * neighbours vote (by score) for their categories. A category the page names itself (JSON-LD
 * `applicationCategory`) or that the query understanding recognises adds a vote. Tags are the
 * lexicon concepts the page's text mentions.
 */
export class DiscoveryClassifier {
  private cached: { index: SearchIndex; categoryOf: Map<number, number>; builtAt: number } | null = null;
  private readonly apps: AppRecordsService;
  private readonly categories: CategoriesService;

  constructor(ctx: AppContext) {
    this.apps = new AppRecordsService(ctx.db);
    this.categories = new CategoriesService(ctx.db);
  }

  /** Drops the cached index (after the catalogue changed). */
  invalidate(): void {
    this.cached = null;
  }

  private async catalogue(): Promise<{ index: SearchIndex; categoryOf: Map<number, number> }> {
    if (this.cached && Date.now() - this.cached.builtAt < INDEX_TTL_MS) return this.cached;
    const rows = await this.apps.allPublic();
    this.cached = {
      index: new SearchIndex(rows.map(toSearchDocument)),
      categoryOf: new Map(rows.map((row) => [row.id, row.categoryId])),
      builtAt: Date.now(),
    };
    return this.cached;
  }

  /**
   * The category and tags of an extracted page, or null when no active category exists to file it under.
   */
  async classify(page: ExtractedApp): Promise<Classification | null> {
    const active = (await this.categories.activeRows()).filter(
      (category) => category.name.toLowerCase() !== ALL_CATEGORY_NAME.toLowerCase(),
    );
    if (active.length === 0) return null;
    const byId = new Map(active.map((category) => [category.id, category]));
    const votes = new Map<number, number>();
    const query = classificationQuery(page);
    const { index, categoryOf } = await this.catalogue();
    let understoodCategory: string | null = null;
    let neighbours = 0;
    if (index.size > 0 && query) {
      const outcome = index.search(query, { limit: NEIGHBOURS });
      understoodCategory = outcome.understood.category;
      outcome.hits.forEach((hit, rank) => {
        const categoryId = categoryOf.get(hit.id);
        if (categoryId === undefined || !byId.has(categoryId)) return;
        neighbours++;
        // Score-weighted, with a gentle rank decay so a long tail of weak matches cannot outvote the best ones.
        votes.set(categoryId, (votes.get(categoryId) ?? 0) + hit.score / (1 + rank * 0.15));
      });
    }
    const strongest = Math.max(0, ...votes.values());
    const named = this.namedCategory(active, page.applicationCategory) ?? this.namedCategory(active, understoodCategory);
    if (named) votes.set(named.id, (votes.get(named.id) ?? 0) + Math.max(strongest * 0.6, 1));

    const winner = [...votes.entries()].sort(
      (a, b) => b[1] - a[1] || (byId.get(a[0])?.sortOrder ?? 0) - (byId.get(b[0])?.sortOrder ?? 0),
    )[0];
    const category = (winner ? byId.get(winner[0]) : undefined) ?? this.byNameInText(active, query) ?? active[0];
    if (!category) return null;
    const tags = tagsFromText(
      [page.name, page.description, page.longDescription ?? '', ...page.features, ...page.useCases].join('\n'),
    );
    const reason = winner
      ? `${category.name} by ${neighbours} similar app${neighbours === 1 ? '' : 's'}${named?.id === category.id ? " and the page's own category" : ''}`
      : `${category.name} (no similar app; default category)`;
    return { categoryId: category.id, category: category.name, tags, reason };
  }

  private namedCategory(active: CategoryRow[], named: string | null): CategoryRow | undefined {
    if (!named) return undefined;
    const wanted = normalizedWords(named);
    if (!wanted) return undefined;
    return active.find((category) => {
      const name = normalizedWords(category.name);
      return name === wanted || wanted.split(' ').includes(name) || name.split(' ').includes(wanted);
    });
  }

  private byNameInText(active: CategoryRow[], text: string): CategoryRow | undefined {
    const lower = ` ${normalizedWords(text)} `;
    return active.find((category) => lower.includes(` ${normalizedWords(category.name)} `));
  }
}
