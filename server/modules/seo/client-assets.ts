import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map)$/i;

/** The SPA shell used when the client is not built (API-only development, tests). */
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <!--app-head-->
  </head>
  <body>
    <div id="root"><!--app-body--></div>
    <!--app-state-->
  </body>
</html>
`;

/**
 * The built SPA shell (`dist/client/index.html`), re-read when the build changes so that a rebuild
 * never serves a shell pointing at deleted bundles.
 */
export class ShellTemplate {
  private cached: { mtimeMs: number; html: string; assets: string[] } | null = null;

  constructor(private readonly file: string) {}

  /** True when a built client exists. */
  get isBuilt(): boolean {
    return fs.existsSync(this.file);
  }

  /** The shell's HTML with its `<!--app-head-->` and `<!--app-body-->` markers. */
  html(): string {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(this.file).mtimeMs;
    } catch {
      return FALLBACK_TEMPLATE;
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      let assets: string[] = [];
      try {
        assets = fs.readdirSync(path.join(path.dirname(this.file), 'assets'));
      } catch {
        assets = [];
      }
      this.cached = { mtimeMs, html: fs.readFileSync(this.file, 'utf8'), assets };
    }
    return this.cached.html;
  }

  /**
   * The URL of the built chunk of a lazily loaded page (Vite names it after the page's module, e.g.
   * `app-detail-page-<hash>.js`), so the shell can preload it with the main bundle; null when absent.
   */
  chunkUrl(moduleName: string): string | null {
    this.html();
    const pattern = new RegExp(`^${moduleName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]+\\.js$`);
    const file = this.cached?.assets.find((name) => pattern.test(name));
    return file ? `/assets/${file}` : null;
  }
}

/**
 * Writes `.br` and `.gz` siblings of the hashed assets that lack them, so the static plugin can send
 * them compressed (the server has no compression middleware). Each file is written under a
 * temporary name and renamed, so a half-written file is never served. Failures (a read-only
 * directory) only mean uncompressed assets.
 */
export async function precompressAssets(directory: string, onError: (error: unknown) => void): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(directory);
  } catch {
    return;
  }
  const present = new Set(names);
  for (const name of names) {
    if (!COMPRESSIBLE.test(name)) continue;
    for (const [extension, compress] of [
      ['.br', (data: Buffer) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', (data: Buffer) => gzip(data, { level: 9 })],
    ] as const) {
      if (present.has(name + extension)) continue;
      const target = path.join(directory, name + extension);
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        const data = await fs.promises.readFile(path.join(directory, name));
        await fs.promises.writeFile(temporary, await compress(data));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true }).catch(() => undefined);
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(error);
      }
    }
  }
}

/** Compresses an HTML answer for the client's Accept-Encoding; null when it accepts neither. */
export function compressHtml(html: string, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' } | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    return { body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) return { body: zlib.gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return null;
}
