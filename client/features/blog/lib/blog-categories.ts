import { BLOG_DEFAULT_CATEGORY } from '../../../../shared/constants';

export const ALL_CATEGORIES = 'All';

/** The category a post is shown under: its own, else "Blog" (spec §9). */
export function categoryOf(post: { category: string | null }): string {
  return post.category?.trim() || BLOG_DEFAULT_CATEGORY;
}

/**
 * The filter chips: "All" first, then each category of the posts once (case-insensitively, in the
 * order they first appear). A category named "All" is not repeated.
 */
export function categoryChips(posts: readonly { category: string | null }[]): string[] {
  const seen = new Set([ALL_CATEGORIES.toLowerCase()]);
  const chips = [ALL_CATEGORIES];
  for (const post of posts) {
    const name = categoryOf(post);
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    chips.push(name);
  }
  return chips;
}

/** The posts of the selected chip ("All" keeps every post). */
export function filterByCategory<T extends { category: string | null }>(posts: readonly T[], selected: string): T[] {
  if (selected === ALL_CATEGORIES) return [...posts];
  return posts.filter((post) => categoryOf(post).toLowerCase() === selected.toLowerCase());
}
