import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import { isAdminHostname } from '@shared/page-routes';
import type { ChangeFeed } from '../lib/change-feed';
import { SESSION_COOKIE } from './session-cookie';

/** Browsers revalidate pages every time (a 304 when unchanged), so an edit shows on the next load. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Public data may be reused briefly and refreshed in the background. */
export const API_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/** Anything a signed-in request or the back office receives. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * How long an answer is kept: the trending order moves with view counts, which the change feed
 * does not carry (the marketplace's own cache has the same bound).
 */
export const PUBLIC_CACHE_TTL_MS = 30_000;
const ENTRY_TTL_MS = PUBLIC_CACHE_TTL_MS;
/** How many answers one instance keeps; the oldest go first. */
const MAX_ENTRIES = 2000;
/** Larger answers are not kept (they would crowd out many small ones). */
const MAX_ENTRY_BYTES = 1024 * 1024;
/**
 * How long an expired answer may still be served while one request computes it again: enough for a
 * render on a loaded machine; past it (the render failed or was not kept) another request tries.
 */
const REFRESH_GRACE_MS = 10_000;
/** The headers of an answer that are part of it (the rest belongs to each response: date, security headers). */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary', 'x-total-count'] as const;

interface Entry {
  expiresAt: number;
  /** Until when one request is computing this expired answer again (the others are served this one meanwhile). */
  refreshingUntil?: number;
  /** The app whose counts the answer shows (its app page, its JSON). */
  appId?: number;
  status: number;
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

interface Pending {
  key: string;
  generation: number;
  /** `counted` when the request started: a save counted since then makes the answer too old to keep. */
  counted: number;
  appId?: number;
  cacheControl: string;
  hit?: boolean;
}

function encodingClass(acceptEncoding: string | undefined): string {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function hasSession(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`);
}

/**
 * The answers of the public pages and the public GET API, kept in memory per instance with an ETag
 * and HTTP cache headers. Every change that the change feed carries (an app published, edited,
 * unpublished or deleted, a category or a blog post changed, a lost connection) empties it on every
 * instance, so a change is visible at once; a counted save drops only the answers that show that
 * app's counts (its page and its JSON), since saves arrive far more often than edits and emptying
 * everything on each would turn the cache off under load. A request with a session cookie is never
 * served from it nor stored in it, and is marked `private, no-store`.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys of the entries that show each app's counts. */
  private readonly keysByApp = new Map<number, Set<string>>();
  private readonly pending = new WeakMap<FastifyRequest, Pending>();
  private generation = 0;
  /** Saves counted so far, and the value it had at each app's last counted save. */
  private counted = 0;
  private readonly lastCounted = new Map<number, number>();
  private readonly unsubscribe: (() => void)[] = [];
  /** Answers served from memory (200 or 304) and answers computed, since start (benches check the cache was used). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly changes: ChangeFeed) {}

  /**
   * Starts following the change feed. Called after the search started, so that its handlers (the
   * index, which the alternatives and compare pages read) run before the cache is emptied.
   */
  start(): void {
    const clear = () => this.clear();
    this.unsubscribe.push(
      this.changes.subscribe('apps.changed', clear),
      this.changes.subscribe('categories.changed', clear),
      this.changes.subscribe('blog.changed', clear),
      this.changes.subscribe('browse.changed', clear),
      this.changes.subscribe('apps.counted', ({ id }) => this.forgetApp(id)),
      this.changes.subscribe('resync', clear),
    );
  }

  /** Forgets every answer (and any answer being computed while this happens). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.keysByApp.clear();
    // Answers begun before this are refused by the generation: the per-app marks are no longer needed.
    this.lastCounted.clear();
  }

  /** Forgets the answers that show this app's counts (and any such answer being computed now). */
  forgetApp(appId: number): void {
    this.counted += 1;
    this.lastCounted.set(appId, this.counted);
    for (const key of this.keysByApp.get(appId) ?? []) this.entries.delete(key);
    this.keysByApp.delete(appId);
  }

  /** Marks the answer being computed for `request` as one that shows this app's counts. */
  showsApp(request: FastifyRequest, appId: number): void {
    const pending = this.pending.get(request);
    if (pending) pending.appId = appId;
  }

  /** Stops following the change feed. */
  stop(): void {
    for (const stop of this.unsubscribe.splice(0)) stop();
  }

  /** Number of answers held (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The route hooks that make a GET route cached: `onRequest` answers from memory (or 304), `onSend`
   * keeps a fresh answer. Only routes given these hooks pay for them.
   */
  hooks(cacheControl: string): { onRequest: onRequestAsyncHookHandler; onSend: onSendAsyncHookHandler<unknown> } {
    return {
      onRequest: async (request, reply) => this.onRequest(request, reply, cacheControl),
      onSend: async (request, reply, payload) => this.onSend(request, reply, payload),
    };
  }

  private async onRequest(request: FastifyRequest, reply: FastifyReply, cacheControl: string): Promise<void> {
    if (hasSession(request) || isAdminHostname(request.hostname)) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return;
    }
    const key = `${encodingClass(request.headers['accept-encoding'])} ${request.url}`;
    const pending: Pending = { key, generation: this.generation, counted: this.counted, cacheControl };
    this.pending.set(request, pending);
    const entry = this.entries.get(key);
    const now = Date.now();
    // An expired answer is only a time-bound guess (view counts); the change feed removes changed ones at once.
    // One request computes it again while the others are answered with it, instead of every request
    // arriving meanwhile rendering the same page at once (each render then took as long as all of them).
    if (!entry || (entry.expiresAt <= now && (entry.refreshingUntil ?? 0) <= now)) {
      if (entry) entry.refreshingUntil = now + REFRESH_GRACE_MS;
      this.stats.misses += 1;
      return;
    }
    this.stats.hits += 1;
    // Least recently used goes first: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    pending.hit = true;
    reply.header('etag', entry.etag).header('cache-control', cacheControl);
    if (matches(request.headers['if-none-match'], entry.etag)) {
      await reply.code(304).send();
      return;
    }
    await reply.code(entry.status).headers(entry.headers).send(entry.body);
  }

  /** Whether nothing the answer shows changed while it was computed. */
  private isCurrent(pending: Pending): boolean {
    if (pending.generation !== this.generation) return false;
    return pending.appId === undefined || (this.lastCounted.get(pending.appId) ?? 0) <= pending.counted;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.appId === undefined) return;
    const keys = this.keysByApp.get(entry.appId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByApp.delete(entry.appId);
  }

  private async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const pending = this.pending.get(request);
    if (!pending || pending.hit) return payload;
    const status = reply.statusCode;
    if ((status !== 200 && status !== 404) || reply.hasHeader('set-cookie')) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body) return payload;
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', pending.cacheControl);
    if (this.isCurrent(pending) && body.length <= MAX_ENTRY_BYTES) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      this.remove(pending.key);
      this.entries.set(pending.key, { expiresAt: Date.now() + ENTRY_TTL_MS, appId: pending.appId, status, body, etag, headers });
      if (pending.appId !== undefined) {
        const keys = this.keysByApp.get(pending.appId) ?? new Set<string>();
        this.keysByApp.set(pending.appId, keys.add(pending.key));
      }
      if (this.entries.size > MAX_ENTRIES) this.remove(this.entries.keys().next().value as string);
    }
    if (status === 200 && matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return null;
    }
    return payload;
  }
}
