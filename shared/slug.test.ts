import { describe, expect, it } from 'vitest';
import { appPath, categorySlugFromName, slugify } from './slug';

describe('slugify (spec §2 Slugs)', () => {
  it.each([
    ['ChatGPT', 'chatgpt'],
    ['Canva Magic Studio', 'canva-magic-studio'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Copy.ai', 'copyai'],
    ['tl;dv', 'tldv'],
    ['Wolfram|Alpha', 'wolframalpha'],
    ['Image & Video', 'image-video'],
    ['A  -  B', 'a-b'],
    ['multi---hyphen', 'multi-hyphen'],
    ['-edge-', 'edge'],
    ['Tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['Café Déjà Vu', 'café-déjà-vu'],
    ['Ünïcödé 123', 'ünïcödé-123'],
    ['snake_case_name', 'snakecasename'],
    ['!!!', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('categorySlugFromName (spec §5 category form)', () => {
  it.each([
    ['Customer Support', 'customer-support'],
    ['Image & Video', 'image-video'],
    ['Café', 'cafe'],
    ['  AI/ML  ', 'ai-ml'],
    ['100% Free', '100-free'],
  ])('%j → %j', (input, expected) => {
    expect(categorySlugFromName(input)).toBe(expected);
    expect(categorySlugFromName(input)).toMatch(/^[a-z0-9-]+$/);
  });
});

describe('appPath', () => {
  it('builds the public page path, encoding non-ASCII slugs', () => {
    expect(appPath({ categorySlug: 'writing', nameSlug: 'grammarly' })).toBe('/ai-apps/writing/grammarly');
    expect(appPath({ categorySlug: 'design', nameSlug: 'café' })).toBe('/ai-apps/design/caf%C3%A9');
  });
});
