/** Adds a tag (spec §5 App edit form): trimmed, ignored when empty or already present. */
export function addTag(tags: readonly string[], candidate: string): string[] {
  const tag = candidate.trim();
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

/** Removes a tag. */
export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}

/** The tags shown on a card and the "+N" for the rest. */
export function visibleTags(tags: readonly string[], limit: number): { shown: string[]; hidden: number } {
  return { shown: tags.slice(0, limit), hidden: Math.max(0, tags.length - limit) };
}
