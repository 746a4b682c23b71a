import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blogPosts } from '../../db/schema';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogPostInsert = typeof blogPosts.$inferInsert;
export type BlogPostValues = Omit<BlogPostInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Newest first: by first publication, falling back to creation (spec §3). */
const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.id)];

/** The first publication stamps publishedAt; anything later keeps the stamp it has. */
const publishedAtAfter = (published: boolean) =>
  published ? sql`coalesce(${blogPosts.publishedAt}, now())` : sql`${blogPosts.publishedAt}`;

/** Queries on blog posts; no rules here. */
export class BlogRepository {
  constructor(private readonly db: Db) {}

  /** Published posts, newest first, optionally of one category (case-insensitive). */
  async listPublished(category?: string): Promise<BlogPostRow[]> {
    const filter = category
      ? and(eq(blogPosts.isPublished, true), sql`lower(${blogPosts.category}) = ${category.toLowerCase()}`)
      : eq(blogPosts.isPublished, true);
    return this.db
      .select()
      .from(blogPosts)
      .where(filter)
      .orderBy(...newestFirst);
  }

  async findPublishedBySlug(slug: string): Promise<BlogPostRow | undefined> {
    const rows = await this.db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.isPublished, true), eq(blogPosts.slug, slug)))
      .limit(1);
    return rows[0];
  }

  /** Every post, drafts included, newest first. */
  async listAll(): Promise<BlogPostRow[]> {
    return this.db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  }

  async findById(id: number): Promise<BlogPostRow | undefined> {
    const rows = await this.db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
    return rows[0];
  }

  async findIdBySlug(slug: string): Promise<number | undefined> {
    const rows = await this.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
    return rows[0]?.id;
  }

  async insert(values: BlogPostValues): Promise<BlogPostRow> {
    const [row] = await this.db.insert(blogPosts).values(values).returning();
    if (!row) throw new Error('blog post insert returned nothing');
    return row;
  }

  /** Inserts posts whose slug is free; existing slugs are left untouched. */
  async insertMissing(values: BlogPostInsert[]): Promise<void> {
    if (values.length === 0) return;
    await this.db.insert(blogPosts).values(values).onConflictDoNothing({ target: blogPosts.slug });
  }

  /**
   * Replaces a post's fields. Its publishedAt follows the same rule as {@link setPublished}.
   */
  async update(
    id: number,
    values: Omit<BlogPostValues, 'publishedAt'> & { isPublished: boolean },
  ): Promise<BlogPostRow | undefined> {
    const [row] = await this.db
      .update(blogPosts)
      .set({ ...values, publishedAt: publishedAtAfter(values.isPublished) })
      .where(eq(blogPosts.id, id))
      .returning();
    return row;
  }

  /**
   * Publishes or unpublishes a post. The first publication stamps publishedAt; later ones keep it,
   * so republishing does not move an old post to the top.
   */
  async setPublished(id: number, published: boolean): Promise<BlogPostRow | undefined> {
    const [row] = await this.db
      .update(blogPosts)
      .set({ isPublished: published, publishedAt: publishedAtAfter(published) })
      .where(eq(blogPosts.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
    return rows.length > 0;
  }

  /** Slug and last change of every published post, for the sitemap. */
  async publishedPaths(): Promise<{ slug: string; updatedAt: Date; publishedAt: Date | null }[]> {
    return this.db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, true))
      .orderBy(asc(blogPosts.id));
  }
}
