import { Textarea } from '@client/components/ui/input';
import { Prose } from '@client/components/ui/prose';
import type { FieldControlProps } from '@client/components/ui/form-field';
import { useMarkdownPreview } from '../hooks/use-markdown-preview';

/** A Markdown text area beside its live preview (side by side on wide screens). */
export function MarkdownEditor({
  value,
  onChange,
  control,
}: {
  value: string;
  onChange: (value: string) => void;
  control: FieldControlProps;
}) {
  const preview = useMarkdownPreview(value);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Textarea
        {...control}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={18}
        spellCheck
        className="min-h-72 font-mono text-sm leading-6"
        placeholder={
          '## A heading\n\nWrite your article in Markdown: **bold**, *italic*, [links](https://example.com), lists and more.'
        }
      />
      <section
        aria-label="Live preview"
        className="min-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-4 lg:max-h-[32rem]"
      >
        <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-600">Live preview</p>
        {preview.error ? (
          <p role="alert" className="text-sm text-red-700">
            {preview.error}
          </p>
        ) : !value.trim() ? (
          <p className="text-sm text-slate-600">Nothing to preview yet.</p>
        ) : preview.html === null ? (
          <p className="text-sm text-slate-600">Rendering preview...</p>
        ) : (
          <Prose html={preview.html} data-testid="blog-markdown-preview" />
        )}
      </section>
    </div>
  );
}
