import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppRecord } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The cards' repeated icons come from one SVG sprite per page (decision 0024, sprite amendment):
 * these tests fail if a card inlines its icons again, if a card refers to a symbol the page lacks,
 * or if an icon stops being hidden from screen readers.
 */
let t: TestApp;

const transcriber = (name: string, pricingType: 'free' | 'freemium' | 'paid', monthlyVisitors: number, rating: number) =>
  buildAppRecord({
    name,
    category: 'Audio',
    description: 'Transcribes speech to text from recordings and live meetings, with speaker labels.',
    tags: ['transcription', 'speech-to-text'],
    features: ['Speech to text transcription', 'Speaker labels', 'Export to subtitles'],
    useCases: ['Journalists transcribing interviews', 'Researchers transcribing focus groups'],
    pricingType,
    monthlyVisitors,
    rating,
  });

const catalogue = [
  transcriber('Scribewave', 'freemium', 2_000_000, 44),
  transcriber('Voxtype', 'free', 500_000, 47),
  transcriber('Verbatim Pro', 'paid', 900_000, 40),
  transcriber('Talkdown', 'freemium', 100_000, 38),
  transcriber('Echonote', 'freemium', 300_000, 42),
];

/** The pages that show cards, each with how many cards at least. */
const PAGES = [
  { name: 'home', path: '/', cards: 5 },
  { name: 'app', path: '/ai-apps/audio/scribewave', cards: 4 },
  { name: 'alternatives', path: '/ai-apps/audio/scribewave/alternatives', cards: 4 },
  { name: 'task', path: '/best/transcription', cards: 5 },
  { name: 'category', path: '/ai-apps/audio', cards: 5 },
];

/** The star's path as lucide draws it: once in the sprite, never again in a card. */
const STAR_PATH = 'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679';

const count = (html: string, needle: string) => html.split(needle).length - 1;
const symbolIds = (html: string) => [...html.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
const usedIds = (html: string) => [...html.matchAll(/<use href="#([^"]+)"/g)].map((match) => match[1]);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://aitlas.example', RATE_LIMIT_API_PER_MINUTE: '100000' });
  await insertCatalogue(t, catalogue);
});
afterAll(() => t.close());

describe('the icon sprite of server-rendered pages', () => {
  for (const page of PAGES) {
    it(`${page.name} page: one sprite, every <use> names a symbol of it, no card icon drawn inline`, async () => {
      const res = await t.app.inject({ url: page.path, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const html = res.body;

      // One hidden sprite, inside the application's root (server and browser render it alike), before the cards.
      expect(count(html, 'data-testid="icon-sprite"')).toBe(1);
      const sprite = /<svg aria-hidden="true" style="display:none" data-testid="icon-sprite">(.*?)<\/svg>/s.exec(html);
      expect(sprite).not.toBeNull();
      expect(html.indexOf('<div id="root">')).toBeLessThan(html.indexOf('data-testid="icon-sprite"'));
      const symbols = symbolIds(html);
      expect(new Set(symbols).size).toBe(symbols.length);
      expect(symbols).toEqual(expect.arrayContaining(['icon-star', 'icon-users', 'icon-git-compare-arrows', 'icon-sparkles']));
      // Each symbol has its drawing (a symbol without children would draw nothing, silently).
      for (const [, id, body] of (sprite?.[1] ?? '').matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/gs)) {
        expect(body, id).toMatch(/<(path|circle|rect|line|polyline)\b/);
      }

      // Each card uses the sprite: rating, visitors and Compare at least once per card.
      const uses = usedIds(html);
      for (const id of ['icon-star', 'icon-users', 'icon-git-compare-arrows']) {
        expect(uses.filter((used) => used === id).length, id).toBeGreaterThanOrEqual(page.cards);
      }
      for (const id of uses) expect(symbols, `<use href="#${id}"> without its symbol`).toContain(id);

      // The drawings themselves are in the page once (the sprite), not once per card.
      expect(count(html, STAR_PATH)).toBe(1);
      expect(html).not.toMatch(/class="lucide lucide-(star|users|git-compare-arrows)\b/);

      // Decorative: every icon that uses the sprite is hidden from assistive technology.
      for (const icon of html.matchAll(/<svg([^>]*)><use href=/g)) expect(icon[1]).toContain('aria-hidden="true"');
    });
  }
});
