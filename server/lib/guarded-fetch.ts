import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import { isIP } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import robotsParser from 'robots-parser';
import type { Env } from '../env';
import { AppError } from './errors';

/** Why a fetch was refused; each maps to one 4xx (or 502) answer. */
export type RefusalReason =
  | 'invalid_url'
  | 'blocked_address'
  | 'unresolvable'
  | 'robots'
  | 'too_many_redirects'
  | 'too_large'
  | 'unsupported_type'
  | 'timeout'
  | 'upstream_status'
  | 'network';

const REASON_STATUS: Record<
  RefusalReason,
  { code: 'bad_request' | 'forbidden' | 'unprocessable' | 'payload_too_large' | 'bad_gateway'; status: number }
> = {
  invalid_url: { code: 'bad_request', status: 400 },
  blocked_address: { code: 'forbidden', status: 403 },
  unresolvable: { code: 'unprocessable', status: 422 },
  robots: { code: 'forbidden', status: 403 },
  too_many_redirects: { code: 'unprocessable', status: 422 },
  too_large: { code: 'payload_too_large', status: 413 },
  unsupported_type: { code: 'unprocessable', status: 415 },
  timeout: { code: 'bad_gateway', status: 502 },
  upstream_status: { code: 'unprocessable', status: 422 },
  network: { code: 'bad_gateway', status: 502 },
};

/** A fetch the guard refused or that failed; an AppError, so the API answers it as it is. */
export class FetchRefusedError extends AppError {
  override name = 'FetchRefusedError';
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    const { code, status } = REASON_STATUS[reason];
    super(code, message, { reason }, status);
  }
}

/** What the caller expects to receive; anything else is refused before the body is read. */
export type ExpectedContent = 'html' | 'xml' | 'json' | 'text';

const ACCEPTED_TYPES: Record<ExpectedContent, string[]> = {
  html: ['text/html', 'application/xhtml+xml'],
  xml: ['application/rss+xml', 'application/atom+xml', 'application/xml', 'text/xml', 'application/rdf+xml'],
  json: ['application/json', 'application/feed+json', 'text/json'],
  text: ['text/plain'],
};

const ACCEPT_HEADER: Record<ExpectedContent, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9',
  xml: 'application/rss+xml,application/atom+xml,application/xml;q=0.9,text/xml;q=0.9',
  json: 'application/json,application/feed+json;q=0.9',
  text: 'text/plain',
};

/** A resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (tests replace it with a stub). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => {
  const addresses = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export interface GuardedFetchOptions {
  /** `host:port` pairs that may be reached although they resolve to a refused address (test fixture sites). */
  allowHosts: readonly string[];
  /** Sent on every request and matched against robots.txt groups by its product token. */
  userAgent: string;
  resolver?: Resolver;
  connectTimeoutMs?: number;
  /** Budget of one `fetch` call: robots.txt, every redirect hop and the body. */
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/**
 * What a fetch saw on the way, filled in as it goes (also when it throws): every URL asked for in
 * order (redirect hops) and the last HTTP status. The link-health checker keeps it as evidence.
 */
export interface FetchTrace {
  hops: string[];
  status: number | null;
}

/** A fetched document. */
export interface FetchedDocument {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_CACHE_MS = 10 * 60_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Well-known cloud metadata endpoints, refused even if a range table were to miss them. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', 'fd00:ec2::23']);

/**
 * Why an address may not be fetched, or null when it is a public unicast address. Loopback,
 * private, link-local, unique-local, multicast, unspecified, broadcast, carrier-grade NAT, reserved
 * and documentation ranges, IPv6 transition ranges that embed IPv4 (mapped, NAT64, 6to4, Teredo)
 * and metadata addresses are refused; IPv6 must be global unicast (2000::/3).
 */
export function blockedAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'not an IP address';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    const inner = blockedAddressReason((parsed as ipaddr.IPv6).toIPv4Address().toString());
    return inner ? `IPv4-mapped ${inner}` : null;
  }
  const normalized = parsed.toNormalizedString();
  if (METADATA_ADDRESSES.has(address.toLowerCase()) || METADATA_ADDRESSES.has(parsed.toString())) return 'cloud metadata';
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6') {
    const first = Number.parseInt(normalized.split(':')[0] ?? '0', 16);
    // Global unicast is 2000::/3; everything else left as "unicast" by the table is unassigned.
    if ((first & 0xe000) !== 0x2000) return 'unassigned';
  }
  return null;
}

/** The host name of a URL without IPv6 brackets, lower-cased. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Parses a URL that may be fetched at all (http/https with a host); throws 400 otherwise. */
export function parseFetchableUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefusedError('invalid_url', 'Invalid URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new FetchRefusedError('invalid_url', 'Invalid URL: only http and https addresses can be analysed');
  }
  if (url.username || url.password)
    throw new FetchRefusedError('invalid_url', 'Invalid URL: addresses with credentials are not fetched');
  url.hash = '';
  return url;
}

interface Robots {
  isAllowed(url: string, ua?: string): boolean | undefined;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Fetches public web pages for discovery, refusing anything that could reach the server's own
 * network (SSRF). The host is resolved once, every address is checked, and the connection goes to
 * the checked address (no second lookup between check and connect); redirects are followed by hand
 * and each hop is checked again. robots.txt is honoured for the bot's user agent.
 */
export class GuardedFetcher {
  private readonly allowHosts: Set<string>;
  private readonly resolver: Resolver;
  private readonly connectTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly robotsCache = new Map<string, { robots: Robots | null; expiresAt: number }>();

  constructor(private readonly options: GuardedFetchOptions) {
    this.allowHosts = new Set(options.allowHosts.map((entry) => entry.toLowerCase()));
    this.resolver = options.resolver ?? systemResolver;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  }

  /**
   * Fetches a document of the expected kind.
   * @throws FetchRefusedError for every refusal (invalid URL, blocked address, robots.txt, too many
   * redirects, too large, wrong content type, timeout, an error status).
   */
  async fetch(rawUrl: string, expected: ExpectedContent, trace?: FetchTrace): Promise<FetchedDocument> {
    const deadline = Date.now() + this.totalTimeoutMs;
    let url = parseFetchableUrl(rawUrl);
    for (let hop = 0; ; hop++) {
      trace?.hops.push(url.toString());
      await this.assertRobotsAllow(url, deadline);
      const response = await this.requestOnce(url, {
        deadline,
        accept: ACCEPT_HEADER[expected],
        maxBytes: this.maxBytes,
        acceptType: (type) => ACCEPTED_TYPES[expected].includes(type),
        expectedLabel:
          expected === 'html'
            ? 'an HTML page'
            : expected === 'xml'
              ? 'an XML feed or sitemap'
              : expected === 'json'
                ? 'JSON'
                : 'a text file',
        trace,
      });
      if (REDIRECT_STATUSES.has(response.status)) {
        if (hop >= this.maxRedirects) {
          throw new FetchRefusedError(
            'too_many_redirects',
            `Too many redirects: more than ${this.maxRedirects} hops from ${rawUrl}`,
          );
        }
        url = this.redirectTarget(url, response.headers.location);
        continue;
      }
      assertSuccess(url, response.status);
      return {
        url: url.toString(),
        status: response.status,
        contentType: mediaType(response.headers['content-type']),
        body: decodeBody(response.body, response.headers['content-type']),
      };
    }
  }

  private redirectTarget(from: URL, location: string | undefined): URL {
    if (!location) throw new FetchRefusedError('upstream_status', `${from.host} answered a redirect without a Location`);
    try {
      return parseFetchableUrl(location, from.toString());
    } catch {
      throw new FetchRefusedError(
        'invalid_url',
        `${from.host} redirected to an address that cannot be fetched: ${location.slice(0, 200)}`,
      );
    }
  }

  /** Refuses a URL its site's robots.txt disallows for this bot (fetched through the same guard). */
  private async assertRobotsAllow(url: URL, deadline: number): Promise<void> {
    const robots = await this.robotsFor(url, deadline);
    if (robots && robots.isAllowed(url.toString(), this.options.userAgent) === false) {
      throw new FetchRefusedError('robots', `robots.txt of ${url.host} does not allow AitlasBot to fetch ${url.pathname}`);
    }
  }

  private async robotsFor(url: URL, deadline: number): Promise<Robots | null> {
    const cached = this.robotsCache.get(url.origin);
    if (cached && cached.expiresAt > Date.now()) return cached.robots;
    let robotsUrl = new URL('/robots.txt', url.origin);
    let robots: Robots | null = null;
    for (let hop = 0; ; hop++) {
      const response = await this.requestOnce(robotsUrl, {
        deadline,
        accept: 'text/plain',
        maxBytes: ROBOTS_MAX_BYTES,
        acceptType: () => true,
        expectedLabel: 'text',
      });
      if (REDIRECT_STATUSES.has(response.status) && hop < this.maxRedirects) {
        robotsUrl = this.redirectTarget(robotsUrl, response.headers.location);
        continue;
      }
      if (response.status >= 200 && response.status < 300) {
        // Rules apply to the site that was asked for, even when its robots.txt moved elsewhere.
        robots = robotsParser(new URL('/robots.txt', url.origin).toString(), response.body.toString('utf8')) as Robots;
      } else if (response.status >= 500) {
        // RFC 9309: an unreachable robots.txt means the whole site is off limits for now.
        throw new FetchRefusedError(
          'robots',
          `robots.txt of ${url.host} could not be read (HTTP ${response.status}); the site is not crawled for now`,
        );
      }
      break;
    }
    this.robotsCache.set(url.origin, { robots, expiresAt: Date.now() + ROBOTS_CACHE_MS });
    return robots;
  }

  /** The address to connect to: resolved once, every address checked unless the host:port is allow-listed. */
  private async pinnedAddress(url: URL): Promise<ResolvedAddress> {
    const host = bareHost(url);
    const allowed =
      this.allowHosts.has(`${host}:${effectivePort(url)}`) || this.allowHosts.has(`[${host}]:${effectivePort(url)}`);
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal) {
      addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await this.resolver(host);
      } catch {
        throw new FetchRefusedError('unresolvable', `The host ${host} could not be resolved`);
      }
      if (addresses.length === 0) throw new FetchRefusedError('unresolvable', `The host ${host} could not be resolved`);
    }
    if (!allowed) {
      for (const entry of addresses) {
        const reason = blockedAddressReason(entry.address);
        if (reason) {
          throw new FetchRefusedError(
            'blocked_address',
            `${host} resolves to a ${reason} address (${entry.address}); only public web sites can be analysed`,
          );
        }
      }
    }
    const first = addresses[0];
    if (!first) throw new FetchRefusedError('unresolvable', `The host ${host} could not be resolved`);
    return first;
  }

  private async requestOnce(
    url: URL,
    options: {
      deadline: number;
      accept: string;
      maxBytes: number;
      acceptType: (mediaType: string) => boolean;
      expectedLabel: string;
      trace?: FetchTrace | undefined;
    },
  ): Promise<RawResponse> {
    const pinned = await this.pinnedAddress(url);
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) throw timeoutError(url, this.totalTimeoutMs);
    const client = url.protocol === 'https:' ? https : http;
    const host = bareHost(url);
    const lookup = (_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family } satisfies LookupAddress]);
      else callback(null, pinned.address, pinned.family);
    };
    return new Promise<RawResponse>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(totalTimer);
        clearTimeout(connectTimer);
        request.destroy();
        reject(error);
      };
      const request = client.request({
        protocol: url.protocol,
        hostname: isIP(host) ? host : url.hostname,
        port: effectivePort(url),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        lookup: lookup as unknown as typeof dns.lookup,
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
        headers: {
          'user-agent': this.options.userAgent,
          accept: options.accept,
          'accept-encoding': 'gzip, deflate, br',
        },
      });
      const totalTimer = setTimeout(() => fail(timeoutError(url, this.totalTimeoutMs)), remaining);
      const connectTimer = setTimeout(
        () =>
          fail(
            new FetchRefusedError(
              'timeout',
              `${url.host} did not accept a connection within ${Math.round(this.connectTimeoutMs / 1000)} s`,
            ),
          ),
        Math.min(this.connectTimeoutMs, remaining),
      );
      request.on('socket', (socket: Socket) => {
        const connected = () => clearTimeout(connectTimer);
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        fail(new FetchRefusedError('network', `Could not fetch ${url.host}: ${describeNetworkError(error)}`));
      });
      request.on('response', (response) => {
        clearTimeout(connectTimer);
        const status = response.statusCode ?? 0;
        if (options.trace) options.trace.status = status;
        const headers = response.headers;
        if (REDIRECT_STATUSES.has(status) || status >= 300) {
          response.resume();
          settled = true;
          clearTimeout(totalTimer);
          request.destroy();
          resolve({ status, headers, body: Buffer.alloc(0) });
          return;
        }
        const type = mediaType(headers['content-type']);
        if (!options.acceptType(type)) {
          fail(
            new FetchRefusedError(
              'unsupported_type',
              `${url.host} answered ${type || 'an unknown content type'}, not ${options.expectedLabel}`,
            ),
          );
          return;
        }
        const declared = Number(headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          fail(tooLargeError(url, options.maxBytes));
          return;
        }
        const stream = decompressor(response, headers['content-encoding']);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            fail(tooLargeError(url, options.maxBytes));
            stream.destroy();
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', (error: Error) =>
          fail(new FetchRefusedError('network', `Could not read the answer of ${url.host}: ${error.message}`)),
        );
        stream.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(totalTimer);
          resolve({ status, headers, body: Buffer.concat(chunks) });
        });
      });
      request.end();
    });
  }
}

function decompressor(response: http.IncomingMessage, encoding: string | undefined): NodeJS.ReadableStream & { destroy(): void } {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function assertSuccess(url: URL, status: number): void {
  if (status >= 200 && status < 300) return;
  if (status >= 500) throw new FetchRefusedError('network', `${url.host} answered with an error (HTTP ${status})`);
  throw new FetchRefusedError('upstream_status', `${url.toString()} answered HTTP ${status}; check the address`);
}

function timeoutError(url: URL, totalMs: number): FetchRefusedError {
  return new FetchRefusedError('timeout', `${url.host} did not answer within ${Math.round(totalMs / 1000)} s`);
}

function tooLargeError(url: URL, maxBytes: number): FetchRefusedError {
  return new FetchRefusedError('too_large', `The page at ${url.host} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'its TLS certificate is not valid';
    default:
      return error.code ?? error.message;
  }
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function decodeBody(body: Buffer, contentType: string | undefined): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  try {
    return new TextDecoder(charset && charset !== 'utf8' ? charset : 'utf-8').decode(body);
  } catch {
    return body.toString('utf8');
  }
}

/** The User-Agent of the crawler: `AitlasBot/<version> (+PUBLIC_URL)`. */
export function crawlerUserAgent(version: string, publicUrl: string): string {
  return `AitlasBot/${version} (+${publicUrl})`;
}

let cachedVersion: string | undefined;
/** The product version of package.json (for the crawler's User-Agent). */
export function productVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const file = path.join(import.meta.dirname, '..', '..', 'package.json');
    cachedVersion = String((JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0');
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}

/** The fetcher settings of a context: the hosts tests allow, and the crawler's User-Agent. */
export function fetcherOptions(ctx: { env: Pick<Env, 'DISCOVERY_ALLOW_HOSTS' | 'PUBLIC_URL'> }): GuardedFetchOptions {
  return { allowHosts: ctx.env.DISCOVERY_ALLOW_HOSTS, userAgent: crawlerUserAgent(productVersion(), ctx.env.PUBLIC_URL) };
}
