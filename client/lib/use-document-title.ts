import { useEffect } from 'react';

/** Sets the tab title as "{title} | Aitlas" (the server renders the same title for crawlers). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | Aitlas`;
  }, [title]);
}
