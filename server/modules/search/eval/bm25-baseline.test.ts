import { describe, expect, it } from 'vitest';
import { analyze, Bm25Baseline } from './bm25-baseline';
import type { CatalogTool } from './catalog-loader';

const tool = (name: string, description: string, tags: string[] = [], extra: Partial<CatalogTool> = {}): CatalogTool => ({
  name,
  category: 'Test',
  description,
  tags,
  ...extra,
});

const catalogue: CatalogTool[] = [
  tool('Scribe', 'Transcribes meetings and interviews into searchable notes', ['transcription', 'meetings']),
  tool('Painter', 'Generates images and artwork from text prompts', ['image-generation', 'art']),
  tool('Cutout', 'Removes the background from product photos', ['background-removal', 'photo-editing'], {
    features: ['Batch processing'],
  }),
  tool('Voicer', 'Turns written text into natural speech', ['text-to-speech'], {
    longDescription: 'Also transcribes short clips.',
  }),
];

describe('BM25F baseline', () => {
  it('drops English stop words and stems with Porter', () => {
    expect(analyze("I'd like the meetings transcribed")).toEqual(['like', 'meet', 'transcrib']);
    expect(analyze('Removing backgrounds')).toEqual(['remov', 'background']);
  });

  it('ranks the listing whose strong fields match first and leaves out listings matching nothing', () => {
    const bm25 = new Bm25Baseline(catalogue);
    // "Transcribes" is in Scribe's description and tags-derived words; Voicer only mentions it in its long description.
    expect(bm25.search('transcribe my meetings')).toEqual(['Scribe', 'Voicer']);
    expect(bm25.search('remove background')[0]).toBe('Cutout');
    expect(bm25.search('text to speech')[0]).toBe('Voicer');
    expect(bm25.search('the of and')).toEqual([]);
    expect(bm25.search('zzzz')).toEqual([]);
  });

  it('weights the name above the long description and respects the limit', () => {
    const bm25 = new Bm25Baseline([
      tool('Alpha', 'A tool', [], { longDescription: 'Works with painter files.' }),
      tool('Painter', 'A tool'),
    ]);
    expect(bm25.search('painter')).toEqual(['Painter', 'Alpha']);
    expect(bm25.search('painter', 1)).toEqual(['Painter']);
  });
});
