import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input, Label } from '@client/components/ui/input';
import { addTag, removeTag } from '@client/lib/tags';

/**
 * The tag list of the edit form (spec §5): a new tag is trimmed and ignored when empty or present;
 * Enter or "Add Tag" adds it; clicking a tag removes it.
 */
export function TagEditor({
  id,
  tags,
  onChange,
  error,
}: {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addTag(tags, draft));
    setDraft('');
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>New tag</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          placeholder="e.g. copywriting"
          maxLength={100}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <Button variant="outline" onClick={add}>
          <Plus className="size-4" aria-hidden="true" />
          Add Tag
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Press Enter or Add Tag. Click a tag to remove it.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {tags.length === 0 ? (
        <p className="text-sm text-slate-600">No tags yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => onChange(removeTag(tags, tag))}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full"
              >
                <Badge variant="secondary" className="gap-1 py-1 hover:bg-slate-300">
                  {tag}
                  <X className="size-3" aria-hidden="true" />
                </Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
