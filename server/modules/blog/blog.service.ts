import type { AdminBlogPost, BlogFormValues, BlogPost, BlogPostSummary } from '@shared/schemas/blog';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { presentAdminBlogPost, presentBlogPost, presentBlogSummary } from './blog.presenter';
import { BlogRepository, type BlogPostValues } from './blog.repository';
import { renderRssFeed } from './blog.rss';

const POST_NOT_FOUND = 'Blog post not found';

const slugTaken = (slug: string) =>
  conflict(`A blog post with the slug "${slug}" already exists`, {
    fields: { slug: ['This slug is already used by another post'] },
  });

/** Empty optional text is stored as null. */
const orNull = (value: string) => (value === '' ? null : value);

function columnsOf(form: BlogFormValues): Omit<BlogPostValues, 'isPublished' | 'publishedAt'> {
  return {
    title: form.title,
    slug: form.slug,
    content: form.content,
    excerpt: orNull(form.excerpt),
    author: form.author,
    tags: form.tags,
    category: orNull(form.category),
    metaTitle: orNull(form.metaTitle),
    metaDescription: orNull(form.metaDescription),
    featuredImage: orNull(form.featuredImage),
    readTime: form.readTime,
  };
}

/** The rules of the blog: what visitors see, and the curators' writes. */
export class BlogService {
  private readonly repository: BlogRepository;

  private readonly changes: Pick<AppContext, 'changes'>['changes'] | undefined;

  constructor(ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'changes'>>) {
    this.repository = new BlogRepository(ctx.db);
    this.changes = ctx.changes;
  }

  /** Published posts, newest first, optionally of one category. */
  /** The RSS feed of the published posts (spec §7). */
  async rssFeed(publicUrl: string): Promise<string> {
    return renderRssFeed(publicUrl, await this.repository.listPublished());
  }

  async publishedList(category?: string): Promise<BlogPostSummary[]> {
    const rows = await this.repository.listPublished(category && category.toLowerCase() !== 'all' ? category : undefined);
    return rows.map(presentBlogSummary);
  }

  /**
   * One published post with its content as sanitised HTML.
   * @throws 404 for a draft or an unknown slug.
   */
  async publishedBySlug(slug: string): Promise<BlogPost> {
    const row = await this.repository.findPublishedBySlug(slug.toLowerCase());
    if (!row) throw notFound(POST_NOT_FOUND);
    return presentBlogPost(row);
  }

  /** Every post, drafts included. */
  async adminList(): Promise<AdminBlogPost[]> {
    return (await this.repository.listAll()).map(presentAdminBlogPost);
  }

  /**
   * Creates a post; a published one is stamped with its publication time.
   * @throws 409 when the slug is taken.
   */
  async create(form: BlogFormValues): Promise<AdminBlogPost> {
    if ((await this.repository.findIdBySlug(form.slug)) !== undefined) throw slugTaken(form.slug);
    try {
      const row = await this.repository.insert({
        ...columnsOf(form),
        isPublished: form.isPublished,
        publishedAt: form.isPublished ? new Date() : null,
      });
      await this.changed();
      return presentAdminBlogPost(row);
    } catch (error) {
      // Two curators saving the same slug at once: the unique index decides.
      if (isUniqueViolation(error)) throw slugTaken(form.slug);
      throw error;
    }
  }

  /**
   * Replaces a post's fields. Publishing through the form stamps publishedAt the first time only.
   * @throws 404 for an unknown id, 409 when the slug belongs to another post.
   */
  async update(id: number, form: BlogFormValues): Promise<AdminBlogPost> {
    const owner = await this.repository.findIdBySlug(form.slug);
    if (owner !== undefined && owner !== id) throw slugTaken(form.slug);
    try {
      const row = await this.repository.update(id, { ...columnsOf(form), isPublished: form.isPublished });
      if (!row) throw notFound(POST_NOT_FOUND);
      await this.changed();
      return presentAdminBlogPost(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(form.slug);
      throw error;
    }
  }

  /**
   * Publishes (stamping publishedAt on the first publication) or unpublishes a post.
   * @throws 404 for an unknown id.
   */
  async setPublished(id: number, published: boolean): Promise<AdminBlogPost> {
    const row = await this.repository.setPublished(id, published);
    if (!row) throw notFound(POST_NOT_FOUND);
    await this.changed();
    return presentAdminBlogPost(row);
  }

  /** @throws 404 for an unknown id. */
  async remove(id: number): Promise<void> {
    if (!(await this.repository.delete(id))) throw notFound(POST_NOT_FOUND);
    await this.changed();
  }

  /** Tells every instance that the public blog changed (cached pages and answers are dropped). */
  private async changed(): Promise<void> {
    await this.changes?.publish('blog.changed', {});
  }
}
