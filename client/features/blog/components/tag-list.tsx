import { Badge } from '@client/components/ui/badge';

/** A post's tags as small outlined labels. */
export function TagList({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="outline" className="font-medium">
            #{tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
