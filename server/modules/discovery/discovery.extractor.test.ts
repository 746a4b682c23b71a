import { describe, expect, it } from 'vitest';
import { fixtureHtml } from '../../test/fixture-site';
import { cleanTitle, extractApp, pricingFromText } from './discovery.extractor';

const base = 'http://fixture.test:8080/jsonld-app';

describe('extractApp', () => {
  it('reads JSON-LD SoftwareApplication fields first', () => {
    const app = extractApp(fixtureHtml('jsonld-app.html'), base);
    expect(app.name).toBe('Quillmate');
    expect(app.description).toMatch(/^Quillmate drafts blog posts and long-form articles/);
    expect(app.features.slice(0, 3)).toEqual([
      'Outline to blog post drafts',
      'Grammar and spelling checks',
      'Paraphrasing in your tone',
    ]);
    expect(app.pricingType).toBe('freemium');
    expect(app.rating).toBe(46);
    expect(app.applicationCategory).toBe('WritingApplication');
    expect(app.company).toBe('Quill Labs');
    expect(app.canonicalUrl).toBe('http://fixture.test:8080/apps/quillmate');
    expect(app.screenshotUrl).toBe('http://fixture.test:8080/static/quillmate-screenshot.png');
    expect(app.iconUrl).toBe('http://fixture.test:8080/apple-touch-icon.png');
    expect(app.useCases).toEqual(['Bloggers drafting weekly posts', 'Students polishing essays']);
  });

  it('takes the first meaningful paragraphs of the main content as the long description', () => {
    const app = extractApp(fixtureHtml('jsonld-app.html'), base);
    expect(app.longDescription).toContain('Quillmate turns a rough outline');
    expect(app.longDescription).toContain('Writers, marketers and students');
    expect(app.longDescription).not.toContain('navigation paragraph');
    expect(app.longDescription).not.toContain('Copyright');
  });

  it('falls back to Open Graph, a cleaned title and feature lists without JSON-LD', () => {
    const app = extractApp(fixtureHtml('plain-app.html'), 'https://pixelbrush.example.org/');
    expect(app.name).toBe('PixelBrush');
    expect(app.description).toBe(
      'PixelBrush generates images, illustrations and logos from a text prompt and removes photo backgrounds in one click.',
    );
    expect(app.features).toEqual([
      'Text to image generation',
      'Logo design from a prompt',
      'One-click background removal',
      'Upscaling to 4K',
    ]);
    expect(app.pricingType).toBe('freemium');
    expect(app.screenshotUrl).toBe('https://cdn.example.org/pixelbrush/hero.png');
    expect(app.iconUrl).toBe('https://pixelbrush.example.org/pixelbrush.ico');
    expect(app.canonicalUrl).toBeNull();
    expect(app.rating).toBeNull();
  });

  it('names a bare page after its host and still describes it', () => {
    const app = extractApp('<html><body><p>Hi</p></body></html>', 'https://www.tinytool.io/');
    expect(app.name).toBe('Tinytool');
    expect(app.description).toBe('Tinytool, an AI tool found at www.tinytool.io.');
    expect(app.features).toEqual([]);
  });

  it('ignores broken JSON-LD and non-http image URLs', () => {
    const html = `<html><head><title>Neat App</title><script type="application/ld+json">{ not json</script>
      <meta property="og:image" content="javascript:alert(1)"><meta name="description" content="Does neat things."></head></html>`;
    const app = extractApp(html, 'https://neat.example/');
    expect(app.name).toBe('Neat App');
    expect(app.screenshotUrl).toBeNull();
  });

  it('reads pricing from JSON-LD offers: zero only is free, prices only is paid', () => {
    const page = (offers: string) =>
      `<script type="application/ld+json">{"@type":"WebApplication","name":"X","offers":${offers}}</script>`;
    expect(extractApp(page('{"price":"0"}'), base).pricingType).toBe('free');
    expect(extractApp(page('{"price":"29.99"}'), base).pricingType).toBe('paid');
    expect(extractApp(page('{"@type":"AggregateOffer","lowPrice":"0","highPrice":"40"}'), base).pricingType).toBe('freemium');
  });
});

describe('cleanTitle', () => {
  it.each([
    ['Acme Writer | AI writing for teams', 'Acme Writer'],
    ['Home - Acme', 'Acme'],
    ['Acme — The AI notetaker', 'Acme'],
    ['Welcome to Acme', 'Acme'],
    ['Acme: meetings, summarised', 'Acme'],
    ['Acme', 'Acme'],
  ])('%s → %s', (title, expected) => {
    expect(cleanTitle(title)).toBe(expected);
  });
});

describe('pricingFromText', () => {
  it.each([
    ['Start your free trial today', 'freemium'],
    ['Free plan available, Pro at $12/month', 'freemium'],
    ['Completely free and open-source', 'free'],
    ['Plans from $29 per month, billed annually', 'paid'],
    ['An assistant for your notes', null],
  ])('%s → %s', (text, expected) => {
    expect(pricingFromText(text)).toBe(expected);
  });
});
