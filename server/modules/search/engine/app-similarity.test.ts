import { describe, expect, it } from 'vitest';
import { AppSimilarity } from './app-similarity';
import { DEFAULT_ALTERNATIVES_DEV_PATH, loadAlternativesItems } from '../eval/alternatives-eval';
import { loadCatalog } from '../eval/catalog-loader';
import { ndcgAt } from '../eval/metrics';
import { FIXTURE_APPS, listing } from '../../../test/catalogue-fixture';

const nameOf = (id: number) => FIXTURE_APPS.find((app) => app.id === id)?.name;
const ids = (model: AppSimilarity, id: number, limit = 5) => model.similar(id, limit).map((entry) => entry.id);

describe('app similarity', () => {
  const model = new AppSimilarity(FIXTURE_APPS);

  it('ranks the apps doing the same main job first, never the app itself', () => {
    expect(ids(model, 1, 2).map(nameOf).sort()).toEqual(['Brushly', 'Canvo']);
    expect(ids(model, 4, 1).map(nameOf)).toEqual(['Polish']);
    expect(ids(model, 7, 1).map(nameOf)).toEqual(['Meetmate']);
    for (const app of FIXTURE_APPS) expect(ids(model, app.id, 32)).not.toContain(app.id);
  });

  it('is directional: a general assistant can do a narrow tool’s job, not the reverse', () => {
    expect(model.similarity(4, 6)).toBeGreaterThan(model.similarity(6, 4));
  });

  it('counts a shared tag, matched whole, above the same words in prose and the same category', () => {
    const source = listing(20, {
      name: 'Wallmoji',
      category: 'Entertainment',
      description: 'Playful app that makes phone wallpapers from a few words.',
      tags: ['image-generation', 'wallpapers'],
    });
    const tagged = listing(21, {
      name: 'Posterly',
      category: 'Design',
      description: 'Makes posters from a few words.',
      tags: ['image-generation'],
    });
    const worded = listing(22, {
      name: 'Snapmeme',
      category: 'Entertainment',
      description: 'Makes image generation posters from a few words.',
      tags: ['posters'],
    });
    const withBoth = new AppSimilarity([...FIXTURE_APPS, source, tagged, worded]);
    expect(withBoth.similarity(20, 21)).toBeGreaterThan(withBoth.similarity(20, 22));
  });

  it('finds a substitute that shares the main tag even when many apps share more of the words', () => {
    const source = listing(60, {
      name: 'Wallmoji',
      category: 'Entertainment',
      description: 'Playful app that makes phone wallpapers from a few words.',
      tags: ['image-generation', 'wallpapers'],
    });
    const tagged = listing(61, {
      name: 'Posterly',
      category: 'Design',
      description: 'Poster studio for shop owners.',
      tags: ['image-generation'],
    });
    const crowd = Array.from({ length: 60 }, (_, i) =>
      listing(200 + i, {
        name: `Notebook ${i}`,
        category: 'Entertainment',
        description: `Notebook with playful phone themes and image generation, number ${i}.`,
        pricingType: 'paid',
      }),
    );
    const model = new AppSimilarity([...FIXTURE_APPS, ...crowd, source, tagged]);
    expect(ids(model, 60, 32)).toContain(61);
  });

  it("counts the source's first tag, its main job, above its later ones", () => {
    const source = listing(30, {
      name: 'Zorblick',
      category: 'Design',
      description: 'Makes things for people.',
      tags: ['zorp-making', 'blick-making', 'quux-making'],
    });
    const first = listing(31, {
      name: 'Firstly',
      category: 'Design',
      description: 'Makes things for people.',
      tags: ['zorp-making'],
    });
    const last = listing(32, {
      name: 'Lastly',
      category: 'Design',
      description: 'Makes things for people.',
      tags: ['quux-making'],
    });
    const model = new AppSimilarity([...FIXTURE_APPS, source, first, last]);
    expect(model.similarity(30, 31)).toBeGreaterThan(model.similarity(30, 32));
  });

  it('counts a general-purpose assistant as a partial substitute for a text tool, not for a video editor', () => {
    const grammar = ids(model, 4, 3);
    expect(grammar).toContain(6);
    expect(grammar.indexOf(6)).toBeGreaterThan(grammar.indexOf(5));
    expect(model.similarity(4, 6)).toBeGreaterThan(2 * model.similarity(9, 6));
  });

  it('scores the general-purpose assistants for a text tool even when many apps share more of its words', () => {
    const namesakes = Array.from({ length: 60 }, (_, i) =>
      listing(100 + i, {
        name: `Spellpad ${i}`,
        category: 'Writing',
        description: `Notebook with a spelling and punctuation tip of the day, theme ${i}.`,
        pricingType: 'paid',
      }),
    );
    const crowded = new AppSimilarity([...FIXTURE_APPS, ...namesakes]);
    expect(ids(crowded, 4, 32)).toContain(6);
  });

  it('takes an app for a general-purpose assistant only when a tag classifies it as one', () => {
    const text = {
      category: 'Productivity',
      description:
        'Calendar app with an AI assistant that answers questions, writes emails, summarizes documents and helps with coding.',
      features: ['AI assistant', 'Email writing', 'Document summaries', 'Coding help', 'Translation'],
    };
    const tagged = listing(40, { ...text, name: 'Helpbot', tags: ['chatbot', 'assistant'] });
    const untagged = listing(41, { ...text, name: 'Planwise', tags: ['calendar', 'scheduling'] });
    const model = new AppSimilarity([...FIXTURE_APPS, tagged, untagged]);
    expect(model.similarity(4, 40)).toBeGreaterThan(1.2 * model.similarity(4, 41));
    expect(model.explain(4, 41)).not.toMatch(/general-purpose assistant/);
  });

  it('ranks the substitute a visitor can try for free above an equal paid one', () => {
    const job = {
      category: 'Audio',
      description: 'Turns podcasts into clips.',
      tags: ['podcast-clips'],
      features: ['Podcast clips'],
    };
    const source = listing(50, { ...job, name: 'Clipcast', pricingType: 'paid' });
    const paid = listing(51, { ...job, name: 'Paidpod', pricingType: 'paid' });
    const freemium = listing(52, { ...job, name: 'Freepod', pricingType: 'freemium' });
    const model = new AppSimilarity([...FIXTURE_APPS, source, paid, freemium]);
    expect(ids(model, 50, 2)).toEqual([52, 51]);
    expect(model.similarity(50, 52)).toBeGreaterThan(model.similarity(50, 51));
  });

  it('says what the two share and the price of the substitute', () => {
    const brushly = model.similar(1, 5).find((entry) => entry.id === 2);
    expect(brushly?.reason).toMatch(/^Both cover image generation/);
    expect(brushly?.reason).toContain('Brushly has a free plan');
    const canvo = model.similar(1, 5).find((entry) => entry.id === 3);
    expect(canvo?.reason).toContain('Canvo is free');
  });

  it('updates incrementally to the same lists as a full recompute', () => {
    const newcomer = listing(10, {
      name: 'Inkdream',
      category: 'Design',
      description: 'Image generator that turns text prompts into artwork and illustrations.',
      tags: ['image-generation', 'text-to-image'],
      features: ['Generate images from text prompts', 'Upscaling'],
      pricingType: 'free',
    });
    const incremental = new AppSimilarity(FIXTURE_APPS);
    incremental.upsert(newcomer);
    const full = new AppSimilarity([...FIXTURE_APPS, newcomer]);
    // Equal up to the order of near ties: the other lists keep the word rarities of when they were computed.
    const top = (m: AppSimilarity, id: number, limit = 2) => ids(m, id, limit).sort((a, b) => a - b);
    // The newcomer's own list: the substitutes in the same order; the unrelated apps after them are near ties
    // (their BM25 saturation uses the average length of when they were added).
    expect(ids(incremental, 10, 3)).toEqual(ids(full, 10, 3));
    expect(top(incremental, 10, 5)).toEqual(top(full, 10, 5));
    for (const app of [...FIXTURE_APPS, newcomer]) expect(top(incremental, app.id)).toEqual(top(full, app.id));
    expect(ids(incremental, 1, 3)).toContain(10);

    incremental.remove(10);
    const without = new AppSimilarity(FIXTURE_APPS);
    for (const app of FIXTURE_APPS) expect(top(incremental, app.id)).toEqual(top(without, app.id));

    // An edit that changes the main job moves the app between lists.
    const before = incremental.similarity(1, 2);
    incremental.upsert({
      ...FIXTURE_APPS[1]!,
      description: 'Meeting assistant that transcribes calls.',
      tags: ['transcription'],
      features: ['Meeting transcription'],
    });
    expect(incremental.similarity(1, 2)).toBeLessThan(before / 2);
    expect(ids(incremental, 1, 1)).toEqual([3]);
    expect(ids(incremental, 7, 2)).toContain(2);
  });

  it('gives an app edited twice the list and the reach through its tags of a model built with the edit', () => {
    const edited = {
      ...FIXTURE_APPS[1]!,
      description: 'Meeting assistant that transcribes calls.',
      tags: ['transcription', 'meeting-notes'],
      features: ['Meeting transcription'],
    };
    const incremental = new AppSimilarity(FIXTURE_APPS);
    incremental.upsert(edited);
    incremental.upsert({ ...edited });
    const full = new AppSimilarity(FIXTURE_APPS.map((app) => (app.id === edited.id ? edited : app)));
    expect(ids(incremental, edited.id, 8)).toEqual(ids(full, edited.id, 8));
    // A newcomer sharing only a tag and a few words still enters the edited app's list, once.
    const newcomer = listing(11, {
      name: 'Minutely',
      category: 'Productivity',
      description: 'Notes for calls.',
      tags: ['meeting-notes'],
    });
    incremental.upsert(newcomer);
    expect(ids(incremental, edited.id, 32).filter((id) => id === 11)).toEqual([11]);
  });
});

// Quality guard on the shipped catalogue and the repository's own alternatives items (written apart from the public
// ones): the bar is nDCG@10 ≥ 0.88 for the lists.
describe('quality of the alternatives lists on the development items', () => {
  it('reaches nDCG@10 ≥ 0.88', () => {
    const docs = loadCatalog();
    const model = new AppSimilarity(docs);
    const idOf = new Map(docs.map((doc) => [doc.name, doc.id]));
    const nameOf = new Map(docs.map((doc) => [doc.id, doc.name]));
    const items = loadAlternativesItems(DEFAULT_ALTERNATIVES_DEV_PATH);
    const scores = items.map((item) =>
      ndcgAt(
        model.similar(idOf.get(item.source) ?? -1, 10).map((entry) => nameOf.get(entry.id) ?? ''),
        item.relevant,
      ),
    );
    expect(items.length).toBeGreaterThanOrEqual(15);
    expect(scores.reduce((sum, value) => sum + value, 0) / scores.length).toBeGreaterThanOrEqual(0.88);
  });
});
