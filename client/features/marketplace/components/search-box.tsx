import { Loader2, Sparkles } from 'lucide-react';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '@shared/constants';
import { useHydrated } from '@client/lib/use-hydrated';
import { InlineIcon } from './inline-icon';

/** The quick-try chips of the hero: each fills the box with a ready-made sentence. */
export const SEARCH_CHIPS = [
  {
    label: 'Content Writing',
    query: 'I need an AI writing assistant to draft blog posts, marketing copy and social media content',
  },
  { label: 'Image Generation', query: 'I want to create original images and illustrations from text descriptions' },
  { label: 'Data Analysis', query: 'I need to analyze spreadsheet data and turn it into charts and business insights' },
  { label: 'Code Assistant', query: 'I am looking for an AI coding assistant that helps me write, review and debug code' },
] as const;

/**
 * The AI search box (spec §4 Search box): Enter or Search runs the search; the button is disabled
 * while a search runs or when the text is blank; the spinner line says the AI is working.
 */
export function SearchBox({
  initialQuery,
  loading,
  onSearch,
}: {
  initialQuery: string;
  loading: boolean;
  onSearch: (query: string) => void;
}) {
  const [text, setText] = useState(initialQuery);
  const [syncedQuery, setSyncedQuery] = useState(initialQuery);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // Text typed into the server-rendered box before the page hydrated stays in the input, but React's state does
  // not know it (React keeps the DOM value and fires no change): adopt it when the input is attached.
  const attachInput = useCallback((input: HTMLInputElement | null) => {
    inputRef.current = input;
    if (input) setText((current) => (input.value !== current ? input.value : current));
  }, []);
  // Without JavaScript the form is a plain GET /?q=… and its button is never disabled.
  const hydrated = useHydrated();

  // Back and Forward change the query in the address: the box follows.
  if (initialQuery !== syncedQuery) {
    setSyncedQuery(initialQuery);
    setText(initialQuery);
  }

  const blank = text.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || loading) return;
    onSearch(text.trim());
  };

  return (
    <div className="mx-auto w-full max-w-3xl">
      <form
        role="search"
        aria-label="AI search"
        action="/"
        method="get"
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg shadow-brand-600/10 sm:flex-row sm:items-center"
      >
        <label htmlFor="ai-search-input" className="sr-only">
          Describe what you want to build
        </label>
        <div className="flex min-w-0 flex-1 items-center gap-3 px-3">
          <InlineIcon name="search" className="size-5 shrink-0 text-slate-500" />
          <input
            ref={attachInput}
            id="ai-search-input"
            name="q"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            enterKeyHint="search"
            autoComplete="off"
            placeholder="What do you want to build?"
            className="h-12 w-full min-w-0 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
          />
        </div>
        <button
          type="submit"
          disabled={hydrated && (blank || loading)}
          className="inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 text-base font-semibold text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {loading ? (
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          ) : (
            <Sparkles className="size-5" aria-hidden="true" />
          )}
          Search
        </button>
      </form>
      <div className="mt-3 flex h-6 items-center justify-center text-sm text-slate-700">
        {loading ? (
          <span className="inline-flex items-center gap-2" data-testid="search-spinner">
            <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden="true" />
            AI is analyzing your request...
          </span>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
        <span className="text-sm text-slate-600">Try:</span>
        {SEARCH_CHIPS.map((chip) => (
          <button
            key={chip.label}
            type="button"
            onClick={() => {
              setText(chip.query);
              inputRef.current?.focus();
            }}
            className="h-9 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-800"
          >
            {chip.label}
          </button>
        ))}
      </div>
    </div>
  );
}
