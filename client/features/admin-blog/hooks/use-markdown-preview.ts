import { useEffect, useState } from 'react';

type Renderer = (source: string) => string;

let loading: Promise<Renderer> | undefined;

/** The blog's renderer (marked + the sanitiser), loaded the first time a preview is shown. */
function loadRenderer(): Promise<Renderer> {
  loading ??= import('@shared/markdown').then((module) => module.renderMarkdown);
  return loading;
}

const PREVIEW_DELAY_MS = 150;

/**
 * The live preview of a post's Markdown, rendered by the same module (and the same allow-list)
 * the server uses. Null until the renderer has loaded; failures show as an error message.
 */
export function useMarkdownPreview(source: string): { html: string | null; error: string | null } {
  const [state, setState] = useState<{ html: string | null; error: string | null }>({ html: null, error: null });

  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      loadRenderer()
        .then((render) => {
          if (!cancelled) setState({ html: render(source), error: null });
        })
        .catch(() => {
          if (!cancelled) setState({ html: null, error: 'The preview could not be loaded.' });
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [source]);

  return state;
}
