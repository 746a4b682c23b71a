import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBlogPost, BlogPost, BlogPostSummary } from '@shared/schemas/blog';
import { blogPosts } from '../../db/schema';
import { signIn, signInAsAdmin, type TestSession } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BlogRepository } from './blog.repository';
import { isUniqueViolation } from '../../lib/db-errors';

let t: TestApp;
let admin: TestSession;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t.close());

/** A valid blog form body with a unique slug. */
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    title: `Post number ${sequence}`,
    slug: `post-number-${sequence}`,
    content: `## Heading ${sequence}\n\nSome **Markdown** with a [link](https://example.com).`,
    excerpt: 'A short summary.',
    author: 'Ada Lovelace',
    tags: ['ai', 'guides'],
    category: 'Guides',
    metaTitle: '',
    metaDescription: '',
    featuredImage: '',
    readTime: 4,
    isPublished: false,
    ...overrides,
  };
}

const adminCall = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = admin.cookie) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createPost(overrides: Record<string, unknown> = {}): Promise<AdminBlogPost> {
  const res = await adminCall('POST', '/api/admin/blog', form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminBlogPost;
}

describe('admin authorisation', () => {
  it('answers 401 without a session and 403 for a signed-in non-admin, on every blog admin route', async () => {
    const member = await signIn(t, { isAdmin: false });
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/admin/blog'],
      ['POST', '/api/admin/blog'],
      ['PATCH', '/api/admin/blog/1'],
      ['DELETE', '/api/admin/blog/1'],
      ['PATCH', '/api/admin/blog/1/publish'],
      ['PATCH', '/api/admin/blog/1/unpublish'],
    ];
    for (const [method, url] of routes) {
      const anonymous = await t.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PATCH' ? form() : undefined,
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthorized');
      const forbidden = await adminCall(method, url, method === 'POST' || method === 'PATCH' ? form() : undefined, member.cookie);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
    }
    const rows = await t.ctx.db.select().from(blogPosts);
    expect(rows).toEqual([]);
  });
});

describe('admin create and validation', () => {
  it('creates a draft with every field, stores the Markdown as written and lists it', async () => {
    const content = '# Title\n\n<script>alert(1)</script>\n\nText  with  spaces.\n';
    const created = await createPost({
      content,
      tags: ['ai', 'ai', ' guides '],
      metaTitle: 'Meta',
      metaDescription: 'Desc',
      featuredImage: 'https://img.example.com/a.png',
    });
    expect(created).toMatchObject({
      content,
      author: 'Ada Lovelace',
      tags: ['ai', 'guides'],
      category: 'Guides',
      metaTitle: 'Meta',
      metaDescription: 'Desc',
      featuredImage: 'https://img.example.com/a.png',
      readTime: 4,
      isPublished: false,
      publishedAt: null,
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const list = await adminCall('GET', '/api/admin/blog');
    expect(list.statusCode).toBe(200);
    expect((list.json() as AdminBlogPost[]).find((post) => post.id === created.id)?.content).toBe(content);
  });

  it('stores empty optional fields as null', async () => {
    const created = await createPost({ excerpt: '', category: '', metaTitle: '', metaDescription: '', featuredImage: '' });
    expect(created).toMatchObject({ excerpt: null, category: null, metaTitle: null, metaDescription: null, featuredImage: null });
  });

  it('rejects every rule of the blog form with its exact message, writing nothing', async () => {
    const before = (await t.ctx.db.select().from(blogPosts)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ title: '   ' }, 'title', 'Title is required'],
      [{ title: undefined }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(201) }, 'title', 'Title must be less than 200 characters'],
      [{ slug: '' }, 'slug', 'Slug is required'],
      [{ slug: 'a'.repeat(201) }, 'slug', 'Slug must be less than 200 characters'],
      [
        { slug: 'Not A Slug!' },
        'slug',
        'Slug may contain only lowercase letters, numbers and single hyphens (e.g. my-first-post)',
      ],
      [
        { slug: '../etc/passwd' },
        'slug',
        'Slug may contain only lowercase letters, numbers and single hyphens (e.g. my-first-post)',
      ],
      [{ content: '' }, 'content', 'Content is required'],
      [{ content: ' \n ' }, 'content', 'Content is required'],
      [{ author: '' }, 'author', 'Author is required'],
      [{ author: 'x'.repeat(101) }, 'author', 'Author must be less than 100 characters'],
      [{ metaTitle: 'x'.repeat(201) }, 'metaTitle', 'Meta title must be less than 200 characters'],
      [{ featuredImage: 'not a url' }, 'featuredImage', 'Must be a valid URL'],
      [{ featuredImage: 'javascript:alert(1)' }, 'featuredImage', 'Must be a valid URL'],
      [{ featuredImage: 'data:image/png;base64,AAAA' }, 'featuredImage', 'Must be a valid URL'],
      [{ readTime: 0 }, 'readTime', 'Read time must be between 1 and 60 minutes'],
      [{ readTime: 61 }, 'readTime', 'Read time must be between 1 and 60 minutes'],
      [{ tags: 'ai' }, 'tags', 'Tags must be a list of words'],
      [{ isPublished: 'yes' }, 'isPublished', 'Published must be true or false'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await adminCall('POST', '/api/admin/blog', form(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details.fields[field], JSON.stringify(overrides)).toContain(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBeTypeOf('string');
    expect((await t.ctx.db.select().from(blogPosts)).length).toBe(before);
  });

  it('turns a non-numeric read time into 5 and accepts the bounds 1 and 60', async () => {
    expect((await createPost({ readTime: 'abc' })).readTime).toBe(5);
    expect((await createPost({ readTime: '' })).readTime).toBe(5);
    expect((await createPost({ readTime: undefined })).readTime).toBe(5);
    expect((await createPost({ readTime: '12' })).readTime).toBe(12);
    expect((await createPost({ readTime: 1 })).readTime).toBe(1);
    expect((await createPost({ readTime: 60 })).readTime).toBe(60);
  });

  it('refuses a duplicate slug with 409', async () => {
    const first = await createPost();
    const res = await adminCall('POST', '/api/admin/blog', form({ slug: first.slug }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      message: `A blog post with the slug "${first.slug}" already exists`,
    });
  });

  it('answers 201 and 409 (never a 500) when two creates race for one slug', async () => {
    const body = form();
    const results = await Promise.all([adminCall('POST', '/api/admin/blog', body), adminCall('POST', '/api/admin/blog', body)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.slug, String(body.slug)));
    expect(rows).toHaveLength(1);
  });

  it('recognises the unique-slug violation the database raises, on this driver', async () => {
    const post = await createPost();
    const repository = new BlogRepository(t.ctx.db);
    const error = await repository.insert({ title: 'Copy', slug: post.slug, content: 'x', author: 'A', isPublished: false }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('stamps publishedAt when a post is created published', async () => {
    const created = await createPost({ isPublished: true });
    expect(created.isPublished).toBe(true);
    expect(Date.now() - Date.parse(created.publishedAt ?? '')).toBeLessThan(60_000);
  });
});

describe('admin update, publish, unpublish, delete', () => {
  it("updates every field and refuses another post's slug with 409, keeping its own", async () => {
    const post = await createPost();
    const other = await createPost();
    const res = await adminCall(
      'PATCH',
      `/api/admin/blog/${post.id}`,
      form({ slug: post.slug, title: 'Renamed', tags: ['new'], readTime: 9, category: 'News' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: post.id,
      slug: post.slug,
      title: 'Renamed',
      tags: ['new'],
      readTime: 9,
      category: 'News',
    });
    const taken = await adminCall('PATCH', `/api/admin/blog/${post.id}`, form({ slug: other.slug }));
    expect(taken.statusCode).toBe(409);
    const invalid = await adminCall('PATCH', `/api/admin/blog/${post.id}`, form({ title: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fields.title).toContain('Title is required');
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row?.title).toBe('Renamed');
  });

  it('answers 404 for unknown ids and 400 for bad ids', async () => {
    for (const [method, suffix] of [
      ['PATCH', ''],
      ['DELETE', ''],
      ['PATCH', '/publish'],
      ['PATCH', '/unpublish'],
    ] as const) {
      const missing = await adminCall(
        method,
        `/api/admin/blog/999999${suffix}`,
        suffix === '' && method === 'PATCH' ? form() : undefined,
      );
      expect(missing.statusCode, `${method} ${suffix}`).toBe(404);
      expect(missing.json().error).toMatchObject({ code: 'not_found', message: 'Blog post not found' });
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await adminCall(
          method,
          `/api/admin/blog/${bad}${suffix}`,
          suffix === '' && method === 'PATCH' ? form() : undefined,
        );
        expect(res.statusCode, `${method} ${bad}${suffix}`).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
    }
  });

  it('publishes (first publication stamps publishedAt), unpublishes and republishes keeping the stamp', async () => {
    const post = await createPost();
    expect((await t.app.inject(`/api/blog/${post.slug}`)).statusCode).toBe(404);

    const published = await adminCall('PATCH', `/api/admin/blog/${post.id}/publish`);
    expect(published.statusCode).toBe(200);
    const stamp = (published.json() as AdminBlogPost).publishedAt;
    expect(stamp).not.toBeNull();
    expect((await t.app.inject(`/api/blog/${post.slug}`)).statusCode).toBe(200);

    const unpublished = await adminCall('PATCH', `/api/admin/blog/${post.id}/unpublish`);
    expect(unpublished.json()).toMatchObject({ isPublished: false, publishedAt: stamp });
    expect((await t.app.inject(`/api/blog/${post.slug}`)).statusCode).toBe(404);

    const again = await adminCall('PATCH', `/api/admin/blog/${post.id}/publish`);
    expect(again.json()).toMatchObject({ isPublished: true, publishedAt: stamp });

    // Publishing through the edit form keeps the first stamp too.
    const edited = await adminCall('PATCH', `/api/admin/blog/${post.id}`, form({ slug: post.slug, isPublished: true }));
    expect(edited.json().publishedAt).toBe(stamp);
  });

  it('deletes a post with 204, after which it is gone everywhere', async () => {
    const post = await createPost({ isPublished: true });
    const res = await adminCall('DELETE', `/api/admin/blog/${post.id}`);
    expect(res.statusCode).toBe(204);
    expect((await adminCall('DELETE', `/api/admin/blog/${post.id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/blog/${post.slug}`)).statusCode).toBe(404);
    const list = (await adminCall('GET', '/api/admin/blog')).json() as AdminBlogPost[];
    expect(list.some((entry) => entry.id === post.id)).toBe(false);
  });
});

describe('public blog', () => {
  let older: AdminBlogPost;
  let newer: AdminBlogPost;
  let draft: AdminBlogPost;

  beforeAll(async () => {
    await t.ctx.db.delete(blogPosts);
    older = await createPost({ category: 'Guides', isPublished: true, featuredImage: 'https://img.example.com/older.png' });
    newer = await createPost({ category: 'News', isPublished: true });
    draft = await createPost({ category: 'Drafts' });
    // Order follows publishedAt, falling back to createdAt for a post published without a stamp.
    await t.ctx.db
      .update(blogPosts)
      .set({ publishedAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(blogPosts.id, older.id));
    await t.ctx.db
      .update(blogPosts)
      .set({ publishedAt: null, createdAt: new Date('2025-02-01T00:00:00Z') })
      .where(eq(blogPosts.id, newer.id));
  });

  it('lists the published posts newest first with exactly the public fields', async () => {
    const res = await t.app.inject('/api/blog');
    expect(res.statusCode).toBe(200);
    const posts = res.json() as BlogPostSummary[];
    expect(posts.map((post) => post.id)).toEqual([newer.id, older.id]);
    expect(Object.keys(posts[1] ?? {}).sort()).toEqual([
      'author',
      'category',
      'excerpt',
      'id',
      'image',
      'publishedAt',
      'readTime',
      'slug',
      'tags',
      'title',
    ]);
    expect(posts[0]?.publishedAt).toBe('2025-02-01T00:00:00.000Z');
    expect(posts[1]).toMatchObject({
      slug: older.slug,
      image: 'https://img.example.com/older.png',
      publishedAt: '2025-01-01T00:00:00.000Z',
      readTime: 4,
      tags: ['ai', 'guides'],
    });
    expect(posts.some((post) => post.id === draft.id)).toBe(false);
  });

  it('filters by category, case-insensitively; All means every post', async () => {
    expect(((await t.app.inject('/api/blog?category=guides')).json() as BlogPostSummary[]).map((post) => post.id)).toEqual([
      older.id,
    ]);
    expect(((await t.app.inject('/api/blog?category=News')).json() as BlogPostSummary[]).map((post) => post.id)).toEqual([
      newer.id,
    ]);
    expect((await t.app.inject('/api/blog?category=Drafts')).json()).toEqual([]);
    expect((await t.app.inject('/api/blog?category=All')).json()).toHaveLength(2);
    expect((await t.app.inject(`/api/blog?category=${'x'.repeat(51)}`)).statusCode).toBe(400);
  });

  it('returns one published post with its content as sanitised HTML, matching the slug in any case', async () => {
    await adminCall(
      'PATCH',
      `/api/admin/blog/${older.id}`,
      form({
        slug: older.slug,
        title: older.title,
        isPublished: true,
        content:
          '## Hello\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[bad](javascript:alert(1)) [good](https://example.com)',
      }),
    );
    const res = await t.app.inject(`/api/blog/${older.slug.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const post = res.json() as BlogPost;
    expect(post.id).toBe(older.id);
    expect(post.content).toContain('<h2>Hello</h2>');
    expect(post.content).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">good</a>');
    expect(post.content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('answers 404 in the error shape for a draft, an unknown slug and a deleted post', async () => {
    for (const slug of [draft.slug, 'no-such-post', '%3Cscript%3E']) {
      const res = await t.app.inject(`/api/blog/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Blog post not found' } });
    }
    const tooLong = await t.app.inject(`/api/blog/${'a'.repeat(300)}`);
    expect(tooLong.statusCode).toBe(404);
    expect(tooLong.json().error.code).toBe('not_found');
  });
});
