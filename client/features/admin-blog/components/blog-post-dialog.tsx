import { useId, useState, type FormEvent } from 'react';
import type { AdminBlogPost, BlogFormValues } from '@shared/schemas/blog';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Input, Textarea } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useSingleSubmit } from '@client/lib/use-single-submit';
import { FormField } from '@client/components/ui/form-field';
import { TagEditor } from '@client/components/ui/tag-editor';
import { serverFieldErrors } from '@client/lib/form-fields';
import { useCreateBlogPost, useUpdateBlogPost } from '../api/admin-blog-api';
import {
  BLOG_FORM_FIELD_ORDER,
  blogFormFromPost,
  emptyBlogForm,
  slugFromTitle,
  validateBlogForm,
  type BlogFormErrors,
  type BlogFormField,
  type BlogFormState,
} from '../lib/blog-form';
import { MarkdownEditor } from './markdown-editor';

function BlogPostForm({ post, categories, onDone }: { post: AdminBlogPost | null; categories: string[]; onDone: () => void }) {
  const baseId = useId();
  const fieldId = (field: BlogFormField) => `${baseId}-${field}`;
  const [form, setForm] = useState<BlogFormState>(() => (post ? blogFormFromPost(post) : emptyBlogForm()));
  // A new post's slug follows its title until the curator edits the slug; an existing slug stays.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<BlogFormErrors>({});
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const single = useSingleSubmit();
  const saving = single.pending || create.isPending || update.isPending;

  const set = <K extends BlogFormField>(field: K, value: BlogFormState[K]) => {
    setForm((current) => {
      const next = { ...current, [field]: value };
      if (field === 'title' && !slugEdited) next.slug = slugFromTitle(String(value));
      return next;
    });
    const followsTitle = field === 'title' && !slugEdited;
    if (errors[field] || (followsTitle && errors.slug))
      setErrors((current) => ({ ...current, [field]: undefined, ...(followsTitle ? { slug: undefined } : {}) }));
  };

  const showErrors = (next: BlogFormErrors) => {
    setErrors(next);
    const first = BLOG_FORM_FIELD_ORDER.find((field) => next[field]);
    if (first) window.requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const result = validateBlogForm(form);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    const onError = (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      const fields = serverFieldErrors(error.body?.error?.details) as BlogFormErrors;
      if (Object.keys(fields).length > 0) showErrors(fields);
    };
    const body: BlogFormValues = result.values;
    single.run((done) => {
      if (post) update.mutate({ id: post.id, body }, { onSuccess: onDone, onError, onSettled: done });
      else create.mutate(body, { onSuccess: onDone, onError, onSettled: done });
    });
  };

  const text = (field: Exclude<BlogFormField, 'tags' | 'isPublished'>) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={saving}>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={fieldId('title')} label="Title *" error={errors.title}>
          {(control) => <Input {...control} {...text('title')} autoComplete="off" />}
        </FormField>
        <FormField id={fieldId('slug')} label="Slug *" error={errors.slug} hint={`Address: /blog/${form.slug || 'your-slug'}`}>
          {(control) => (
            <Input
              {...control}
              value={form.slug}
              onChange={(event) => {
                setSlugEdited(true);
                set('slug', event.target.value);
              }}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
      </div>

      <FormField
        id={fieldId('excerpt')}
        label="Excerpt"
        error={errors.excerpt}
        hint="Shown on the blog list and under the title."
      >
        {(control) => <Textarea {...control} {...text('excerpt')} rows={2} />}
      </FormField>

      <FormField id={fieldId('content')} label="Content (Markdown) *" error={errors.content}>
        {(control) => <MarkdownEditor control={control} value={form.content} onChange={(value) => set('content', value)} />}
      </FormField>

      <div className="grid gap-4 md:grid-cols-3">
        <FormField id={fieldId('author')} label="Author *" error={errors.author}>
          {(control) => <Input {...control} {...text('author')} autoComplete="name" />}
        </FormField>
        <FormField id={fieldId('category')} label="Category" error={errors.category} hint='Empty shows as "Blog".'>
          {(control) => (
            <>
              <Input {...control} {...text('category')} list={`${baseId}-categories`} autoComplete="off" />
              <datalist id={`${baseId}-categories`}>
                {categories.map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField id={fieldId('readTime')} label="Read time (minutes)" error={errors.readTime} hint="1 to 60.">
          {(control) => <Input {...control} {...text('readTime')} type="number" inputMode="numeric" min={1} max={60} />}
        </FormField>
      </div>

      <TagEditor id={fieldId('tags')} tags={form.tags} onChange={(tags) => set('tags', tags)} error={errors.tags} />

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">SEO Settings</legend>
        <FormField
          id={fieldId('metaTitle')}
          label="Meta title"
          error={errors.metaTitle}
          hint="The title search engines show; the post title when empty."
        >
          {(control) => <Input {...control} {...text('metaTitle')} />}
        </FormField>
        <FormField
          id={fieldId('metaDescription')}
          label="Meta description"
          error={errors.metaDescription}
          hint="The summary search engines show; the excerpt when empty."
        >
          {(control) => <Textarea {...control} {...text('metaDescription')} rows={2} />}
        </FormField>
        <FormField
          id={fieldId('featuredImage')}
          label="Featured image URL"
          error={errors.featuredImage}
          hint="An https:// image address, or empty."
        >
          {(control) => <Input {...control} {...text('featuredImage')} type="url" inputMode="url" placeholder="https://" />}
        </FormField>
      </fieldset>

      <div className="flex items-center gap-3">
        <input
          id={fieldId('isPublished')}
          type="checkbox"
          checked={form.isPublished}
          onChange={(event) => set('isPublished', event.target.checked)}
          className="size-4 accent-brand-600"
        />
        <label htmlFor={fieldId('isPublished')} className="text-sm font-medium text-slate-800">
          Published (visible on the blog)
        </label>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
        {saving ? <Spinner label="Saving..." className="py-0" /> : null}
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {post ? 'Update Post' : 'Create Post'}
        </Button>
      </div>
    </form>
  );
}

/** The create/edit dialog of a blog post with every field of spec §5 Blog form. */
export function BlogPostDialog({
  open,
  post,
  categories,
  onOpenChange,
}: {
  open: boolean;
  post: AdminBlogPost | null;
  categories: string[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={post ? 'Edit Blog Post' : 'Create Blog Post'}
      description={
        post ? `Editing "${post.title}".` : 'Write a new article in Markdown; the preview shows it as visitors will see it.'
      }
      className="max-w-6xl"
    >
      {/* Keyed so each opening starts from the post's saved values. */}
      {open ? (
        <BlogPostForm key={post?.id ?? 'new'} post={post} categories={categories} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}
