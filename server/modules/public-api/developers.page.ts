import { escapeHtml } from '../seo/html';

interface Example {
  id: string;
  title: string;
  code: string;
}

function examples(publicUrl: string): Example[] {
  return [
    { id: 'example-search', title: 'Search for a need', code: `curl '${publicUrl}/api/v1/search?q=transcribe%20meetings&pricing=free&limit=5'` },
    { id: 'example-apps', title: 'List apps, best rated first, then the next page', code: `curl '${publicUrl}/api/v1/apps?category=design&sort=rating&limit=20'\ncurl '${publicUrl}/api/v1/apps?category=design&sort=rating&limit=20&cursor=<next>'` },
    { id: 'example-alternatives', title: 'Alternatives and comparisons', code: `curl '${publicUrl}/api/v1/apps/1/alternatives?pricing=free'\ncurl '${publicUrl}/api/v1/compare?slugs=chatgpt,claude'` },
    { id: 'example-key', title: 'With an API key (optional: it raises the rate limit)', code: `curl -H 'Authorization: Bearer aitlas_…' '${publicUrl}/api/v1/categories'` },
    {
      id: 'example-mcp',
      title: 'MCP server for an AI agent (client configuration)',
      code: JSON.stringify({ mcpServers: { aitlas: { type: 'http', url: `${publicUrl}/mcp` } } }, null, 2),
    },
  ];
}

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #fff; }
  .dev-header { display: flex; gap: 1.5rem; align-items: center; padding: 1rem 1.5rem; border-bottom: 1px solid #e2e8f0; }
  .dev-header a { color: #1d4ed8; font-weight: 600; }
  .dev-intro { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
  .dev-intro h1 { font-size: 2rem; margin: 0 0 .5rem; }
  .dev-intro p, .dev-intro li { line-height: 1.6; max-width: 48rem; }
  .dev-examples { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); padding: 0; list-style: none; }
  .dev-example { border: 1px solid #e2e8f0; border-radius: .5rem; padding: .75rem 1rem; }
  .dev-example h3 { font-size: 1rem; margin: 0 0 .5rem; }
  .dev-example pre { background: #0f172a; color: #f8fafc; padding: .75rem; border-radius: .375rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
  .dev-example button { font: inherit; padding: .25rem .75rem; border: 1px solid #1d4ed8; color: #1d4ed8; background: #fff; border-radius: .375rem; cursor: pointer; }
  .dev-example button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  .dev-copy-status { margin-left: .5rem; font-size: .875rem; color: #166534; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
`;

/**
 * The `/developers` page: what the API and the MCP server offer, copyable examples, and the
 * interactive reference (Swagger UI, served from this site, reading `/api/v1/openapi.json`).
 */
export function renderDevelopersPage(publicUrl: string, limits: { anonymous: number; key: number }): string {
  const items = examples(publicUrl)
    .map(
      (example) => `
        <li class="dev-example">
          <h3 id="${example.id}-title">${escapeHtml(example.title)}</h3>
          <pre><code id="${example.id}">${escapeHtml(example.code)}</code></pre>
          <button type="button" data-copy="${example.id}" aria-describedby="${example.id}-title">Copy</button><span class="dev-copy-status" role="status"></span>
        </li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Aitlas API and MCP server for developers and AI agents</title>
    <meta name="description" content="The Aitlas public API v1 and MCP server: search, list, compare and find alternatives to AI tools. Read-only JSON, no key needed, OpenAPI 3.1." />
    <link rel="canonical" href="${escapeHtml(`${publicUrl}/developers`)}" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/developers/assets/swagger-ui.css" />
    <style>${STYLE}</style>
  </head>
  <body>
    <header class="dev-header">
      <a href="/">Aitlas</a>
      <nav aria-label="Developer resources"><a href="/api/v1/openapi.json">OpenAPI document</a> · <a href="/llms.txt">llms.txt</a> · <a href="/feeds/apps.xml">New apps feed</a></nav>
    </header>
    <main>
      <div class="dev-intro">
        <h1>Aitlas API for developers and AI agents</h1>
        <p>Search the catalogue of AI tools with the same offline, explainable AI search the site uses, list and filter apps, and get alternatives and comparisons, as JSON.</p>
        <ul>
          <li><strong>No key needed to read.</strong> ${limits.anonymous} requests per minute per address; an API key from the site's admins (<code>Authorization: Bearer …</code>) raises it to ${limits.key}.</li>
          <li>Limits are reported in the <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> headers. Answers carry an <code>ETag</code> (send <code>If-None-Match</code> for a 304). CORS is open.</li>
          <li>Lists are paged with cursors: pass <code>next</code> as <code>cursor</code> until it is null. Errors are always <code>{"error": {"code", "message", "details"}}</code>.</li>
          <li>AI agents can use the MCP server at <code>${escapeHtml(publicUrl)}/mcp</code> (Streamable HTTP) with the tools <code>search_ai_tools</code>, <code>get_ai_tool</code>, <code>find_alternatives</code> and <code>compare_ai_tools</code>.</li>
        </ul>
        <h2>Examples</h2>
        <ul class="dev-examples">${items}
        </ul>
        <h2>Reference</h2>
      </div>
      <div id="api-reference" aria-label="API reference"></div>
    </main>
    <script src="/developers/assets/swagger-ui-bundle.js"></script>
    <script src="/developers/developers.js"></script>
  </body>
</html>
`;
}
