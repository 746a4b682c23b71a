import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { retryOnDeadlock } from '../../db/deadlock-retry';
import {
  appEvents,
  appIdRedirects,
  appReports,
  appSlugRedirects,
  apps,
  categories,
  duplicateDismissals,
  duplicateFlags,
  visitorMarks,
} from '../../db/schema';

/** A pair the scan compared: `otherId` shares the address or has a near-identical name. */
export interface DuplicateMatch {
  appId: number;
  otherId: number;
  sameAddress: boolean;
  nameSimilarity: number;
  descriptionSimilarity: number;
}

/** A stored flag with both apps' names. */
export interface StoredFlag {
  appId: number;
  duplicateOf: number;
  evidence: string[];
  name: string;
  duplicateOfName: string;
}

type Rows<T> = { rows?: T[] } | T[];
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Queries of duplicate detection and merging; no rules here. */
export class DuplicatesRepository {
  constructor(private readonly db: Db) {}

  /** Up to `limit` apps not compared since they were created or edited, oldest first (a partial index). */
  async pendingIds(limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: apps.id })
      .from(apps)
      .where(sql`${apps.duplicateScannedAt} IS NULL`)
      .orderBy(apps.id)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * For apps of `ids` in order, the apps with the same normalised address (b-tree index) or a name at
   * least `minNameSimilarity` similar (pg_trgm `%` with the threshold set for this transaction, so the
   * name's trigram index answers), with the name and description similarities; rejected apps and
   * dismissed pairs are left out. One transaction that takes no further app once `budgetMs` has
   * passed: on PGlite a transaction holds the only connection, so requests wait for that long at
   * most, not for a whole batch.
   * @returns the apps compared (a prefix of `ids`, at least one) and their matches.
   */
  async matches(
    ids: number[],
    minNameSimilarity: number,
    budgetMs: number,
  ): Promise<{ compared: number[]; matches: DuplicateMatch[] }> {
    if (ids.length === 0) return { compared: [], matches: [] };
    type Row = { id: number; same_address: boolean; name_similarity: number; description_similarity: number };
    const started = performance.now();
    return this.db.transaction(async (tx) => {
      // For this transaction only: the `%` threshold, and bitmap scans of the indexes (on a catalogue of
      // a few thousand apps the planner prefers reading the table, 20 times slower per app than the
      // trigram index).
      await tx.execute(
        sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(minNameSimilarity)}, true), set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
      );
      const compared: number[] = [];
      const matches: DuplicateMatch[] = [];
      for (const id of ids) {
        if (compared.length > 0 && performance.now() - started >= budgetMs) break;
        compared.push(id);
        const [subject] = await tx
          .select({ id: apps.id, name: apps.name, description: apps.description, normalizedUrl: apps.normalizedUrl })
          .from(apps)
          .where(and(eq(apps.id, id), sql`${apps.status} <> 'rejected'`));
        if (!subject) continue;
        const dismissed = await tx
          .select({ appId: duplicateDismissals.appId, duplicateOf: duplicateDismissals.duplicateOf })
          .from(duplicateDismissals)
          .where(or(eq(duplicateDismissals.appId, id), eq(duplicateDismissals.duplicateOf, id)));
        const skip = new Set(dismissed.map((pair) => (pair.appId === id ? pair.duplicateOf : pair.appId)));
        // The subject's values as constants: the planner then asks the address index and the name's
        // trigram index (a join over many apps was planned as a comparison of every pair).
        const result = await tx.execute(sql`
          SELECT id, normalized_url = ${subject.normalizedUrl} AS same_address,
                 similarity(name, ${subject.name})::float8 AS name_similarity,
                 similarity(description, ${subject.description})::float8 AS description_similarity
          FROM apps
          WHERE id IN (
            SELECT id FROM apps WHERE normalized_url = ${subject.normalizedUrl}
            UNION
            SELECT id FROM apps WHERE name % ${subject.name})
            AND id <> ${subject.id} AND status <> 'rejected'`);
        for (const row of rowsOf<Row>(result as Rows<Row>)) {
          if (skip.has(Number(row.id))) continue;
          matches.push({
            appId: subject.id,
            otherId: Number(row.id),
            sameAddress: Boolean(row.same_address),
            nameSimilarity: Number(row.name_similarity),
            descriptionSimilarity: Number(row.description_similarity),
          });
        }
      }
      return { compared, matches };
    });
  }

  /**
   * Replaces the flags of the compared apps `ids` with `flags` and marks them compared, in one
   * transaction. An app edited meanwhile was reset to pending by its write and is compared again.
   */
  async saveScan(
    ids: number[],
    flags: { appId: number; duplicateOf: number; evidence: string[] }[],
    scannedAt: Date,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      const before = await tx
        .select({ appId: duplicateFlags.appId, duplicateOf: duplicateFlags.duplicateOf })
        .from(duplicateFlags)
        .where(or(inArray(duplicateFlags.appId, ids), inArray(duplicateFlags.duplicateOf, ids)));
      await tx.delete(duplicateFlags).where(or(inArray(duplicateFlags.appId, ids), inArray(duplicateFlags.duplicateOf, ids)));
      if (flags.length > 0) {
        await tx
          .insert(duplicateFlags)
          .values(flags)
          .onConflictDoUpdate({
            target: [duplicateFlags.appId, duplicateFlags.duplicateOf],
            set: { evidence: sql`excluded.evidence` },
          });
      }
      // updated_at stays: a comparison changes nothing a visitor sees (and the search index would be rebuilt for it).
      await tx
        .update(apps)
        .set({ duplicateScannedAt: scannedAt, updatedAt: sql`${apps.updatedAt}` })
        .where(and(inArray(apps.id, ids), sql`${apps.duplicateScannedAt} IS NULL`, sql`${apps.updatedAt} <= ${scannedAt}`));
      const known = new Set(before.map((pair) => `${pair.appId}:${pair.duplicateOf}`));
      return flags.filter((flag) => !known.has(`${flag.appId}:${flag.duplicateOf}`)).length;
    });
  }

  /** Stored flags, newest app first; only those involving `onlyIds` when given. */
  async flags(onlyIds?: number[], limit = 1000): Promise<StoredFlag[]> {
    const a = alias(apps, 'a');
    const b = alias(apps, 'b');
    const rows = await this.db
      .select({
        appId: duplicateFlags.appId,
        duplicateOf: duplicateFlags.duplicateOf,
        evidence: duplicateFlags.evidence,
        name: a.name,
        duplicateOfName: b.name,
      })
      .from(duplicateFlags)
      .innerJoin(a, eq(a.id, duplicateFlags.appId))
      .innerJoin(b, eq(b.id, duplicateFlags.duplicateOf))
      .where(onlyIds ? or(inArray(duplicateFlags.appId, onlyIds), inArray(duplicateFlags.duplicateOf, onlyIds)) : undefined)
      .orderBy(desc(duplicateFlags.appId), asc(duplicateFlags.duplicateOf))
      .limit(limit);
    return rows;
  }

  /** Records "Not a duplicate" for the pair and drops its flag. @returns false when an app is unknown. */
  async dismiss(appId: number, duplicateOf: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: apps.id })
        .from(apps)
        .where(inArray(apps.id, [appId, duplicateOf]));
      if (found.length < 2) return false;
      await tx.insert(duplicateDismissals).values({ appId, duplicateOf }).onConflictDoNothing();
      await tx.delete(duplicateFlags).where(and(eq(duplicateFlags.appId, appId), eq(duplicateFlags.duplicateOf, duplicateOf)));
      return true;
    });
  }

  async findWithCategory(id: number) {
    const [row] = await this.db
      .select({
        id: apps.id,
        name: apps.name,
        tags: apps.tags,
        viewCount: apps.viewCount,
        saveCount: apps.saveCount,
        status: apps.status,
        nameSlug: apps.nameSlug,
        categoryId: apps.categoryId,
        categorySlug: categories.slug,
      })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(eq(apps.id, id));
    return row;
  }

  /**
   * Folds app `from` into app `into` in one transaction: events, visitor marks, reports and former
   * addresses move; counters add up; tags unite; `from` is deleted and its page becomes a former
   * address of `into` (answered with a 301). Both app rows are locked first, in id order, and the
   * counters and tags are read under that lock: moving the children first and deleting `from` last
   * deadlocked with a delete of `from` (which locks the app and then its children), and counters
   * read before the transaction lost the views counted meanwhile.
   * @returns what moved, or null when one of the two apps no longer exists.
   */
  async merge(
    from: { id: number; categorySlug: string; nameSlug: string },
    intoId: number,
  ): Promise<{ reports: number; views: number; saves: number; tagsAdded: number } | null> {
    // A review, claim or report written on `from` meanwhile takes a key-share lock on it and may then wait on a row
    // this merge holds: PostgreSQL aborts one of the two (fuzzing's race answered the merge 500 once in CI).
    return retryOnDeadlock(() =>
      this.db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: apps.id, tags: apps.tags, viewCount: apps.viewCount, saveCount: apps.saveCount })
          .from(apps)
          .where(inArray(apps.id, [from.id, intoId]))
          .orderBy(asc(apps.id))
          .for('update');
        const source = locked.find((row) => row.id === from.id);
        const target = locked.find((row) => row.id === intoId);
        if (!source || !target) return null;
        const mergedTags = [...new Set([...target.tags, ...source.tags])];
        await tx.update(appEvents).set({ appId: intoId }).where(eq(appEvents.appId, from.id));
        await tx.execute(sql`
        INSERT INTO visitor_marks (visitor_id, app_id, kind, last_at)
        SELECT visitor_id, ${intoId}, kind, last_at FROM visitor_marks WHERE app_id = ${from.id}
        ON CONFLICT DO NOTHING`);
        await tx.delete(visitorMarks).where(eq(visitorMarks.appId, from.id));
        const moved = await tx
          .update(appReports)
          .set({ appId: intoId })
          .where(eq(appReports.appId, from.id))
          .returning({ id: appReports.id });
        await tx.update(appSlugRedirects).set({ appId: intoId }).where(eq(appSlugRedirects.appId, from.id));
        await tx
          .update(apps)
          .set({
            tags: mergedTags,
            viewCount: target.viewCount + source.viewCount,
            saveCount: target.saveCount + source.saveCount,
          })
          .where(eq(apps.id, intoId));
        await tx.update(appIdRedirects).set({ appId: intoId }).where(eq(appIdRedirects.appId, from.id));
        await tx.delete(apps).where(eq(apps.id, from.id));
        await tx
          .insert(appIdRedirects)
          .values({ fromId: from.id, appId: intoId })
          .onConflictDoUpdate({ target: appIdRedirects.fromId, set: { appId: intoId } });
        const intoPage = await tx
          .select({ nameSlug: apps.nameSlug, categorySlug: categories.slug })
          .from(apps)
          .innerJoin(categories, eq(apps.categoryId, categories.id))
          .where(and(eq(apps.id, intoId)));
        const samePage = intoPage[0]?.nameSlug === from.nameSlug && intoPage[0]?.categorySlug === from.categorySlug;
        if (!samePage) {
          await tx
            .insert(appSlugRedirects)
            .values({ appId: intoId, categorySlug: from.categorySlug, nameSlug: from.nameSlug })
            .onConflictDoUpdate({
              target: [appSlugRedirects.categorySlug, appSlugRedirects.nameSlug],
              set: { appId: intoId, updatedAt: new Date() },
            });
        }
        return {
          reports: moved.length,
          views: source.viewCount,
          saves: source.saveCount,
          tagsAdded: mergedTags.length - target.tags.length,
        };
      }),
    );
  }

  /** Names of apps by id. */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: apps.id, name: apps.name }).from(apps).where(inArray(apps.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
