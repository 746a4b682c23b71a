import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

const fixturesDir = path.join(import.meta.dirname, 'fixtures', 'discovery');

/** A fixture page file's HTML. */
export function fixtureHtml(name: string): string {
  return fs.readFileSync(path.join(fixturesDir, name), 'utf8');
}

/** A handler of one path of a fixture site. */
export type FixtureRoute = (request: http.IncomingMessage, response: http.ServerResponse, site: FixtureSite) => void;

export interface FixtureSite {
  /** `http://host:port` */
  origin: string;
  host: string;
  port: number;
  /** Paths requested so far, in order (query included). */
  hits: string[];
  /** Adds or replaces a route. */
  route(pathname: string, handler: FixtureRoute): void;
  close(): Promise<void>;
}

/** Sends an HTML page. */
export function html(body: string, status = 200): FixtureRoute {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
}

/** Sends a body with a content type. */
export function typed(contentType: string, body: string | Buffer): FixtureRoute {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.end(body);
  };
}

/** A redirect to a path of the same site or to any absolute URL. */
export function redirect(location: string, status = 302): FixtureRoute {
  return (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };
}

/** A page of `totalBytes`, streamed in chunks without a Content-Length (or with one, when `declare`). */
export function oversized(totalBytes: number, declare = false): FixtureRoute {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', ...(declare ? { 'content-length': String(totalBytes) } : {}) });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += piece.length;
        if (!response.write(piece)) {
          response.once('drain', write);
          return;
        }
      }
      response.end();
    };
    response.on('error', () => undefined);
    write();
  };
}

/** Answers headers, then never finishes the body (a slow site). */
export function stalled(): FixtureRoute {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<html><head><title>Slow');
  };
}

/**
 * The default pages of the discovery fixture site: app pages with and without JSON-LD, a feed, an
 * Atom feed, a sitemap index, a JSON list, redirects, an oversized page, a slow page, a non-HTML
 * answer, a robots.txt that disallows /private, and a 404.
 */
export function defaultRoutes(site: FixtureSite): void {
  const appPage = (name: string, description: string, extra = '') =>
    html(`<!doctype html><html><head><title>${name} | AI tool</title><meta name="description" content="${description}">${extra}</head>
<body><main><h1>${name}</h1><p>${description} It is built for teams that want results without a steep learning curve.</p>
<h2>Key features</h2><ul><li>${name} feature one</li><li>${name} feature two</li></ul></main></body></html>`);

  site.route(
    '/robots.txt',
    typed('text/plain', 'User-agent: *\nDisallow: /private\n\nUser-agent: AitlasBot\nDisallow: /private\nDisallow: /no-bots\n'),
  );
  site.route('/jsonld-app', html(fixtureHtml('jsonld-app.html')));
  site.route('/plain-app', html(fixtureHtml('plain-app.html')));
  site.route(
    '/tools/alpha',
    appPage('Alpha Notes', 'Alpha Notes transcribes meetings and writes meeting notes and summaries automatically.'),
  );
  site.route(
    '/tools/beta',
    appPage('Beta Code', 'Beta Code completes code, reviews pull requests and explains bugs in your IDE.'),
  );
  site.route(
    '/tools/gamma',
    appPage('Gamma Voice', 'Gamma Voice turns text to speech with natural voices and clones your voice for podcasts.'),
  );
  site.route(
    '/tools/delta',
    appPage('Delta Sheets', 'Delta Sheets answers questions about spreadsheets and builds dashboards and charts from your data.'),
  );
  site.route(
    '/tools/epsilon',
    appPage('Epsilon Tutor', 'Epsilon Tutor explains homework step by step and builds flashcards and quizzes for students.'),
  );
  site.route('/private/secret-app', appPage('Secret App', 'A page robots.txt forbids.'));
  site.route('/no-bots', appPage('No Bots', 'A page robots.txt forbids for AitlasBot only.'));
  site.route('/redirect-to-plain', redirect('/plain-app', 301));
  site.route('/redirect-chain/0', redirect('/plain-app'));
  for (let hop = 1; hop <= 7; hop++) site.route(`/redirect-chain/${hop}`, redirect(`/redirect-chain/${hop - 1}`));
  site.route('/redirect-to-twin', redirect(`http://127.0.0.2:${site.port}/twin-secret`));
  site.route('/redirect-to-metadata', redirect('http://169.254.169.254/latest/meta-data/'));
  site.route('/redirect-to-file', redirect('file:///etc/passwd'));
  site.route('/huge', oversized(3 * 1024 * 1024));
  site.route('/huge-declared', oversized(3 * 1024 * 1024, true));
  site.route('/slow', stalled());
  site.route('/image.png', typed('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])));
  site.route('/feed.xml', (_request, response, s) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>New AI tools</title>
<item><title>Alpha</title><link>${s.origin}/tools/alpha</link></item>
<item><title>Beta</title><link>${s.origin}/tools/beta</link></item>
<item><title>Plain again</title><link>${s.origin}/plain-app</link></item>
<item><title>Broken</title><link>${s.origin}/missing-page</link></item>
</channel></rss>`);
  });
  site.route('/atom.xml', (_request, response, s) => {
    response.writeHead(200, { 'content-type': 'application/atom+xml' });
    response.end(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Tools</title>
<entry><title>Gamma</title><link rel="alternate" href="${s.origin}/tools/gamma"/></entry></feed>`);
  });
  site.route('/sitemap-index.xml', (_request, response, s) => {
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${s.origin}/sitemap-tools.xml</loc></sitemap></sitemapindex>`,
    );
  });
  site.route('/sitemap-tools.xml', (_request, response, s) => {
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${s.origin}/tools/delta</loc></url><url><loc>${s.origin}/tools/alpha</loc></url></urlset>`);
  });
  site.route('/apps.json', (_request, response, s) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify([`${s.origin}/tools/epsilon`, { url: `${s.origin}/tools/beta` }, { url: 'ftp://example.org/ignored' }]),
    );
  });
}

/**
 * Starts a web site on a loopback address for discovery tests (port 0 picks a free port). Unknown
 * paths answer 404. Every request is recorded in `hits`.
 */
export async function startFixtureSite(options: { host?: string; port?: number; routes?: boolean } = {}): Promise<FixtureSite> {
  const host = options.host ?? '127.0.0.1';
  const routes = new Map<string, FixtureRoute>();
  const sockets = new Set<Socket>();
  const hits: string[] = [];
  const site: FixtureSite = {
    origin: '',
    host,
    port: 0,
    hits,
    route(pathname, handler) {
      routes.set(pathname, handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '/');
    const pathname = new URL(request.url ?? '/', 'http://fixture').pathname;
    const handler = routes.get(pathname);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
      return;
    }
    handler(request, response, site);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  site.port = (server.address() as AddressInfo).port;
  site.origin = `http://${host}:${site.port}`;
  if (options.routes !== false) defaultRoutes(site);
  return site;
}
