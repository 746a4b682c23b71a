/**
 * The slug rule of the product (spec §2 Slugs): lower-case; drop everything but letters, digits,
 * spaces and hyphens; each run of whitespace becomes one hyphen; repeated hyphens collapse; edge
 * hyphens go. "Letters" are Unicode letters, so accented names keep their accents.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The category manager's slug suggestion (spec §5 Category form): lower-case, every run of
 * non-alphanumerics becomes a hyphen, edge hyphens trimmed. Produces only `[a-z0-9-]`.
 */
export function categorySlugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The public page of an app. */
export function appPath(app: { categorySlug: string; nameSlug: string }): string {
  return `/ai-apps/${encodeURIComponent(app.categorySlug)}/${encodeURIComponent(app.nameSlug)}`;
}
