import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema';
import { elementTexts } from '../../test/page-html';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BlogRepository } from './blog.repository';
import { blogPageHead, blogSitemapEntries } from './blog.seo';
import { seedBlogPosts, seedPosts } from './blog.seed';

const PUBLIC_URL = 'https://aitlas.example';

let t: TestApp;
let trickyId: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  await seedBlogPosts(t.ctx.db);
  const tricky = await new BlogRepository(t.ctx.db).insert({
    slug: 'tricky-characters',
    title: 'Tags & <Angles> "quoted" </script>',
    content: '## Body\n\nText with ]]> inside and <script>window.__xss = 1</script>.\n',
    excerpt: null,
    author: 'Zoë <b>Bold</b>',
    tags: ['a&b'],
    category: 'Guides',
    metaTitle: null,
    metaDescription: null,
    featuredImage: 'https://img.example.com/cover.png?a=1&b=2',
    readTime: 3,
    isPublished: true,
    publishedAt: new Date('2025-03-01T10:00:00Z'),
  });
  trickyId = tricky.id;
});
afterAll(() => t.close());

const published = () => seedPosts.filter((post) => post.isPublished);
const draft = () => seedPosts.find((post) => !post.isPublished);

describe('seed', () => {
  it('holds at least three published posts with headings, lists and links, and one draft; reseeding adds nothing', async () => {
    expect(published().length).toBeGreaterThanOrEqual(3);
    expect(draft()).toBeDefined();
    for (const post of published()) {
      expect(post.content, post.slug).toMatch(/^## /m);
      expect(post.content, post.slug).toMatch(/^(- |1\. )/m);
      expect(post.content, post.slug).toMatch(/\]\((https:\/\/|\/)/);
      expect(post.content.split(/\n\n+/).length, post.slug).toBeGreaterThan(6);
    }
    await seedBlogPosts(t.ctx.db);
    const rows = await t.ctx.db.select().from(blogPosts);
    expect(rows).toHaveLength(seedPosts.length + 1);
    const list = await t.app.inject('/api/blog');
    expect(list.json().map((post: { slug: string }) => post.slug)).not.toContain(draft()?.slug);
  });
});

describe('RSS', () => {
  it('serves well-formed RSS 2.0 with every published post, absolute links and escaped text', async () => {
    const res = await t.app.inject('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(res.body);
    expect(feed.rss['@_version']).toBe('2.0');
    const items = feed.rss.channel.item as { title: string; link: string; description: string; pubDate: string }[];
    expect(items).toHaveLength(published().length + 1);
    expect(items[0]).toMatchObject({ title: 'Tags & <Angles> "quoted" </script>', link: `${PUBLIC_URL}/blog/tricky-characters` });
    expect(items[0]?.pubDate).toBe('Sat, 01 Mar 2025 10:00:00 GMT');
    // No excerpt: the summary is the start of the text, without markup.
    expect(items[0]?.description).toContain('Body Text with ]]> inside');
    expect(items.map((item) => item.link)).not.toContain(`${PUBLIC_URL}/blog/${draft()?.slug}`);
    expect(items.every((item) => item.link.startsWith(`${PUBLIC_URL}/blog/`))).toBe(true);
    expect(res.body).not.toContain('<script>window.__xss');
  });
});

describe('page head', () => {
  it('describes a published post: title, description, canonical, article, image and BlogPosting', async () => {
    const post = published()[0];
    if (!post) throw new Error('no seed post');
    const head = await blogPageHead(t.ctx, `/blog/${post.slug}`);
    expect(head).toMatchObject({
      title: post.metaTitle ?? post.title,
      description: post.metaDescription,
      canonicalPath: `/blog/${post.slug}`,
      ogType: 'article',
    });
    expect(head?.status).toBeUndefined();
    expect(head?.jsonLd?.[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      author: { '@type': 'Person', name: post.author },
      datePublished: post.publishedAt?.toISOString(),
      url: `${PUBLIC_URL}/blog/${post.slug}`,
    });
    expect(elementTexts((await t.app.inject(`/blog/${post.slug}`)).body, 'h1')).toContain(post.title);
  });

  it('falls back to the excerpt for the description, and matches the slug in any case', async () => {
    const post = published()[1];
    if (!post) throw new Error('no seed post');
    const head = await blogPageHead(t.ctx, `/BLOG/${post.slug.toUpperCase()}/`);
    expect(head?.description).toBe(post.excerpt);
    expect(head?.title).toBe(post.title);
    expect(head?.canonicalPath).toBe(`/blog/${post.slug}`);
  });

  it('answers 404 for a draft, an unknown slug and deeper paths; null outside the blog', async () => {
    for (const path of [`/blog/${draft()?.slug}`, '/blog/no-such-post', '/blog/a/b', '/blog/%3Cscript%3E']) {
      const head = await blogPageHead(t.ctx, path);
      expect(head?.status, path).toBe(404);
      expect(head?.noindex, path).toBe(true);
    }
    expect(await blogPageHead(t.ctx, '/')).toBeNull();
    expect(await blogPageHead(t.ctx, '/blogger')).toBeNull();
    const list = await blogPageHead(t.ctx, '/blog');
    expect(list).toMatchObject({ title: 'AI Insights & Innovation', canonicalPath: '/blog' });
    const listHtml = (await t.app.inject('/blog')).body;
    expect(listHtml).toContain(`href="/blog/${published()[0]?.slug}"`);
    expect(listHtml).not.toContain(`/blog/${draft()?.slug}`);
  });

  it('renders the post page HTML with escaped head tags and the sanitised body', async () => {
    const res = await t.app.inject('/blog/tricky-characters');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Tags &amp; &lt;Angles&gt; &quot;quoted&quot; &lt;/script&gt; | Aitlas</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/tricky-characters" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:image" content="https://img.example.com/cover.png?a=1&amp;b=2" />');
    expect(html).toMatch(/<script type="application\/ld\+json">[^<]*"@type":"BlogPosting"/);
    expect(html).not.toContain('window.__xss');
    expect(html).not.toMatch(/<\/script>"/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const missing = await t.app.inject(`/blog/${draft()?.slug}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Blog Post Not Found');
  });
});

describe('sitemap', () => {
  it('lists the published posts with their real last change', async () => {
    const changed = new Date('2025-04-02T12:00:00Z');
    await t.ctx.db.update(blogPosts).set({ updatedAt: changed }).where(eq(blogPosts.id, trickyId));
    const entries = await blogSitemapEntries(t.ctx);
    expect(entries.map((entry) => entry.path).sort()).toEqual(
      [...published().map((post) => `/blog/${post.slug}`), '/blog/tricky-characters'].sort(),
    );
    expect(entries.find((entry) => entry.path === '/blog/tricky-characters')?.lastmod.toISOString()).toBe(changed.toISOString());
    const first = published()[0];
    expect(entries.find((entry) => entry.path === `/blog/${first?.slug}`)?.lastmod.toISOString()).toBe(
      first?.publishedAt?.toISOString(),
    );
    const xml = await t.app.inject('/sitemap-blog.xml');
    expect(xml.body).toContain(`<loc>${PUBLIC_URL}/blog/tricky-characters</loc><lastmod>${changed.toISOString()}</lastmod>`);
    expect(xml.body).not.toContain(draft()?.slug ?? 'never');
  });
});
