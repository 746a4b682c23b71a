import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClaims, appReviews, notifications } from '../../db/schema';
import { signInAsAdmin } from '../../test/admin-session';
import { insertApp } from '../../db/factories';
import { html, redirect, startFixtureSite, typed, type FixtureSite } from '../../test/fixture-site';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loggedUrl } from '../../http/request-log';

let site: FixtureSite;
let t: TestApp;
let cookie: string;
/** What the fixture maker's site publishes, changed by each test. */
let metaTokens: string[] = [];
let wellKnownBody = '';

beforeAll(async () => {
  site = await startFixtureSite({ routes: false });
  site.route('/maker-meta', (request, response, s) =>
    html(
      `<!doctype html><html><head><title>Maker Tool</title>${metaTokens.map((token) => `<meta name="aitlas-verification" content="${token}">`).join('')}</head><body>Maker Tool</body></html>`,
    )(request, response, s),
  );
  site.route('/.well-known/aitlas-verification.txt', (request, response, s) =>
    typed('text/plain; charset=utf-8', wellKnownBody)(request, response, s),
  );
  site.route('/maker-redirect', redirect('http://10.0.0.7/internal'));
  t = await createTestApp({ DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${site.port}`, PUBLIC_URL: 'https://aitlas.example' });
  cookie = (await signInAsAdmin(t)).cookie;
});

afterAll(async () => {
  await t?.close();
  await site?.close();
});

let addressSequence = 0;
const visitor = () => `192.0.2.${++addressSequence}`;
const post = (url: string, payload?: unknown, remoteAddress = visitor()) =>
  t.app.inject({ method: 'POST', url, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });
const admin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function makerApp(path: string, name = `Maker Tool ${path}`): Promise<number> {
  return insertApp(t.ctx.db, {
    name,
    url: `${site.origin}${path}`,
    description: 'A tool its maker wants to correct.',
    pricingType: 'paid',
    features: ['Old feature'],
  });
}

/** A verified claim of a new app: its id and the secret of its management link. */
async function verifiedClaim(): Promise<{ appId: number; secret: string }> {
  const appId = await makerApp('/maker-meta', `Managed Tool ${Date.now()}${Math.random()}`);
  const claim = (await post(`/api/apps/${appId}/claims`, { method: 'meta' })).json();
  metaTokens = [claim.token];
  const verified = await post(`/api/claims/${claim.id}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
  return { appId, secret: String(verified.json().manageUrl).split('/manage/')[1]! };
}

describe('claiming a listing', () => {
  it('with the meta tag on the listed URL: 422 with what was fetched until it is there, then 200 with a management link shown once', async () => {
    const appId = await makerApp('/maker-meta');
    expect((await t.app.inject(`/api/apps/${appId}/claim`)).json()).toEqual({ claimed: false });
    const created = await post(`/api/apps/${appId}/claims`, { method: 'meta' });
    expect(created.statusCode).toBe(201);
    const claim = created.json();
    expect(claim).toMatchObject({
      id: expect.any(Number),
      method: 'meta',
      token: expect.stringMatching(/^aitlas-[A-Za-z0-9_-]{20,}$/),
    });
    expect(claim.instructions).toContain(`<meta name="aitlas-verification" content="${claim.token}">`);
    expect(claim.instructions).toContain(`${site.origin}/maker-meta`);

    metaTokens = [];
    const missing = await post(`/api/claims/${claim.id}/verify`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatchObject({
      code: 'unprocessable',
      details: { fetched: { url: `${site.origin}/maker-meta`, httpStatus: 200, found: false, refusal: null } },
    });
    expect(missing.json().error.message).toContain('found no <meta name="aitlas-verification"> tag');

    metaTokens = ['aitlas-someone-elses-token', claim.token];
    const verified = await post(`/api/claims/${claim.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    const { manageUrl } = verified.json();
    expect(manageUrl).toMatch(/^https:\/\/aitlas\.example\/manage\/[A-Za-z0-9_-]{40,}$/);
    expect(verified.headers['cache-control']).toBe('private, no-store');
    const secret = manageUrl.split('/manage/')[1];
    const [row] = await t.ctx.db.select().from(appClaims).where(eq(appClaims.id, claim.id));
    expect(row?.status).toBe('verified');
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);

    // Shown once: a second verification does not give it again.
    expect((await post(`/api/claims/${claim.id}/verify`)).statusCode).toBe(409);
    expect((await t.app.inject(`/api/apps/${appId}/claim`)).json()).toEqual({ claimed: true });
    const managed = await t.app.inject(`/api/manage/${secret}`);
    expect(managed.statusCode).toBe(200);
    expect(managed.json()).toMatchObject({
      app: { id: appId },
      claim: { id: claim.id, method: 'meta' },
      proposals: [],
      badge: { url: `https://aitlas.example/badge/${appId}.svg` },
    });
    expect(managed.json().badge.snippet).toContain(`<img src="https://aitlas.example/badge/${appId}.svg"`);
  });

  it('with the well-known file; a wrong token is refused with the tokens found', async () => {
    const appId = await makerApp('/maker-wk');
    const claim = (await post(`/api/apps/${appId}/claims`, { method: 'well-known' })).json();
    expect(claim.instructions).toContain(`${site.origin}/.well-known/aitlas-verification.txt`);

    wellKnownBody = 'aitlas-a-stale-token-from-last-year\n';
    const wrong = await post(`/api/claims/${claim.id}/verify`);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.details.fetched).toMatchObject({
      url: `${site.origin}/.well-known/aitlas-verification.txt`,
      found: false,
      foundTokens: ['aitlas-a-stale-token-from-last-year'],
    });
    expect(wrong.json().error.message).toContain('publishes another token');

    wellKnownBody = `aitlas-a-stale-token-from-last-year\n${claim.token}\n`;
    const verified = await post(`/api/claims/${claim.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('refuses a site that redirects to a private address (the guarded fetch), saying what was fetched', async () => {
    const appId = await makerApp('/maker-redirect');
    const claim = (await post(`/api/apps/${appId}/claims`, { method: 'meta' })).json();
    const refused = await post(`/api/claims/${claim.id}/verify`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.fetched).toMatchObject({
      found: false,
      refusal: 'blocked_address',
      hops: [`${site.origin}/maker-redirect`, 'http://10.0.0.7/internal'],
    });
    expect(refused.json().error.message).toContain('private');
    expect((await t.app.inject(`/api/apps/${appId}/claim`)).json()).toEqual({ claimed: false });
  });

  it('answers 400, 404 and 409 in the error shape', async () => {
    const appId = await makerApp('/maker-meta', 'Error Shape Tool');
    for (const payload of [{}, { method: 'dns' }, { method: 42 }]) {
      const response = await post(`/api/apps/${appId}/claims`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await post('/api/apps/999999/claims', { method: 'meta' })).statusCode).toBe(404);
    const pending = await insertApp(t.ctx.db, {}, 'pending');
    expect((await post(`/api/apps/${pending}/claims`, { method: 'meta' })).statusCode).toBe(404);
    expect((await post('/api/claims/999999/verify')).statusCode).toBe(404);
    expect((await post('/api/claims/abc/verify')).statusCode).toBe(400);
    expect((await t.app.inject('/api/manage/not-a-secret')).statusCode).toBe(400);
    const unknown = await t.app.inject(`/api/manage/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });
});

describe('proposals', () => {
  it('reach the curators as a field-by-field diff; rejected with a reason the maker sees; approved ones are applied', async () => {
    const { appId, secret } = await verifiedClaim();
    const propose = (changes: unknown) => post(`/api/manage/${secret}/proposals`, { changes });

    for (const changes of [
      {},
      { description: 'Same', rating: 50 },
      { pricingType: 'cheap' },
      { features: 'one' },
      { screenshotUrl: 'javascript:alert(1)' },
      { foundedYear: 1500 },
    ]) {
      expect((await propose(changes)).statusCode, JSON.stringify(changes)).toBe(400);
    }
    // Nothing differs from the listing.
    expect((await propose({ pricingType: 'paid' })).statusCode).toBe(400);

    const first = await propose({ description: 'Spam spam spam.', pricingType: 'free' });
    expect(first.statusCode, first.body).toBe(201);
    const [notice] = (await t.ctx.db.select().from(notifications).where(eq(notifications.type, 'proposal_waiting'))).filter(
      (row) => (row.data as { proposalId?: number }).proposalId === first.json().id,
    );
    expect(notice?.message).toContain('proposes changes to description, pricing');
    const pending = (await admin('GET', '/api/admin/proposals?status=pending')).json() as {
      id: number;
      appId: number;
      appName: string;
      diff: unknown[];
    }[];
    const queued = pending.find((item) => item.id === first.json().id);
    expect(queued?.appId).toBe(appId);
    expect(queued?.diff).toEqual([
      { field: 'description', label: 'Description', before: 'A tool its maker wants to correct.', after: 'Spam spam spam.' },
      { field: 'pricingType', label: 'Pricing', before: 'paid', after: 'free' },
    ]);
    const rejected = await admin('PATCH', `/api/admin/proposals/${first.json().id}`, {
      status: 'rejected',
      reason: 'The description must say what the tool does.',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await admin('PATCH', `/api/admin/proposals/${first.json().id}`, { status: 'approved' })).statusCode).toBe(409);
    const managed = (await t.app.inject(`/api/manage/${secret}`)).json();
    expect(managed.proposals[0]).toMatchObject({ status: 'rejected', reason: 'The description must say what the tool does.' });

    const second = await propose({
      description: 'Turns outlines into slide decks.',
      features: ['Outline import', 'Speaker notes'],
      company: 'Maker Labs',
      foundedYear: 2024,
    });
    expect(second.statusCode).toBe(201);
    expect((await admin('PATCH', `/api/admin/proposals/${second.json().id}`, { status: 'approved' })).statusCode).toBe(200);
    const app = (await t.app.inject(`/api/v1/apps/${appId}`)).json().data;
    expect(app).toMatchObject({
      description: 'Turns outlines into slide decks.',
      features: ['Outline import', 'Speaker notes'],
      company: 'Maker Labs',
      foundedYear: 2024,
      pricing: 'paid',
    });
    expect((await admin('PATCH', '/api/admin/proposals/999999', { status: 'approved' })).statusCode).toBe(404);
    expect((await admin('PATCH', `/api/admin/proposals/${second.json().id}`, { status: 'pending' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/proposals' })).statusCode).toBe(401);
  });

  it('stop with the management link once a curator revokes the claim', async () => {
    const { appId, secret } = await verifiedClaim();
    const claims = (await admin('GET', '/api/admin/claims')).json() as { id: number; appId: number; status: string }[];
    const claim = claims.find((item) => item.appId === appId);
    expect(claim?.status).toBe('verified');
    const revoked = await admin('POST', `/api/admin/claims/${claim?.id}/revoke`);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    expect((await admin('POST', `/api/admin/claims/${claim?.id}/revoke`)).statusCode).toBe(409);
    expect((await t.app.inject(`/api/manage/${secret}`)).statusCode).toBe(404);
    expect((await post(`/api/manage/${secret}/proposals`, { changes: { description: 'Still mine?' } })).statusCode).toBe(404);
    expect((await t.app.inject(`/api/apps/${appId}/claim`)).json()).toEqual({ claimed: false });
  });
});

describe('GET /badge/{id}.svg', () => {
  it('is a cacheable SVG with the name and the rating, with the review count once reviews are approved', async () => {
    const appId = await insertApp(t.ctx.db, { name: 'Badge <Tool> & Co', rating: 42 });
    const res = await t.app.inject(`/badge/${appId}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toContain('public');
    expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(res.body).toContain('Badge &lt;Tool&gt; &amp; Co');
    expect(res.body).not.toContain('<Tool>');
    expect(res.body).toContain('★ 4.2 curators&#39; rating');
    expect(res.body).not.toMatch(/<script|href=/i);
    const again = await t.app.inject({ url: `/badge/${appId}.svg`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);

    await t.ctx.db.insert(appReviews).values([
      {
        appId,
        authorKey: 'badge-1',
        rating: 5,
        title: 'Great',
        text: 'Great tool for the job, really.',
        name: 'A',
        status: 'approved',
      },
      {
        appId,
        authorKey: 'badge-2',
        rating: 4,
        title: 'Good',
        text: 'Good tool for the job, mostly.',
        name: 'B',
        status: 'approved',
      },
      {
        appId,
        authorKey: 'badge-3',
        rating: 1,
        title: 'Pending',
        text: 'Not yet moderated, not counted.',
        name: 'C',
        status: 'pending',
      },
    ]);
    const reviewed = await t.app.inject(`/badge/${appId}.svg`);
    expect(reviewed.body).toContain('★ 4.5 · 2 reviews');
    expect(reviewed.headers.etag).not.toBe(res.headers.etag);

    expect((await t.app.inject('/badge/999999.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/badge/abc.svg')).statusCode).toBe(400);
    const pending = await insertApp(t.ctx.db, {}, 'pending');
    expect((await t.app.inject(`/badge/${pending}.svg`)).statusCode).toBe(404);
  });
});

describe('the management page', () => {
  it('is private: noindex, no secret in the access log line', async () => {
    const { secret } = await verifiedClaim();
    const page = await t.app.inject(`/manage/${secret}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex');
    expect(loggedUrl(`/manage/${secret}?x=1`)).toBe('/manage/[secret]?x=1');
    expect(loggedUrl(`/api/manage/${secret}/proposals`)).toBe('/api/manage/[secret]/proposals');
  });
});
