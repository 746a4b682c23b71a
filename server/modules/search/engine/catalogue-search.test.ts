import { describe, expect, it } from 'vitest';
import { FIXTURE_APPS, listing } from '../../../test/catalogue-fixture';
import { CatalogueSearch } from './catalogue-search';

const search = new CatalogueSearch(FIXTURE_APPS);
const nameOf = (id: number) => FIXTURE_APPS.find((app) => app.id === id)?.name;
const names = (query: string) => search.search(query).hits.map((hit) => nameOf(hit.id));

describe('named apps in queries', () => {
  it('puts a named app first, also when misspelled or written with its suffix', () => {
    expect(names('pictora')[0]).toBe('Pictora');
    expect(names('pictorra')[0]).toBe('Pictora');
    expect(search.search('pictorra').reasoning).toContain('Read your spelling as “Pictora”');
    expect(names('scribewise ai')[0]).toBe('Scribewise');
    expect(search.search('pictora').intent).toEqual({ kind: 'app', ids: [1] });
  });

  it.each([
    'alternatives to pictora',
    'pictora alternative',
    'pictora alternatives',
    'something like pictora',
    'apps similar to pictora',
    'instead of pictora',
    'replace pictora for my team',
    'pictora alternitive',
  ])('"%s" lists the apps similar to it, without it', (query) => {
    const answer = search.search(query);
    expect(answer.intent).toEqual({ kind: 'alternatives', ids: [1] });
    const found = answer.hits.map((hit) => nameOf(hit.id));
    expect(found).not.toContain('Pictora');
    expect(found.slice(0, 2).sort()).toEqual(['Brushly', 'Canvo']);
    expect(answer.reasoning).toMatch(/^Alternatives to Pictora: /);
    expect(answer.confidence).toBeGreaterThanOrEqual(0.35);
  });

  it('keeps the other constraints of the query: price and platform', () => {
    const free = search.search('pictora but free');
    expect(free.hits.map((hit) => nameOf(hit.id))).not.toContain('Pictora');
    for (const hit of free.hits) expect(FIXTURE_APPS.find((app) => app.id === hit.id)?.pricingType).not.toBe('paid');
    expect(free.reasoning).toMatch(/^Free alternatives to Pictora: /);
    const cheaper = search.search('cheaper than scribewise');
    expect(cheaper.hits.map((hit) => nameOf(hit.id))).not.toContain('Polish');
    const mobile = search.search('alternatives to pictora on my phone');
    expect(mobile.hits.map((hit) => nameOf(hit.id))).toEqual(['Canvo']);
  });

  it('relaxes a constraint nothing satisfies and says which', () => {
    const answer = search.search('free alternatives to scribewise on iphone');
    expect(answer.hits.length).toBeGreaterThan(0);
    expect(answer.relaxed).toEqual([expect.stringContaining('platform')]);
    expect(answer.reasoning).toMatch(/^No free alternative to Scribewise .*matches exactly; ignoring platform/);
  });

  it('relaxes the category of a task query that would otherwise answer nothing', () => {
    // The only transcription app in Audio is paid: the category goes first, and a free one elsewhere answers.
    const answer = search.search('free transcription tools in the audio category');
    expect(answer.relaxed).toEqual(['category: Audio']);
    expect(answer.hits.map((hit) => nameOf(hit.id))[0]).toBe('Meetmate');
    expect(answer.reasoning).toMatch(
      /^No free app in Audio matches .* exactly; these are the closest from other categories: Meetmate/,
    );
  });

  it.each(['pictora vs brushly', 'pictora or brushly', 'compare pictora and brushly'])(
    '"%s" compares both apps first',
    (query) => {
      const answer = search.search(query);
      expect(answer.intent).toEqual({ kind: 'compare', ids: [1, 2] });
      expect(answer.hits.slice(0, 2).map((hit) => nameOf(hit.id))).toEqual(['Pictora', 'Brushly']);
      expect(answer.hits.map((hit) => nameOf(hit.id))).toContain('Canvo');
    },
  );

  it('does not read an ordinary word as an app name in a task query', () => {
    const answer = search.search('polish my essay grammar');
    expect(answer.intent).toBeUndefined();
    expect(search.search('alternatives to polish').intent).toEqual({ kind: 'alternatives', ids: [5] });
    expect(search.search('polish').intent?.kind).toBe('app');
  });

  it('reads "like" after "I\'d" or "would" as the verb, not as "an app like"', () => {
    for (const query of [
      "i'd like to polish my essay grammar",
      'id like to polish my essay',
      'we would like to polish our essays',
    ]) {
      expect(search.search(query).intent, query).toBeUndefined();
    }
    expect(search.search('something like polish').intent).toEqual({ kind: 'alternatives', ids: [5] });
  });

  describe('the ways people write a name', () => {
    const translator = { category: 'Writing', tags: ['translation'], features: ['Document translation'] };
    const apps = [
      ...FIXTURE_APPS,
      listing(20, {
        ...translator,
        name: 'Lingvorix Translator',
        description: 'Translator for documents in thirty languages.',
        company: 'Lingvorix SE',
      }),
      listing(21, {
        ...translator,
        name: 'Wordbridge',
        description: 'Translates documents and websites between languages.',
        company: 'Bridge Inc',
      }),
      listing(22, {
        name: 'q9',
        category: 'Design',
        description: 'Generates images from text prompts.',
        tags: ['image-generation'],
        company: 'Vertex Labs',
      }),
      listing(23, {
        name: 'Dream by Zorbo',
        category: 'Design',
        description: 'Art generator that makes images from text prompts.',
        tags: ['image-generation'],
        company: 'Zorbo',
      }),
      listing(24, {
        name: 'Quillstack Studio',
        category: 'Development',
        description: 'Code editor plugin for Quillstack editors.',
        tags: ['coding'],
        company: 'Quillstack',
      }),
    ];
    const named = new CatalogueSearch(apps);
    const intent = (query: string) => named.search(query).intent;

    it('a distinctive first word names the app alone ("deepl" for "DeepL Translator")', () => {
      expect(intent('lingvorix alternative')).toEqual({ kind: 'alternatives', ids: [20] });
      expect(named.search('lingvorix alternative').hits.map((hit) => hit.id)).toContain(21);
    });

    it('takes in the maker beside the name ("v0 by vercel", "vercel v0")', () => {
      expect(intent('q9 by vertex alternatives')).toEqual({ kind: 'alternatives', ids: [22] });
      expect(intent('vertex q9 alternatives')).toEqual({ kind: 'alternatives', ids: [22] });
      expect(intent('apps like zorbo dream')).toEqual({ kind: 'alternatives', ids: [23] });
      expect(named.search('q9 by vertex alternatives').reasoning).toMatch(/^Alternatives to q9: /);
    });

    it('takes in words of the listing between the name and the alternatives wording', () => {
      expect(intent('polish checker alternatives')).toEqual({ kind: 'alternatives', ids: [5] });
      expect(intent('polish checker app alternatives')).toEqual({ kind: 'alternatives', ids: [5] });
      expect(intent('polish checker')).toBeUndefined();
    });

    it('does not read a maker named as a platform as its app ("plugin for JetBrains IDEs")', () => {
      expect(intent('coding plugin for quillstack editors')).toBeUndefined();
      expect(intent('quillstack alternatives')).toEqual({ kind: 'alternatives', ids: [24] });
    });
  });

  it('keeps nonsense below the confidence threshold', () => {
    expect(search.search('zxqv blorptang wug').confidence).toBeLessThan(0.35);
  });

  it('applies the API filters to task searches', () => {
    const answer = search.search('generate images from text', { pricing: ['free'] });
    expect(answer.hits.map((hit) => nameOf(hit.id))).toEqual(['Canvo']);
  });
});
