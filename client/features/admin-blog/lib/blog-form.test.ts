import { describe, expect, it } from 'vitest';
import { blogFormFromPost, emptyBlogForm, slugFromTitle, validateBlogForm } from './blog-form';

describe('blog form', () => {
  it('suggests an ASCII slug from the title', () => {
    expect(slugFromTitle('  Café & Crème: AI Tools in 2025!  ')).toBe('cafe-creme-ai-tools-in-2025');
    expect(slugFromTitle('a '.repeat(150))).toHaveLength(199);
    expect(slugFromTitle('!!!')).toBe('');
  });

  it('reports the exact spec messages, first one per field', () => {
    const result = validateBlogForm({
      ...emptyBlogForm(),
      title: 'x'.repeat(201),
      featuredImage: 'nope',
      metaTitle: 'm'.repeat(201),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      title: 'Title must be less than 200 characters',
      slug: 'Slug is required',
      content: 'Content is required',
      author: 'Author is required',
      metaTitle: 'Meta title must be less than 200 characters',
      featuredImage: 'Must be a valid URL',
    });
  });

  it('turns a non-numeric read time into 5 and keeps a valid form', () => {
    const result = validateBlogForm({
      ...emptyBlogForm(),
      title: 'T',
      slug: 't',
      content: 'c',
      author: 'A',
      readTime: 'soon',
      tags: ['x'],
    });
    expect(result).toMatchObject({ ok: true, values: { readTime: 5, tags: ['x'], featuredImage: '', isPublished: false } });
    const bounds = validateBlogForm({ ...emptyBlogForm(), title: 'T', slug: 't', content: 'c', author: 'A', readTime: '61' });
    expect(bounds).toMatchObject({ ok: false, errors: { readTime: 'Read time must be between 1 and 60 minutes' } });
  });

  it('round-trips a post into the form', () => {
    const form = blogFormFromPost({
      id: 1,
      title: 'T',
      slug: 't',
      content: '# c',
      excerpt: null,
      author: 'A',
      tags: ['a'],
      category: null,
      metaTitle: null,
      metaDescription: 'd',
      featuredImage: null,
      readTime: 7,
      isPublished: true,
      publishedAt: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(form).toMatchObject({ excerpt: '', category: '', metaDescription: 'd', readTime: '7', isPublished: true });
  });
});
