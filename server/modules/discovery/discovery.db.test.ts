import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, discoveryLogs, notifications } from '../../db/schema';
import { seedDemoData } from '../../db/seed/seed';
import { signIn, signInAsAdmin } from '../../test/admin-session';
import { html, startFixtureSite, type FixtureSite } from '../../test/fixture-site';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NEXT_RUN_KEY } from './discovery.schedule-store';
import { planAndRun } from './discovery.scheduler';
import { DiscoveryRunsService } from './discovery.runs.service';

let site: FixtureSite;
let twin: FixtureSite;
let testApp: TestApp;
let cookie: string;

async function countRows(table: typeof apps | typeof discoveryLogs | typeof notifications): Promise<number> {
  const [row] = await testApp.ctx.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

function discover(url: unknown, headers: Record<string, string> = { cookie }) {
  return testApp.app.inject({ method: 'POST', url: '/api/admin/discover', headers, payload: { url } });
}

beforeAll(async () => {
  site = await startFixtureSite();
  twin = await startFixtureSite({ host: '127.0.0.2', port: site.port });
  testApp = await createTestApp({ DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${site.port}`, PUBLIC_URL: 'http://aitlas.test' });
  await seedDemoData(testApp.ctx.db);
  cookie = (await signInAsAdmin(testApp)).cookie;
});

afterAll(async () => {
  await testApp?.close();
  await site?.close();
  await twin?.close();
});

describe('POST /api/admin/discover', () => {
  it('needs an admin session', async () => {
    expect((await discover(`${site.origin}/plain-app`, {})).statusCode).toBe(401);
    const user = await signIn(testApp, { isAdmin: false });
    expect((await discover(`${site.origin}/plain-app`, { cookie: user.cookie })).statusCode).toBe(403);
  });

  it.each([[''], ['not a url'], ['ftp://example.com/x'], [42], ['javascript:alert(1)']])(
    'answers 400 "Invalid URL" for %j',
    async (url) => {
      const response = await discover(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Invalid URL');
    },
  );

  it('creates a pending, AI-generated app from a JSON-LD page, filed by the search intent model', async () => {
    const appsBefore = await countRows(apps);
    const response = await discover(`${site.origin}/jsonld-app`);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Quillmate',
      status: 'pending',
      aiGenerated: true,
      category: 'Writing',
      pricingType: 'freemium',
      rating: 46,
      company: 'Quill Labs',
      url: `${site.origin}/apps/quillmate`,
      screenshotUrl: `${site.origin}/static/quillmate-screenshot.png`,
      logoUrl: `${site.origin}/apple-touch-icon.png`,
    });
    expect(created.features).toContain('Grammar and spelling checks');
    expect(created.tags.length).toBeGreaterThan(0);
    expect(created.tags).toEqual(expect.arrayContaining(['grammar']));
    expect(Date.now() - Date.parse(created.detectedAt)).toBeLessThan(60_000);
    expect(await countRows(apps)).toBe(appsBefore + 1);

    const [row] = await testApp.ctx.db.select().from(apps).where(eq(apps.id, created.id));
    expect(row).toMatchObject({
      iconUrl: `${site.origin}/apple-touch-icon.png`,
      normalizedUrl: `127.0.0.1:${site.port}/apps/quillmate`,
      normalizedName: 'quillmate',
    });
    expect(row?.sourceUrl).toBe(`${site.origin}/apps/quillmate`);

    const [log] = await testApp.ctx.db.select().from(discoveryLogs).orderBy(discoveryLogs.id);
    expect(log).toMatchObject({ trigger: 'manual', discovered: 1, processed: 1, errors: 0 });
    const [notification] = await testApp.ctx.db.select().from(notifications).where(eq(notifications.type, 'app_discovered'));
    expect(notification?.message).toContain('Quillmate');
    expect(notification?.data).toMatchObject({ appId: created.id });
  });

  it('files a page without JSON-LD under the category its neighbours share', async () => {
    const response = await discover(`${site.origin}/plain-app`);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'PixelBrush', category: 'Design', pricingType: 'freemium', status: 'pending' });
    expect(response.json().features).toEqual([
      'Text to image generation',
      'Logo design from a prompt',
      'One-click background removal',
      'Upscaling to 4K',
    ]);
  });

  it('answers 409 naming the existing app for the same normalised URL, canonical URL or name', async () => {
    const [existing] = await testApp.ctx.db.select().from(apps).where(eq(apps.name, 'PixelBrush'));
    const appsBefore = await countRows(apps);
    for (const url of [
      `${site.origin}/plain-app/`,
      `${site.origin}/plain-app?ref=feed#top`,
      `${site.origin}/redirect-to-plain`,
    ]) {
      const response = await discover(url);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().error.details.existingId).toBe(existing?.id);
      expect(response.json().error.message).toContain(`id ${existing?.id}`);
    }
    // The JSON-LD page declares its canonical URL; a second visit is the same app.
    expect((await discover(`${site.origin}/jsonld-app`)).statusCode).toBe(409);
    // Same name at another path.
    site.route('/pixelbrush-copy', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<title>Pixel Brush!</title><meta name="description" content="Another page of the same product.">');
    });
    const byName = await discover(`${site.origin}/pixelbrush-copy`);
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.details).toMatchObject({ existingId: existing?.id, matchedBy: 'name' });
    expect(await countRows(apps)).toBe(appsBefore);
  });

  it('treats apps at different paths of one host as different apps', async () => {
    const alpha = await discover(`${site.origin}/tools/alpha`);
    const beta = await discover(`${site.origin}/tools/beta`);
    expect(alpha.statusCode).toBe(201);
    expect(beta.statusCode).toBe(201);
    expect(alpha.json().id).not.toBe(beta.json().id);
  });

  it.each([
    ['/redirect-to-twin', 403, 'private or reserved'],
    ['/redirect-to-metadata', 403, '169.254.169.254'],
    ['/private/secret-app', 403, 'robots.txt'],
    ['/huge', 413, 'larger than 2 MB'],
    ['/image.png', 415, 'image/png'],
    ['/missing-page', 422, '404'],
    ['/redirect-chain/7', 422, 'Too many redirects'],
  ])('refuses %s with %i and saves nothing', async (path, status, text) => {
    const before = {
      apps: await countRows(apps),
      logs: await countRows(discoveryLogs),
      notifications: await countRows(notifications),
    };
    const response = await discover(`${site.origin}${path}`);
    expect(response.statusCode).toBe(status);
    const message: string = response.json().error.message;
    expect(text === 'private or reserved' ? /loopback|private|reserved/.test(message) : message.includes(text)).toBe(true);
    expect({
      apps: await countRows(apps),
      logs: await countRows(discoveryLogs),
      notifications: await countRows(notifications),
    }).toEqual(before);
  });

  it('refuses loopback and private addresses that are not allow-listed', async () => {
    for (const url of [`http://127.0.0.2:${site.port}/plain-app`, 'http://localhost:9/', 'http://10.0.0.1/', 'http://[::1]/']) {
      const response = await discover(url);
      expect(response.statusCode, url).toBe(403);
    }
    expect(twin.hits).toEqual([]);
  });
});

describe('POST /api/discover-app (public)', () => {
  it('creates a pending app, answers 202 with its id and notifies the admins', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/discover-app',
      payload: { url: `${site.origin}/tools/gamma` },
      remoteAddress: '203.0.113.7',
    });
    expect(response.statusCode).toBe(202);
    const { id } = response.json();
    const [row] = await testApp.ctx.db.select().from(apps).where(eq(apps.id, id));
    expect(row).toMatchObject({ name: 'Gamma Voice', status: 'pending', aiGenerated: true });
    const [notification] = await testApp.ctx.db.select().from(notifications).where(eq(notifications.type, 'app_submitted'));
    expect(notification?.data).toMatchObject({ appId: id });
  });

  it('applies the same guard and duplicate rules', async () => {
    const post = (url: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/discover-app', payload: { url }, remoteAddress: '203.0.113.8' });
    expect((await post(`${site.origin}/tools/gamma`)).statusCode).toBe(409);
    expect((await post(`${site.origin}/redirect-to-twin`)).statusCode).toBe(403);
    const invalid = await post('nope');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Invalid URL');
  });

  it('"Submit a tool": e-mail and note reach the curator; a duplicate answers "Already listed: …" with the page, or "Already submitted" while pending', async () => {
    const submit = (payload: Record<string, unknown>, remoteAddress: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/discover-app', payload, remoteAddress });
    site.route(
      '/submitted/zeta',
      html(
        '<!doctype html><html><head><title>Zeta Slides | AI tool</title><meta name="description" content="Zeta Slides turns an outline into a presentation with charts and speaker notes."></head><body><main><h1>Zeta Slides</h1><p>Zeta Slides turns an outline into a presentation with charts and speaker notes.</p></main></body></html>',
      ),
    );
    const created = await submit(
      { url: `${site.origin}/submitted/zeta`, email: 'maker@delta.example', note: 'We launched last week.' },
      '203.0.113.21',
    );
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Zeta Slides', status: 'pending' });
    const submitted = (await testApp.ctx.db.select().from(notifications).where(eq(notifications.type, 'app_submitted'))).find(
      (row) => (row.data as { appId?: number }).appId === created.json().id,
    );
    expect(submitted?.message).toContain('Submitted by maker@delta.example. Note: We launched last week.');
    expect(submitted?.data).toMatchObject({ email: 'maker@delta.example', note: 'We launched last week.' });

    const pendingTwice = await submit({ url: `${site.origin}/submitted/zeta` }, '203.0.113.22');
    expect(pendingTwice.statusCode).toBe(409);
    expect(pendingTwice.json().error).toMatchObject({
      code: 'conflict',
      message: 'Already submitted: Zeta Slides is waiting for review.',
      details: { existingId: created.json().id, name: 'Zeta Slides', path: null },
    });

    await testApp.ctx.db.update(apps).set({ status: 'published' }).where(eq(apps.id, created.json().id));
    const listed = await submit({ url: `${site.origin}/submitted/zeta/` }, '203.0.113.23');
    expect(listed.statusCode).toBe(409);
    expect(listed.json().error.message).toBe('Already listed: Zeta Slides');
    expect(listed.json().error.details.path).toMatch(/^\/ai-apps\/[^/]+\/zeta-slides$/);

    for (const [payload, status] of [
      [{ url: `${site.origin}/tools/epsilon`, email: 'not an address' }, 400],
      [{ url: `${site.origin}/tools/epsilon`, note: 'x'.repeat(1001) }, 400],
      // A site that answers with an error page, and an address inside a private network.
      [{ url: `${site.origin}/no-such-page` }, 422],
      [{ url: 'http://10.1.2.3/tool' }, 403],
    ] as const) {
      const response = await submit(payload, '203.0.113.24');
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
  });

  it('allows at most 5 submissions per hour per client', async () => {
    const post = () =>
      testApp.app.inject({ method: 'POST', url: '/api/discover-app', payload: { url: 'bad' }, remoteAddress: '198.51.100.9' });
    for (let i = 0; i < 5; i++) expect((await post()).statusCode).toBe(400);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toContain('at most 5 per hour');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    const other = await testApp.app.inject({
      method: 'POST',
      url: '/api/discover-app',
      payload: { url: 'bad' },
      remoteAddress: '198.51.100.10',
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('discovery sources and runs', () => {
  const add = (payload: Record<string, unknown>) =>
    testApp.app.inject({ method: 'POST', url: '/api/admin/discovery-sources', headers: { cookie }, payload });

  it('validates, creates, lists, toggles and deletes sources', async () => {
    expect((await add({ url: 'nope', type: 'rss' })).json().error.message).toBe('Invalid URL');
    const badType = await add({ url: `${site.origin}/feed.xml`, type: 'html' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.message).toContain('rss, atom, sitemap, json');
    const created = await add({ url: `${site.origin}/unused.xml`, type: 'rss' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'rss', enabled: true, lastRunAt: null });
    expect((await add({ url: `${site.origin}/unused.xml`, type: 'rss' })).statusCode).toBe(409);
    const id = created.json().id;
    const toggled = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/discovery-sources/${id}`,
      headers: { cookie },
      payload: { enabled: false },
    });
    expect(toggled.json().enabled).toBe(false);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/admin/discovery-sources', headers: { cookie } });
    expect(list.json()).toEqual([expect.objectContaining({ id, enabled: false })]);
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: `/api/admin/discovery-sources/${id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: `/api/admin/discovery-sources/${id}`, headers: { cookie } })).statusCode,
    ).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/discovery-sources' })).statusCode).toBe(401);
  });

  it('runs every enabled source: queues new URLs, skips known ones, logs and notifies', async () => {
    for (const [path, type] of [
      ['/feed.xml', 'rss'],
      ['/atom.xml', 'atom'],
      ['/sitemap-index.xml', 'sitemap'],
      ['/apps.json', 'json'],
      ['/image.png', 'rss'],
    ] as const) {
      expect((await add({ url: `${site.origin}${path}`, type })).statusCode).toBe(201);
    }
    const disabled = await add({ url: `${site.origin}/disabled.xml`, type: 'rss', enabled: false });
    expect(disabled.statusCode).toBe(201);

    const response = await testApp.app.inject({ method: 'POST', url: '/api/admin/trigger-discovery', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    // Candidates: alpha, beta (already apps), plain-app (already an app), missing-page, gamma (already), delta, epsilon.
    expect(response.json()).toEqual({
      discovered: 3,
      processed: 2,
      errors: 2,
      firstError: expect.stringContaining(`Source ${site.origin}/image.png failed`),
    });
    const created = await testApp.ctx.db.select({ name: apps.name }).from(apps).where(eq(apps.status, 'pending'));
    expect(created.map((row) => row.name)).toEqual(expect.arrayContaining(['Delta Sheets', 'Epsilon Tutor']));
    expect(site.hits).not.toContain('/disabled.xml');

    const [log] = await testApp.ctx.db.select().from(discoveryLogs).where(eq(discoveryLogs.trigger, 'scan'));
    expect(log).toMatchObject({ discovered: 3, processed: 2, errors: 2 });
    expect(log?.details[0]).toBe('Found 3 new candidate URLs in 5 sources');
    expect(log?.details.join('\n')).toContain(`Failed ${site.origin}/missing-page`);
    expect(log?.details.join('\n')).toContain(`Source ${site.origin}/image.png failed`);
    const [completed] = await testApp.ctx.db.select().from(notifications).where(eq(notifications.type, 'discovery_completed'));
    expect(completed?.message).toBe('Found 3 apps, processed 2 new ones (2 errors).');

    // The sources list says which read failed, and why (not just "Last read").
    const sources = (
      await testApp.app.inject({ method: 'GET', url: '/api/admin/discovery-sources', headers: { cookie } })
    ).json() as { url: string; lastRunAt: string | null; lastError: string | null }[];
    const failed = sources.find((source) => source.url === `${site.origin}/image.png`);
    expect(failed?.lastRunAt).not.toBeNull();
    expect(failed?.lastError).toEqual(expect.any(String));
    expect(failed?.lastError?.length).toBeGreaterThan(0);
    expect(sources.find((source) => source.url === `${site.origin}/feed.xml`)).toMatchObject({
      lastError: null,
      lastRunAt: expect.any(String),
    });

    // A second run finds nothing new: the created apps are known and the failed page was tried.
    const again = await testApp.app.inject({ method: 'POST', url: '/api/admin/trigger-discovery', headers: { cookie } });
    expect(again.json()).toEqual({
      discovered: 0,
      processed: 0,
      errors: 1,
      firstError: expect.stringContaining(`Source ${site.origin}/image.png failed`),
    });
  });

  it('answers 409 while another run holds the lock', async () => {
    const service = new DiscoveryRunsService(testApp.ctx);
    let release: () => void = () => undefined;
    let acquired: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (acquired = resolve));
    const held = testApp.ctx.database.withExclusiveLock('discovery-run', () => {
      acquired();
      return new Promise<void>((resolve) => (release = resolve));
    });
    // On PostgreSQL the lock is taken on a pooled connection: the request must come once it is held.
    await holding;
    const response = await testApp.app.inject({ method: 'POST', url: '/api/admin/trigger-discovery', headers: { cookie } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('already in progress');
    expect(await service.runExclusive('schedule')).toBeNull();
    release();
    await held;
  });

  it('plans the next run in the settings table, runs when due, once, and reports the status', async () => {
    const status = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/discovery-status', headers: { cookie } })).json();
    expect(await status()).toMatchObject({ nextRunAt: null, running: false, intervalMinutes: 60 });

    const service = new DiscoveryRunsService(testApp.ctx);
    const t0 = Date.now();
    const sleep = await planAndRun(testApp.ctx, service, undefined, () => t0);
    expect(sleep).toBe(60_000);
    const planned = (await status()).nextRunAt;
    expect(Date.parse(planned)).toBe(t0 + 60 * 60_000);

    const logsBefore = await countRows(discoveryLogs);
    // Two instances wake up when the run is due: exactly one runs it.
    const later = () => t0 + 61 * 60_000;
    await Promise.all([
      planAndRun(testApp.ctx, service, undefined, later),
      planAndRun(testApp.ctx, new DiscoveryRunsService(testApp.ctx), undefined, later),
    ]);
    expect(await countRows(discoveryLogs)).toBe(logsBefore + 1);
    const [log] = await testApp.ctx.db.select().from(discoveryLogs).where(eq(discoveryLogs.trigger, 'schedule'));
    expect(log).toBeDefined();
    expect(Date.parse((await status()).nextRunAt)).toBe(later() + 60 * 60_000);

    // A shorter interval re-plans within one interval.
    await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/sync-interval',
      headers: { cookie },
      payload: { intervalMinutes: 30 },
    });
    await planAndRun(testApp.ctx, service, undefined, later);
    expect(Date.parse((await status()).nextRunAt)).toBe(later() + 30 * 60_000);
    expect((await status()).intervalMinutes).toBe(30);
    expect(NEXT_RUN_KEY).toBe('discovery.nextRunAt');
  });

  it('reports the figures of the Discover view', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/discovery-stats', headers: { cookie } });
    const stats = response.json();
    const [{ pending } = { pending: 0 }] = await testApp.ctx.db
      .select({ pending: count() })
      .from(apps)
      .where(eq(apps.status, 'pending'));
    expect(stats.pendingReview).toBe(Number(pending));
    // Quillmate, PixelBrush, Alpha, Beta, Gamma and Zeta (submitted), Delta and Epsilon (run).
    expect(stats.appsDiscovered).toBe(8);
    expect(stats.categories).toBe(12);
    expect(stats.successRate).toBeGreaterThan(0);
    expect(stats.successRate).toBeLessThanOrEqual(100);
  });
});

describe('notifications list', () => {
  it('returns the latest notifications and the count since a time', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: { cookie } });
    const body = response.json();
    expect(body.notifications.length).toBeGreaterThan(0);
    expect(body.notifications[0]).toEqual(
      expect.objectContaining({ type: expect.any(String), title: expect.any(String), timestamp: expect.any(String) }),
    );
    expect(body.unreadCount).toBe(await countRows(notifications));
    const since = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/notifications?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      headers: { cookie },
    });
    expect(since.json().unreadCount).toBe(0);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/notifications?since=yesterday', headers: { cookie } }))
        .statusCode,
    ).toBe(400);
  });
});
