/** The text a visitor reads in a server-rendered page's body (tags dropped, entities of the renderer decoded). */
export function bodyText(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="__AITLAS_STATE__"');
  const body = html.slice(start === -1 ? 0 : start, end === -1 ? undefined : end);
  return body
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of each element with the given tag in a server-rendered page's body (headings, table rows). */
export function elementTexts(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>(.*?)</${tag}>`, 'gs'))].map((match) =>
    bodyText(`<div id="root">${match[1] ?? ''}`),
  );
}

/** The query keys of the data a server-rendered page was rendered with (what the browser hydrates from). */
export function renderedQueryKeys(html: string): unknown[] {
  const json = /<script id="__AITLAS_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) return [];
  return (JSON.parse(json) as { queries: { queryKey: unknown }[] }).queries.map((query) => query.queryKey);
}

/** The JSON-LD blocks of a page's head, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );
}
