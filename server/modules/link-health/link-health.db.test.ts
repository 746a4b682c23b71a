import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHealth, apps, linkChecks, notifications } from '../../db/schema';
import { signIn, signInAsAdmin } from '../../test/admin-session';
import { insertApp } from '../../db/factories';
import { html, redirect, startFixtureSite, stalled, type FixtureSite } from '../../test/fixture-site';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fetcherOptions, GuardedFetcher } from '../../lib/guarded-fetch';
import { LinkHealthRepository } from './link-health.repository';
import { HEALTH_RUN_KEY, LinkHealthService } from './link-health.service';

let site: FixtureSite;
let other: FixtureSite;
let t: TestApp;
let cookie: string;
let changingCopy = 'Alpha Writer drafts blog posts, newsletters and product copy from a short outline.';
let flakyFailures = 0;
/** The healthy site answers this late, so the response time a check records cannot be below it. */
const HEALTHY_DELAY_MS = 120;

const page = (title: string, description: string, body = '') =>
  html(
    `<!doctype html><html><head><title>${title}</title><meta name="description" content="${description}"></head><body><main><h1>${title}</h1><p>${description}</p>${body}</main></body></html>`,
  );

function call(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = { cookie }) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function addApp(name: string, path: string, host: FixtureSite = site): Promise<number> {
  return insertApp(t.ctx.db, { name, url: `${host.origin}${path}`, description: `${name} helps teams write better.` });
}

async function stateOf(appId: number): Promise<string | undefined> {
  const [row] = await t.ctx.db.select({ state: appHealth.state }).from(appHealth).where(eq(appHealth.appId, appId));
  return row?.state;
}

/** A service whose fetcher gives up quickly (the timeout case) and confirms a 404 without waiting. */
function quickService(): LinkHealthService {
  return new LinkHealthService(t.ctx, {
    fetcher: new GuardedFetcher({ ...fetcherOptions(t.ctx), totalTimeoutMs: 1500, connectTimeoutMs: 1000 }),
    confirmGoneDelayMs: 0,
  });
}

beforeAll(async () => {
  site = await startFixtureSite({ routes: false });
  other = await startFixtureSite({ host: '127.0.0.2', port: site.port, routes: false });
  const healthy = page('Healthy Notes', 'Healthy Notes writes meeting notes for you.');
  site.route('/healthy', (request, response, s) => void setTimeout(() => healthy(request, response, s), HEALTHY_DELAY_MS));
  site.route('/old-path', redirect('/new-path', 301));
  site.route('/new-path', page('Moved Path Tool', 'A tool that lives on a new path now.'));
  site.route('/to-other', redirect(`${other.origin}/landing`));
  other.route('/landing', page('Acquirer Inc', 'We acquired the product you were looking for.'));
  site.route(
    '/parked',
    page('scribbly.ai', 'scribbly.ai', '<p>This domain is for sale! Make an offer on this domain today.</p>'),
  );
  site.route('/changing', (request, response, s) => page('Alpha Writer', changingCopy)(request, response, s));
  site.route('/flaky', (request, response, s) => {
    if (flakyFailures > 0) {
      flakyFailures -= 1;
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('busy');
      return;
    }
    page('Flaky Tool', 'Flaky Tool summarises documents.')(request, response, s);
  });
  site.route('/slow', stalled());
  t = await createTestApp({
    DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${site.port},127.0.0.2:${site.port}`,
    PUBLIC_URL: 'http://aitlas.test',
  });
  cookie = (await signInAsAdmin(t)).cookie;
});

afterAll(async () => {
  await t?.close();
  await site?.close();
  await other?.close();
});

describe('link states from fixture sites', () => {
  it('sorts healthy, redirected, moved, parked, dead and timeout sites into their states, with evidence', async () => {
    const ids = {
      healthy: await addApp('Healthy Notes', '/healthy'),
      redirected: await addApp('Moved Path Tool', '/old-path'),
      moved: await addApp('Acquired Tool', '/to-other'),
      parked: await addApp('Scribbly', '/parked'),
      dead: await addApp('Gone Tool', '/gone'),
      timeout: await addApp('Slow Tool', '/slow'),
    };
    const started = performance.now();
    const result = await quickService().runNow(Object.values(ids));
    const runMs = performance.now() - started;
    expect(result.checked).toBe(6);
    expect(result.counts).toMatchObject({ ok: 1, redirected: 1, moved: 1, parked: 1, dead: 1, unreachable: 1 });
    for (const [state, id] of Object.entries(ids))
      expect(await stateOf(id), state).toBe(state === 'healthy' ? 'ok' : state === 'timeout' ? 'unreachable' : state);

    const moved = (await call('GET', '/api/admin/health?state=moved')).json() as {
      appId: number;
      url: string;
      evidence: {
        summary: string;
        suggestedUrl: string;
        checks: { redirectChain: string[]; httpStatus: number; finalUrl: string }[];
      };
    }[];
    const entry = moved.find((row) => row.appId === ids.moved);
    expect(entry?.evidence.summary).toContain('127.0.0.2');
    expect(entry?.evidence.suggestedUrl).toBe(`${other.origin}/landing`);
    expect(entry?.evidence.checks[0]).toMatchObject({
      httpStatus: 200,
      finalUrl: `${other.origin}/landing`,
      redirectChain: [`${site.origin}/to-other`, `${other.origin}/landing`],
    });

    const [check] = await t.ctx.db.select().from(linkChecks).where(eq(linkChecks.appId, ids.healthy));
    expect(check).toMatchObject({ httpStatus: 200, title: 'Healthy Notes', finalUrl: `${site.origin}/healthy` });
    expect(check?.fingerprint).toMatch(/^[0-9a-f]{20}$/);
    // The recorded time is the site's: at least its delay, at most the whole run.
    expect(check?.responseTimeMs).toBeGreaterThanOrEqual(HEALTHY_DELAY_MS);
    expect(check?.responseTimeMs).toBeLessThanOrEqual(Math.ceil(runMs));
    const [slow] = await t.ctx.db.select().from(linkChecks).where(eq(linkChecks.appId, ids.timeout));
    expect(slow).toMatchObject({ failure: 'timeout', httpStatus: 200 });

    // The app page says when it was last checked.
    const publicApp = (await call('GET', `/api/marketplace/app/${ids.healthy}`, undefined, {})).json();
    expect(Date.parse(publicApp.lastCheckedAt)).toBe(check?.checkedAt.getTime());

    const alerts = await t.ctx.db.select().from(notifications).where(eq(notifications.type, 'link_health'));
    const alerted = alerts.map((row) => (row.data as { appId: number }).appId).sort();
    expect(alerted).toEqual([ids.moved, ids.parked, ids.dead].sort());
  });

  it('a changed page becomes "changed" once its title and description move away from the first check', async () => {
    const id = await addApp('Alpha Writer', '/changing');
    const service = quickService();
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('ok');
    changingCopy = 'Alpha Writer drafts blog posts, newsletters and product copy from an outline in seconds.';
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('ok');
    changingCopy = 'Online casino bonuses, free spins and sports betting odds every day.';
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('changed');
  });

  it('a flapping site that fails once is unreachable, never dead, and ok again afterwards', async () => {
    const id = await addApp('Flaky Tool', '/flaky');
    const service = quickService();
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('ok');
    flakyFailures = 1;
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('unreachable');
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('ok');
  });

  it('a 404 that answers 200 on the confirming request is not dead', async () => {
    let first = true;
    site.route('/blip', (request, response, s) => {
      if (first) {
        first = false;
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end('nope');
        return;
      }
      page('Blip', 'Blip is fine.')(request, response, s);
    });
    const id = await addApp('Blip', '/blip');
    await quickService().runNow([id]);
    expect(await stateOf(id)).toBe('ok');
  });

  it('unreachable becomes dead only after 3 unreachable checks spanning at least 2 days', async () => {
    const id = await addApp('Down Tool', '/slow');
    const repository = new LinkHealthRepository(t.ctx.db);
    const failure = {
      url: `${site.origin}/slow`,
      httpStatus: null,
      finalUrl: null,
      redirectChain: [],
      responseTimeMs: 1,
      failure: 'network',
      failureMessage: 'refused',
      parkedMarker: null,
      title: null,
      description: null,
      fingerprint: null,
    };
    const service = quickService();
    // Three failures within one day: still only unreachable.
    await repository.insertCheck(id, { ...failure, checkedAt: new Date(Date.now() - 20 * 3600_000) });
    await repository.insertCheck(id, { ...failure, checkedAt: new Date(Date.now() - 10 * 3600_000) });
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('unreachable');
    // The oldest of the last three failures more than two days back: dead.
    await t.ctx.db
      .update(linkChecks)
      .set({ checkedAt: new Date(Date.now() - 50 * 3600_000) })
      .where(eq(linkChecks.checkedAt, (await repository.recentChecks(id))[2]?.checkedAt ?? new Date()));
    await service.runNow([id]);
    expect(await stateOf(id)).toBe('dead');
  });
});

describe('runs', () => {
  it('never sends two requests to one host at once, with a global concurrency of 8', async () => {
    let active = 0;
    let maxActive = 0;
    const counting = (request: IncomingMessage, response: ServerResponse) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      setTimeout(() => {
        active -= 1;
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<title>Polite ${request.url}</title>`);
      }, 30);
    };
    for (let n = 0; n < 12; n++) site.route(`/polite/${n}`, counting);
    const ids = [];
    for (let n = 0; n < 12; n++) ids.push(await addApp(`Polite ${n}`, `/polite/${n}`));
    await t.ctx.db.update(apps).set({ status: 'published' });
    const result = await new LinkHealthService(t.ctx, { confirmGoneDelayMs: 0 }).runNow(ids);
    expect(result.checked).toBe(12);
    expect(maxActive).toBe(1);
  });

  it('resumes an interrupted run without checking again what it already did', async () => {
    const ids = [
      await addApp('Resume A', '/healthy'),
      await addApp('Resume B', '/healthy'),
      await addApp('Resume C', '/healthy'),
    ];
    const repository = new LinkHealthRepository(t.ctx.db);
    const startedAt = new Date(Date.now() - 60_000);
    // The instance stopped after checking A.
    await repository.setSetting(HEALTH_RUN_KEY, {
      startedAt: startedAt.toISOString(),
      ids,
      total: 3,
      done: 1,
      problems: 0,
      stopRequested: false,
      trigger: 'schedule',
      heartbeatAt: startedAt.toISOString(),
    });
    await repository.insertCheck(ids[0] as number, {
      checkedAt: new Date(),
      url: `${site.origin}/healthy`,
      httpStatus: 200,
      finalUrl: `${site.origin}/healthy`,
      redirectChain: [],
      responseTimeMs: 3,
      failure: null,
      failureMessage: null,
      parkedMarker: null,
      title: 'x',
      description: 'y',
      fingerprint: 'f',
    });
    const hitsBefore = site.hits.filter((hit) => hit === '/healthy').length;
    const result = await quickService().runExclusive(null);
    expect(result?.checked).toBe(2);
    expect(site.hits.filter((hit) => hit === '/healthy').length - hitsBefore).toBe(2);
    expect(await repository.getSetting(HEALTH_RUN_KEY)).toBeUndefined();
    expect(await quickService().runExclusive(null)).toBeNull();
  });

  it('shows live progress and stops when asked', async () => {
    for (let n = 0; n < 6; n++)
      site.route(`/slowish/${n}`, (_request, response) => setTimeout(() => response.end('<title>slow</title>'), 400));
    const ids = [];
    for (let n = 0; n < 6; n++) ids.push(await addApp(`Slowish ${n}`, `/slowish/${n}`));
    const running = quickService().runNow(ids);
    await expect
      .poll(async () => (await call('GET', '/api/admin/health/status')).json().done, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    const progress = (await call('GET', '/api/admin/health/status')).json();
    expect(progress).toMatchObject({ running: true, total: 6 });
    expect((await call('POST', '/api/admin/health/stop')).statusCode).toBe(200);
    const result = await running;
    expect(result.stopped).toBe(true);
    expect(result.checked).toBeLessThan(6);
    expect((await call('GET', '/api/admin/health/status')).json().running).toBe(false);
    expect((await call('POST', '/api/admin/health/stop')).statusCode).toBe(409);
  });
});

describe('admin API and actions', () => {
  it('needs an admin and validates input', async () => {
    expect((await call('GET', '/api/admin/health', undefined, {})).statusCode).toBe(401);
    const user = await signIn(t, { isAdmin: false });
    expect((await call('POST', '/api/admin/health/run', {}, { cookie: user.cookie })).statusCode).toBe(403);
    const badState = await call('GET', '/api/admin/health?state=sleepy');
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.code).toBe('validation_failed');
    expect((await call('POST', '/api/admin/health/run', { ids: ['x'] })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/health/run', { ids: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/health/1/action', { action: 'explode' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/health/999999/action', { action: 'dismiss' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/health/settings', { intervalMinutes: 0, concurrency: 4 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/health/settings', { intervalMinutes: 1440, concurrency: 99 })).statusCode).toBe(400);
  });

  it('POST /api/admin/health/run answers when done with counts per state; accept URL, dismiss, defunct', async () => {
    const redirected = await addApp('Path Mover', '/old-path');
    const healthy = await addApp('Healthy Two', '/healthy');
    const run = await call('POST', '/api/admin/health/run', { ids: [redirected, healthy] });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ checked: 2, counts: { ok: 1, redirected: 1 }, stopped: false });

    const listed = (await call('GET', '/api/admin/health?state=redirected')).json() as {
      appId: number;
      name: string;
      url: string;
      state: string;
      checkedAt: string;
      evidence: unknown;
    }[];
    expect(listed.find((row) => row.appId === redirected)).toMatchObject({
      name: 'Path Mover',
      url: `${site.origin}/old-path`,
      state: 'redirected',
    });

    const accepted = await call('POST', `/api/admin/health/${redirected}/action`, { action: 'accept_url' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().entry).toMatchObject({ state: 'ok', url: `${site.origin}/new-path` });
    const [row] = await t.ctx.db.select({ url: apps.url }).from(apps).where(eq(apps.id, redirected));
    expect(row?.url).toBe(`${site.origin}/new-path`);
    expect((await call('POST', `/api/admin/health/${healthy}/action`, { action: 'accept_url' })).statusCode).toBe(409);

    // Dismissed problems leave the queue until they change.
    const gone = await addApp('Gone Again', '/gone-again');
    await quickService().runNow([gone]);
    expect(((await call('GET', '/api/admin/health')).json() as { appId: number }[]).some((entry) => entry.appId === gone)).toBe(
      true,
    );
    expect((await call('POST', `/api/admin/health/${gone}/action`, { action: 'dismiss' })).statusCode).toBe(200);
    expect(((await call('GET', '/api/admin/health')).json() as { appId: number }[]).some((entry) => entry.appId === gone)).toBe(
      false,
    );
    await quickService().runNow([gone]);
    expect(((await call('GET', '/api/admin/health')).json() as { appId: number }[]).some((entry) => entry.appId === gone)).toBe(
      false,
    );
    site.route('/gone-again', redirect('/healthy'));
    await quickService().runNow([gone]);
    expect(
      ((await call('GET', '/api/admin/health')).json() as { appId: number; state: string }[]).find(
        (entry) => entry.appId === gone,
      )?.state,
    ).toBe('redirected');

    // Defunct: the page stays with the flag; trending and search leave it out.
    const defunct = await addApp('Zyxwv Defunct Writer', '/gone');
    expect((await call('POST', `/api/admin/health/${defunct}/action`, { action: 'mark_defunct' })).statusCode).toBe(200);
    const pageAnswer = await call('GET', `/api/marketplace/app/${defunct}`, undefined, {});
    expect(pageAnswer.statusCode).toBe(200);
    expect(pageAnswer.json().defunct).toBe(true);
    const trending = (await call('GET', '/api/marketplace?limit=500', undefined, {})).json() as { id: number }[];
    expect(trending.some((app) => app.id === defunct)).toBe(false);
    expect(trending.some((app) => app.id === healthy)).toBe(true);
    const search = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'Zyxwv Defunct Writer' } });
    expect((search.json().apps as { id: number }[]).some((app) => app.id === defunct)).toBe(false);
    expect((await call('POST', `/api/admin/health/${defunct}/action`, { action: 'restore' })).statusCode).toBe(200);
    expect(
      ((await call('GET', '/api/marketplace?limit=500', undefined, {})).json() as { id: number }[]).some(
        (app) => app.id === defunct,
      ),
    ).toBe(true);

    const summary = (await call('GET', '/api/admin/health/summary')).json();
    expect(summary).toMatchObject({ intervalMinutes: 1440, concurrency: 8, run: { running: false } });
    expect(summary.problems).toBeGreaterThan(0);
    const saved = await call('POST', '/api/admin/health/settings', { intervalMinutes: 720, concurrency: 4 });
    expect(saved.json()).toEqual({ intervalMinutes: 720, concurrency: 4 });
  });

  it('re-extracts a changed page for review and applies the reviewed text', async () => {
    const id = await addApp('Healthy Notes Again', '/healthy');
    const review = await call('POST', `/api/admin/health/${id}/action`, { action: 'reextract' });
    expect(review.statusCode).toBe(200);
    expect(review.json().extracted).toMatchObject({
      name: 'Healthy Notes',
      description: 'Healthy Notes writes meeting notes for you.',
    });
    const applied = await call('POST', `/api/admin/health/${id}/apply`, {
      description: 'Healthy Notes writes meeting notes for you.',
    });
    expect(applied.statusCode).toBe(200);
    const [row] = await t.ctx.db.select({ description: apps.description }).from(apps).where(eq(apps.id, id));
    expect(row?.description).toBe('Healthy Notes writes meeting notes for you.');
    expect((await call('POST', `/api/admin/health/${id}/apply`, { description: '' })).statusCode).toBe(400);
  });
});

describe('a checker that cannot reach the web', () => {
  it('stops when most checks fail the same way, changes no app, and says so', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 12; n++)
      ids.push(await insertApp(t.ctx.db, { name: `Offline Check ${n}`, url: `https://offline-check-${n}.example.com/` }));
    const known = await addApp('Known Healthy', '/healthy');
    ids.push(known);
    await quickService().runNow([known]);
    const before = {
      checks: (await t.ctx.db.select().from(linkChecks)).length,
      health: await t.ctx.db.select().from(appHealth),
      stamps: await t.ctx.db.select({ id: apps.id, lastCheckedAt: apps.lastCheckedAt }).from(apps),
    };

    // A machine without DNS: every host fails to resolve.
    const offline = new LinkHealthService(t.ctx, {
      fetcher: new GuardedFetcher({
        ...fetcherOptions(t.ctx),
        resolver: async (hostname) => {
          throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), { code: 'EAI_AGAIN' });
        },
      }),
      confirmGoneDelayMs: 0,
    });
    const result = await offline.runNow(ids);
    expect(result.stopped).toBe(true);
    expect(result.checked).toBe(0);
    expect(result.checkerFailure).toMatchObject({ failure: 'unresolvable', failed: 10, sampled: 10 });
    expect(result.checkerFailure?.message).toContain('without changing any app');

    expect((await t.ctx.db.select().from(linkChecks)).length).toBe(before.checks);
    expect(await t.ctx.db.select().from(appHealth)).toEqual(before.health);
    expect(await t.ctx.db.select({ id: apps.id, lastCheckedAt: apps.lastCheckedAt }).from(apps)).toEqual(before.stamps);
    expect(await stateOf(known)).toBe('ok');

    const summary = (await call('GET', '/api/admin/health/summary')).json();
    expect(summary.lastRun).toMatchObject({ checked: 0, checkerFailure: { failure: 'unresolvable' } });
    const [alert] = await t.ctx.db.select().from(notifications).where(eq(notifications.title, 'Link check stopped'));
    expect(alert?.message).toContain('seems unable to reach the web');

    // A run that works again clears it.
    await quickService().runNow([known]);
    expect((await call('GET', '/api/admin/health/summary')).json().lastRun).toMatchObject({ checked: 1, checkerFailure: null });
  });

  it("a few failing sites among working ones are the sites' problem: their states change", async () => {
    const ids: number[] = [];
    for (let n = 0; n < 10; n++) ids.push(await addApp(`Working Site ${n}`, '/healthy'));
    const broken = [await addApp('Broken Site A', '/slow'), await addApp('Broken Site B', '/slow')];
    const result = await quickService().runNow([...ids, ...broken]);
    expect(result.checkerFailure).toBeNull();
    expect(result.checked).toBe(12);
    expect(result.counts.unreachable).toBe(2);
    for (const id of broken) expect(await stateOf(id)).toBe('unreachable');
  });

  it('"Last checked" moves only with a successful check', async () => {
    const flaky = await addApp('Stamp Tool', '/flaky');
    await quickService().runNow([flaky]);
    const [first] = await t.ctx.db.select({ lastCheckedAt: apps.lastCheckedAt }).from(apps).where(eq(apps.id, flaky));
    expect(first?.lastCheckedAt).not.toBeNull();
    flakyFailures = 2;
    await quickService().runNow([flaky]);
    const [after] = await t.ctx.db.select({ lastCheckedAt: apps.lastCheckedAt }).from(apps).where(eq(apps.id, flaky));
    expect(after?.lastCheckedAt).toEqual(first?.lastCheckedAt);
    flakyFailures = 0;
  });
});
