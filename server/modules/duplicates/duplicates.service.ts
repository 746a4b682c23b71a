import type { DuplicateCandidate, MergeResult } from '../../../shared/schemas/duplicate';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { normalizeUrl } from '../apps/app-identity';
import { registrableDomain, textTokens } from '../link-health/link-health.signals';
import { publishNotification } from '../notifications/notifications.service';
import { DuplicatesRepository, type DuplicateSubject } from './duplicates.repository';

/** Names at least this similar (trigram similarity) are "near-identical". */
export const NAME_SIMILARITY = 0.8;
/** Descriptions at least this similar (TF-IDF cosine) are "very similar". */
export const DESCRIPTION_SIMILARITY = 0.85;
/** Tokens in more than this share of descriptions say nothing about identity. */
const COMMON_TOKEN_SHARE = 0.05;

const percent = (value: number) => `${Math.round(value * 100)} %`;

/** Registrable domain and path: `app.example.com/tool` and `www.example.com/tool` are the same site. */
export function siteKey(url: string): string | null {
  const domain = registrableDomain(url);
  if (!domain) return null;
  const normalised = normalizeUrl(url);
  const slash = normalised.indexOf('/');
  return `${domain}${slash === -1 ? '' : normalised.slice(slash)}`;
}

/**
 * Pairs of very similar descriptions by TF-IDF cosine. An inverted index over the rarer tokens
 * limits the comparison to apps that share words, so a large catalogue is not compared pair by pair.
 */
export function similarDescriptions(subjects: DuplicateSubject[], minSimilarity: number): { appId: number; duplicateOf: number; similarity: number }[] {
  const documents = subjects.map((subject) => ({ id: subject.id, tokens: textTokens(subject.description).filter((token) => token.length > 2) }));
  const documentFrequency = new Map<string, number>();
  for (const document of documents) for (const token of new Set(document.tokens)) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  const total = Math.max(1, documents.length);
  const vectors = documents.map((document) => {
    const weights = new Map<string, number>();
    for (const token of document.tokens) weights.set(token, (weights.get(token) ?? 0) + 1);
    let norm = 0;
    for (const [token, tf] of weights) {
      const weight = tf * Math.log(1 + total / (documentFrequency.get(token) ?? 1));
      weights.set(token, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    for (const [token, weight] of weights) weights.set(token, norm === 0 ? 0 : weight / norm);
    return { id: document.id, weights };
  });
  const maxFrequency = Math.max(2, Math.ceil(total * COMMON_TOKEN_SHARE));
  const postings = new Map<string, number[]>();
  vectors.forEach((vector, index) => {
    for (const token of vector.weights.keys()) {
      if ((documentFrequency.get(token) ?? 0) > maxFrequency) continue;
      const list = postings.get(token);
      if (list) list.push(index);
      else postings.set(token, [index]);
    }
  });
  const pairs: { appId: number; duplicateOf: number; similarity: number }[] = [];
  vectors.forEach((vector, index) => {
    const candidates = new Set<number>();
    for (const token of vector.weights.keys()) for (const other of postings.get(token) ?? []) if (other < index) candidates.add(other);
    for (const other of candidates) {
      const otherVector = vectors[other];
      if (!otherVector) continue;
      let dot = 0;
      for (const [token, weight] of vector.weights) dot += weight * (otherVector.weights.get(token) ?? 0);
      if (dot >= minSimilarity) pairs.push({ appId: vector.id, duplicateOf: otherVector.id, similarity: dot });
    }
  });
  return pairs;
}

/**
 * Advisory duplicate detection (same site, near-identical names, very similar descriptions) and
 * merging of a duplicate into the app that stays.
 */
export class DuplicatesService {
  private readonly repository: DuplicatesRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new DuplicatesRepository(ctx.db);
  }

  /**
   * Every candidate pair, the newer app first, with the evidence; only pairs involving `onlyIds`
   * when given (a discovery or an import).
   */
  async candidates(onlyIds?: number[]): Promise<DuplicateCandidate[]> {
    const subjects = await this.repository.subjects();
    const byId = new Map(subjects.map((subject) => [subject.id, subject]));
    const pairs = new Map<string, DuplicateCandidate>();
    const add = (appId: number, duplicateOf: number, evidence: string) => {
      const key = `${appId}:${duplicateOf}`;
      const existing = pairs.get(key);
      if (existing) existing.evidence.push(evidence);
      else pairs.set(key, { appId, duplicateOf, evidence: [evidence], name: byId.get(appId)?.name ?? '', duplicateOfName: byId.get(duplicateOf)?.name ?? '' });
    };
    const firstBySite = new Map<string, number>();
    for (const subject of subjects) {
      const key = siteKey(subject.url);
      if (!key) continue;
      const first = firstBySite.get(key);
      if (first === undefined) firstBySite.set(key, subject.id);
      else add(subject.id, first, `same site as #${first}`);
    }
    for (const pair of await this.repository.similarNames(NAME_SIMILARITY)) {
      if (byId.has(pair.appId) && byId.has(pair.duplicateOf)) add(pair.appId, pair.duplicateOf, `name ${percent(pair.similarity)} similar to #${pair.duplicateOf}`);
    }
    for (const pair of similarDescriptions(subjects, DESCRIPTION_SIMILARITY)) {
      add(pair.appId, pair.duplicateOf, `description ${percent(pair.similarity)} similar to #${pair.duplicateOf}`);
    }
    const only = onlyIds ? new Set(onlyIds) : null;
    return [...pairs.values()]
      .filter((pair) => !only || only.has(pair.appId) || only.has(pair.duplicateOf))
      .sort((a, b) => b.appId - a.appId || a.duplicateOf - b.duplicateOf);
  }

  /**
   * After a discovery or an import: tells admins which new apps look like duplicates (advisory;
   * nothing is refused or changed). Never fails the caller.
   */
  async flagNew(ids: number[], source: 'discovery' | 'import'): Promise<DuplicateCandidate[]> {
    if (ids.length === 0) return [];
    try {
      const found = await this.candidates(ids);
      if (found.length > 0) {
        const first = found[0];
        await publishNotification(this.ctx, {
          type: 'duplicate_suspected',
          title: 'Possible Duplicate',
          message: `${found.length} possible duplicate${found.length === 1 ? '' : 's'} after ${source}${first ? `: "${first.name}" — ${first.evidence.join(', ')}` : ''}.`,
          data: { pairs: found.slice(0, 20).map((pair) => ({ appId: pair.appId, duplicateOf: pair.duplicateOf, evidence: pair.evidence })) },
        });
      }
      return found;
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'duplicate check failed');
      return [];
    }
  }

  /**
   * Keeps `into` and folds `id` into it: views, saves, tags, reports, analytics events and former
   * addresses move; the merged app's page answers 301 to the kept one.
   * @throws 400 same app, 404 unknown app.
   */
  async merge(id: number, into: number): Promise<MergeResult> {
    if (id === into) throw badRequest('An app cannot be merged into itself.');
    const [from, kept] = await Promise.all([this.repository.findWithCategory(id), this.repository.findWithCategory(into)]);
    if (!from) throw notFound(`App #${id} not found`);
    if (!kept) throw notFound(`App #${into} not found`);
    const mergedTags = [...new Set([...kept.tags, ...from.tags])];
    const reports = await this.repository.merge(from, kept, mergedTags, { views: from.viewCount, saves: from.saveCount });
    await this.ctx.changes.publish('apps.changed', { ids: [id, into] });
    return { kept: into, merged: id, moved: { views: from.viewCount, saves: from.saveCount, tags: mergedTags.length - kept.tags.length, reports } };
  }
}
