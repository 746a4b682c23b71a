import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://aitlas.example' });
});
afterAll(() => t.close());

describe('/developers', () => {
  it('serves the reference page with copyable curl examples, its script and the viewer from this site only', async () => {
    const page = await t.app.inject('/developers');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const $ = load(page.body);
    expect($('#example-search').text()).toMatch(/^curl 'https:\/\/aitlas\.example\/api\/v1\/search\?q=/);
    expect($('button[data-copy="example-search"]').text()).toBe('Copy');
    expect($('#example-mcp').text()).toContain('"url": "https://aitlas.example/mcp"');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/developers/assets/swagger-ui-bundle.js', '/developers/developers.js']);
    // The site's CSP allows scripts from this origin only: the page must not need more.
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>|https?:\/\/(cdn|unpkg|fonts)\./);
    for (const url of [...scripts, '/developers/assets/swagger-ui.css']) {
      const res = await t.app.inject(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.length).toBeGreaterThan(100);
    }
    expect((await t.app.inject('/developers/assets/package.json')).statusCode).toBe(404);
  });
});
