import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppRecord } from '@shared/schemas/app';
import { markOwners } from './compare-claims';
import { alignRows } from './engine/align-rows';
import { listing } from '../../test/catalogue-fixture';
import { SearchIndex } from './engine/search-index';

/** The demo catalogue as the search sees it (the apps a newcomer compares first). */
const demoFile = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../db/seed/demo-apps.json'), 'utf8')) as
  AppRecord[] | { tools: AppRecord[] };
const demo = (Array.isArray(demoFile) ? demoFile : demoFile.tools).map((record, index) =>
  listing(index + 1, {
    ...record,
    longDescription: record.longDescription ?? null,
    company: record.company ?? null,
    rating: record.rating ?? null,
    pricingType: record.pricingType ?? null,
  }),
);
const demoIndex = new SearchIndex(demo);
const byName = (name: string) => {
  const found = demo.find((doc) => doc.name === name);
  if (!found) throw new Error(`${name} is not in the demo catalogue`);
  return found;
};

function compare(index: SearchIndex, docs: { id: number; features: string[] }[]) {
  return markOwners(
    alignRows(docs.map((doc) => doc.features)),
    docs.map((doc) => doc.id),
    index,
  );
}

describe('markOwners', () => {
  it('does not claim "Only ChatGPT" for image generation, nor "Only DeepSeek" for mobile apps, beside other general assistants', () => {
    const apps = [byName('ChatGPT'), byName('DeepSeek'), byName('Gemini')];
    const rows = compare(demoIndex, apps);
    const row = (label: string) => rows.find((entry) => entry.label === label);
    expect(row('Image generation')?.owner).toEqual({ index: 0, exclusive: false });
    expect(row('Mobile apps')?.owner).toEqual({ index: 1, exclusive: false });
    expect(rows.filter((entry) => entry.owner?.exclusive)).toEqual([]);
  });

  it('claims "only" for a task the other, specialised listing is known not to do', () => {
    const generator = listing(1, {
      name: 'Pixelmuse',
      category: 'Image Generation',
      description: 'Generates images and art from text prompts.',
      features: ['Text-to-image generation', 'Upscaling to 4K'],
    });
    const cleaner = listing(2, {
      name: 'Podscrub',
      category: 'Audio',
      description: 'Removes background noise from podcast recordings.',
      features: ['One-click noise removal'],
    });
    const index = new SearchIndex([generator, cleaner]);
    const rows = compare(index, [generator, cleaner]);
    expect(rows.find((entry) => entry.label === 'Text-to-image generation')?.owner).toEqual({ index: 0, exclusive: true });
    expect(rows.find((entry) => entry.label === 'One-click noise removal')?.owner).toEqual({ index: 1, exclusive: true });
  });

  it('says "listed by" when another listing states the capability in other words, or the line names no known task', () => {
    const a = listing(1, {
      name: 'Artloom',
      category: 'Image Generation',
      description: 'Makes illustrations and artwork from prompts.',
      features: ['Style presets', 'Quirky sparkle mode'],
    });
    const b = listing(2, {
      name: 'Pixelmuse',
      category: 'Image Generation',
      description: 'Generates images from text prompts.',
      features: ['Text-to-image generation'],
    });
    const rows = compare(new SearchIndex([a, b]), [a, b]);
    expect(rows.find((entry) => entry.label === 'Text-to-image generation')?.owner).toEqual({ index: 1, exclusive: false });
    expect(rows.find((entry) => entry.label === 'Quirky sparkle mode')?.owner).toEqual({ index: 0, exclusive: false });
  });

  it('marks no owner when both or neither list a row', () => {
    const a = listing(1, { name: 'A', category: 'Writing', description: 'Writes blog posts.', features: ['Blog post drafts'] });
    const b = listing(2, { name: 'B', category: 'Writing', description: 'Writes blog posts.', features: ['Blog post drafts'] });
    expect(compare(new SearchIndex([a, b]), [a, b]).map((entry) => entry.owner)).toEqual([null]);
  });
});
