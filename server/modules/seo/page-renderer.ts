import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** The server entry of the client (`client/entry-server.tsx`, or its Vite SSR build). */
export interface ServerEntry {
  renderPage(request: {
    pathname: string;
    search: string;
    hostname: string;
  }): Promise<{ html: string; state: unknown; page: string }>;
  setApiFetcher(fetcher: (url: string, init: RequestInit) => Promise<Response>): void;
}

const root = path.resolve(import.meta.dirname, '../../..');
const builtEntry = path.join(root, 'dist/server/entry-server.js');
const sourceEntry = path.join(root, 'client/entry-server.tsx');
const builtShell = path.join(root, 'dist/client/index.html');

/** Whose request a page's data calls answer: the app instance and the visitor's address (rate limits). */
interface RenderScope {
  app: FastifyInstance;
  ip: string;
}

const scope = new AsyncLocalStorage<RenderScope>();
let entry: Promise<ServerEntry> | null = null;

function headersOf(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return headers;
}

/**
 * The page's data calls, answered by this instance's own routes in process (`inject`: no socket,
 * the same validation, rules and presenters as the browser's calls), without the visitor's cookies:
 * a server-rendered page only ever holds public data.
 */
async function fetchInProcess(url: string, init: RequestInit): Promise<Response> {
  const current = scope.getStore();
  if (!current) throw new Error('A page data call outside of a page render');
  const response = await current.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    remoteAddress: current.ip,
    headers: init.body === undefined || init.body === null ? {} : { 'content-type': 'application/json' },
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
  });
  const empty = response.statusCode === 204 || response.statusCode === 304;
  return new Response(empty ? null : new Uint8Array(response.rawPayload), {
    status: response.statusCode,
    headers: headersOf(response.headers),
  });
}

function isCurrentBuild(): boolean {
  try {
    return fs.statSync(builtEntry).mtimeMs >= fs.statSync(builtShell).mtimeMs;
  } catch {
    return false;
  }
}

function loadEntry(): Promise<ServerEntry> {
  // The SSR build when there is one built with (after) the browser's bundles; the sources under tsx or
  // vitest otherwise, so that a client rebuilt alone never hydrates HTML from an older renderer.
  const useBuild = !process.env.VITEST && isCurrentBuild();
  entry ??= (import(pathToFileURL(useBuild ? builtEntry : sourceEntry).href) as Promise<ServerEntry>).then((module) => {
    module.setApiFetcher(fetchInProcess);
    return module;
  });
  return entry;
}

/**
 * Renders a public page with React on the server, its data loaded from this app's own routes.
 * @param ip the visitor's address, so that rate limits count the visitor, not the server
 */
export async function renderPublicPage(
  app: FastifyInstance,
  ip: string,
  request: { pathname: string; search: string; hostname: string },
) {
  const module = await loadEntry();
  return scope.run({ app, ip }, () => module.renderPage(request));
}
