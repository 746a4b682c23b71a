import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../test/fixture-site';
import { blockedAddressReason, crawlerUserAgent, FetchRefusedError, GuardedFetcher, type Resolver } from './guarded-fetch';

const UA = crawlerUserAgent('0.1.0', 'http://aitlas.test');

/** Refusal of a fetch: the reason and HTTP status it maps to. */
async function refusal(promise: Promise<unknown>): Promise<{ reason: string; status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchRefusedError) return { reason: error.reason, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('the fetch was not refused');
}

describe('blockedAddressReason (every refused address class)', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'cloud metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped cloud metadata'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['2001::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['::127.0.0.1', 'IPv4-mapped loopback'],
    ['3fff::1', 'reserved'],
  ];
  it.each(refused)('refuses %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );
});

describe('GuardedFetcher', () => {
  let site: FixtureSite;
  let twin: FixtureSite;
  let allowed: string;

  beforeAll(async () => {
    site = await startFixtureSite();
    // The same site on another loopback address, which no fetch may ever reach.
    twin = await startFixtureSite({ host: '127.0.0.2', port: site.port });
    allowed = `127.0.0.1:${site.port}`;
  });
  afterAll(async () => {
    await site.close();
    await twin.close();
  });

  const fetcher = (options: { resolver?: Resolver; allow?: string[]; totalTimeoutMs?: number } = {}) =>
    new GuardedFetcher({
      allowHosts: options.allow ?? [allowed],
      userAgent: UA,
      ...(options.resolver ? { resolver: options.resolver } : {}),
      ...(options.totalTimeoutMs ? { totalTimeoutMs: options.totalTimeoutMs } : {}),
    });

  it('fetches an HTML page of an allowed fixture host with the bot User-Agent', async () => {
    const page = await fetcher().fetch(`${site.origin}/plain-app`, 'html');
    expect(page.status).toBe(200);
    expect(page.contentType).toBe('text/html');
    expect(page.body).toContain('PixelBrush');
  });

  it('follows a same-site redirect and reports the final URL', async () => {
    const page = await fetcher().fetch(`${site.origin}/redirect-to-plain`, 'html');
    expect(page.url).toBe(`${site.origin}/plain-app`);
  });

  describe('refuses, before connecting, URLs and names that lead to refused addresses', () => {
    const publicLooking: Resolver = async (hostname) => {
      const table: Record<string, { address: string; family: 4 | 6 }[]> = {
        'intranet.example.com': [{ address: '10.0.0.5', family: 4 }],
        'metadata.example.com': [{ address: '169.254.169.254', family: 4 }],
        'v6-local.example.com': [{ address: 'fd00:ec2::254', family: 6 }],
        'mapped.example.com': [{ address: '::ffff:127.0.0.1', family: 6 }],
        // One public and one private address: every address is checked, not only the first.
        'mixed.example.com': [
          { address: '93.184.216.34', family: 4 },
          { address: '192.168.0.10', family: 4 },
        ],
      };
      const entry = table[hostname];
      if (!entry) throw new Error('ENOTFOUND');
      return entry;
    };
    const cases: [string, string, number][] = [
      ['http://127.0.0.1:9/', 'blocked_address', 403],
      ['http://127.0.0.2/', 'blocked_address', 403],
      ['http://[::1]:9/', 'blocked_address', 403],
      ['http://169.254.169.254/latest/meta-data/', 'blocked_address', 403],
      ['http://[fd00:ec2::254]/', 'blocked_address', 403],
      ['http://0x7f000001/', 'blocked_address', 403],
      ['http://2130706433/', 'blocked_address', 403],
      ['http://0.0.0.0/', 'blocked_address', 403],
      ['http://10.0.0.1/', 'blocked_address', 403],
      ['http://100.64.1.1/', 'blocked_address', 403],
      ['http://224.0.0.1/', 'blocked_address', 403],
      ['http://[::ffff:7f00:1]/', 'blocked_address', 403],
      ['http://intranet.example.com/', 'blocked_address', 403],
      ['https://metadata.example.com/', 'blocked_address', 403],
      ['http://v6-local.example.com/', 'blocked_address', 403],
      ['http://mapped.example.com/', 'blocked_address', 403],
      ['http://mixed.example.com/', 'blocked_address', 403],
      ['http://does-not-exist.example.com/', 'unresolvable', 422],
      ['file:///etc/passwd', 'invalid_url', 400],
      ['ftp://example.com/', 'invalid_url', 400],
      ['javascript:alert(1)', 'invalid_url', 400],
      ['not a url', 'invalid_url', 400],
      ['http://user:secret@example.com/', 'invalid_url', 400],
    ];
    it.each(cases)('%s → %s (%i)', async (url, reason, status) => {
      const before = twin.hits.length;
      const result = await refusal(fetcher({ resolver: publicLooking }).fetch(url, 'html'));
      expect(result).toMatchObject({ reason, status });
      expect(twin.hits.length).toBe(before);
    });

    it('allows only the exact host:port pairs of the allow list', async () => {
      const result = await refusal(fetcher({ allow: [`127.0.0.1:${site.port + 1}`] }).fetch(`${site.origin}/plain-app`, 'html'));
      expect(result.reason).toBe('blocked_address');
      expect(result.message).toContain('loopback');
    });
  });

  describe('re-checks every redirect hop', () => {
    it.each([
      ['/redirect-to-twin', 'blocked_address', 403],
      ['/redirect-to-metadata', 'blocked_address', 403],
      ['/redirect-to-file', 'invalid_url', 400],
    ])('%s → %s', async (path, reason, status) => {
      const before = twin.hits.length;
      expect(await refusal(fetcher().fetch(`${site.origin}${path}`, 'html'))).toMatchObject({ reason, status });
      expect(twin.hits.length).toBe(before);
    });

    it('refuses a redirect to a public-looking name that resolves to a private address', async () => {
      site.route('/redirect-to-intranet', (_request, response) => {
        response.writeHead(302, { location: 'http://intranet.example.com/admin' });
        response.end();
      });
      const resolver: Resolver = async (hostname) =>
        hostname === 'intranet.example.com' ? [{ address: '10.0.0.5', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
      expect(await refusal(fetcher({ resolver }).fetch(`${site.origin}/redirect-to-intranet`, 'html'))).toMatchObject({
        reason: 'blocked_address',
      });
    });

    it('follows at most 5 redirects', async () => {
      // /redirect-chain/N answers N + 1 redirects before the page.
      await expect(fetcher().fetch(`${site.origin}/redirect-chain/4`, 'html')).resolves.toMatchObject({
        url: `${site.origin}/plain-app`,
      });
      expect(await refusal(fetcher().fetch(`${site.origin}/redirect-chain/5`, 'html'))).toMatchObject({
        reason: 'too_many_redirects',
        status: 422,
      });
    });
  });

  it('connects to the address it checked, with no second lookup (DNS rebinding)', async () => {
    const lookups: string[] = [];
    const resolver: Resolver = async (hostname) => {
      lookups.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // ".invalid" never resolves: the page can only load if the connection used the checked address.
    const guarded = new GuardedFetcher({ allowHosts: [`pinned.invalid:${site.port}`], userAgent: UA, resolver });
    const page = await guarded.fetch(`http://pinned.invalid:${site.port}/plain-app`, 'html');
    expect(page.body).toContain('PixelBrush');
    // One lookup per connection (robots.txt, then the page), each checked before connecting.
    expect(lookups).toEqual(['pinned.invalid', 'pinned.invalid']);
  });

  it('refuses a page robots.txt disallows for AitlasBot', async () => {
    expect(await refusal(fetcher().fetch(`${site.origin}/private/secret-app`, 'html'))).toMatchObject({
      reason: 'robots',
      status: 403,
    });
    const result = await refusal(fetcher().fetch(`${site.origin}/no-bots`, 'html'));
    expect(result).toMatchObject({ reason: 'robots', status: 403 });
    expect(result.message).toContain('robots.txt');
    expect(site.hits).not.toContain('/no-bots');
  });

  it('refuses bodies over 2 MB, streamed or declared', async () => {
    expect(await refusal(fetcher().fetch(`${site.origin}/huge`, 'html'))).toMatchObject({ reason: 'too_large', status: 413 });
    expect(await refusal(fetcher().fetch(`${site.origin}/huge-declared`, 'html'))).toMatchObject({
      reason: 'too_large',
      status: 413,
    });
  });

  it('refuses content that is not HTML where a page is expected', async () => {
    const result = await refusal(fetcher().fetch(`${site.origin}/image.png`, 'html'));
    expect(result).toMatchObject({ reason: 'unsupported_type', status: 415 });
    expect(result.message).toContain('image/png');
  });

  it('accepts feed types only where a feed is expected', async () => {
    await expect(fetcher().fetch(`${site.origin}/feed.xml`, 'xml')).resolves.toMatchObject({
      contentType: 'application/rss+xml',
    });
    expect(await refusal(fetcher().fetch(`${site.origin}/feed.xml`, 'html'))).toMatchObject({ reason: 'unsupported_type' });
    expect(await refusal(fetcher().fetch(`${site.origin}/plain-app`, 'json'))).toMatchObject({ reason: 'unsupported_type' });
  });

  it('gives up on a slow site after the total time budget', async () => {
    const started = Date.now();
    expect(await refusal(fetcher({ totalTimeoutMs: 400 }).fetch(`${site.origin}/slow`, 'html'))).toMatchObject({
      reason: 'timeout',
      status: 502,
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports an error status of the page as a client error naming the status', async () => {
    const result = await refusal(fetcher().fetch(`${site.origin}/missing-page`, 'html'));
    expect(result).toMatchObject({ reason: 'upstream_status', status: 422 });
    expect(result.message).toContain('404');
  });

  it('never reached the twin site', () => {
    expect(twin.hits).toEqual([]);
  });
});
