import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { STACK_NOTE_MAX, STACK_TITLE_MAX } from '@shared/browse-paths';
import type { StackDraft } from '../api/stacks-api';

/** An app of a stack being written: its id, its name, and the note about it. */
export interface DraftItem {
  id: number;
  name: string;
  note: string;
}

/**
 * The form that makes or edits a stack: title, the apps in order (moved with buttons, so by keyboard
 * too, or dragged), a short note per app, and whether search engines may index it.
 */
export function StackEditor({
  initialTitle,
  initialItems,
  initialPublished,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initialTitle: string;
  initialItems: DraftItem[];
  initialPublished: boolean;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (draft: StackDraft) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(initialTitle);
  const [items, setItems] = useState(initialItems);
  const [published, setPublished] = useState(initialPublished);
  const [dragged, setDragged] = useState<number | null>(null);
  const [moved, setMoved] = useState('');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    setItems(next);
    setMoved(`${item.name} moved to position ${to + 1} of ${next.length}.`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ title: title.trim(), apps: items.map((item) => ({ id: item.id, note: item.note.trim() || null })), published });
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={`${id}-heading`}
      data-testid="stack-editor"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {submitLabel === 'Save changes' ? 'Edit this list' : 'Share as a list'}
      </h2>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          required
          maxLength={STACK_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="The stack for our podcast"
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {moved}
      </p>
      <ol className="space-y-3">
        {items.map((item, index) => (
          <li
            key={item.id}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            className="rounded-xl border border-slate-200 p-3"
            data-testid="stack-editor-item"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">
                {index + 1}. {item.name}
              </p>
              <div className="flex gap-1">
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Move ${item.name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Move ${item.name} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Leave ${item.name} out`}
                  disabled={items.length === 1}
                  onClick={() => setItems(items.filter((other) => other.id !== item.id))}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
            <Label htmlFor={`${id}-note-${item.id}`} className="mt-2 block text-sm">
              Note about {item.name} (optional)
            </Label>
            <Textarea
              id={`${id}-note-${item.id}`}
              value={item.note}
              maxLength={STACK_NOTE_MAX}
              rows={2}
              className="mt-1"
              onChange={(event) =>
                setItems(items.map((other) => (other.id === item.id ? { ...other, note: event.target.value } : other)))
              }
            />
          </li>
        ))}
      </ol>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={published}
          onChange={(event) => setPublished(event.target.checked)}
          className="mt-0.5 size-4"
        />
        <span>Publish: let search engines index this list (otherwise only people with the link find it)</span>
      </label>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || title.trim() === '' || items.length === 0}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
