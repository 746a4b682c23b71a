import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toSearchDocuments, type CatalogTool } from '../eval/catalog-loader';
import { synthesizeCatalog } from '../eval/synthesize';
import { CatalogueSearch } from './catalogue-search';
import { decodeEngineState, encodeEngineState, engineSnapshotFormat } from './engine-snapshot';
import type { SearchDocument } from './search-document';

const seed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../db/seed/demo-apps.json'), 'utf8')) as {
  tools: CatalogTool[];
};
const base = toSearchDocuments(seed.tools);
// The demo catalogue and synthesised listings made from it: shared words, rare words, assistants, several categories.
const docs: SearchDocument[] = [...base, ...synthesizeCatalog(base, 200, 7)];
const QUERIES = [
  'remove the background of a product photo',
  'backround remover',
  'textto speech',
  'transcribe my meetings for free',
  'grammerly',
  'alternatives to canva',
  'notion but cheaper',
  'chatgpt vs claude',
  'write a cover letter',
  'traduire un document',
  'a mobile app to learn spanish',
];
const noPause = async (): Promise<void> => undefined;

/** Everything a visitor can get from the engine: searches (with reasons) and every app's alternatives with reasons. */
function answers(search: CatalogueSearch, ids: readonly number[]): unknown {
  return {
    searches: QUERIES.map((query) => search.search(query, { limit: 12 })),
    named: ids.slice(0, 20).map((id) => search.search(docs.find((doc) => doc.id === id)?.name ?? '')),
    // Reasons are written when a list is read: a sample of lists with reasons, every list's ids and scores below.
    alternatives: ids.filter((_, i) => i % 6 === 0).map((id) => search.alternatives(id, { limit: 12 })),
    lists: search.similarity.keptLists(),
  };
}

async function saved(search: CatalogueSearch): Promise<Uint8Array[]> {
  const state = await search.snapshotState(noPause);
  if (!state) throw new Error('no state');
  // Copies, as read back from a database: nothing shared with the built engine.
  return (await encodeEngineState(state, noPause)).map((chunk) => Uint8Array.from(chunk));
}

describe('the whole-engine snapshot', () => {
  it('restores the engine a build made: the same answers, typo readings, named apps and alternatives with reasons, before and after updates', async () => {
    const built = await CatalogueSearch.build(docs);
    const chunks = await saved(built);
    const restored = await CatalogueSearch.restore(docs, decodeEngineState(chunks));
    const ids = docs.map((doc) => doc.id);
    expect(restored.size).toBe(built.size);
    // Everything the snapshot holds, the weights keying computed included, is the build's, number for number.
    expect(await restored.snapshotState(noPause)).toEqual(await built.snapshotState(noPause));
    expect(answers(restored, ids)).toEqual(answers(built, ids));
    // Not vacuous: a misspelt query is read, a named app is recognised, lists carry reasons.
    expect(restored.search('backround remover').reasoning).toMatch(/Read/);
    // A slip of a word only listings use (not the lexicon's): corrected through the typo index the restore re-made.
    const lexicon = new Set(built.index.matcher.surfaceWords);
    const listingWord = docs
      .flatMap((doc) => doc.description.toLowerCase().split(/[^a-z]+/))
      .find((word) => word.length >= 10 && !lexicon.has(word) && built.search(word).hits.length > 0);
    expect(listingWord).toBeDefined();
    const slip = `${listingWord!.slice(0, 4)}${listingWord![5]}${listingWord![4]}${listingWord!.slice(6)}`;
    expect(built.search(slip).reasoning).toMatch(/Read/);
    expect(restored.search(slip)).toEqual(built.search(slip));
    expect(restored.search('alternatives to canva').intent?.kind).toBe('alternatives');
    expect(restored.alternatives(ids[0] as number)[0]?.reason).toBeTruthy();

    // The same updates on both: an edited listing, a new one with a new word, a removal.
    const edited = { ...(docs[3] as SearchDocument), description: 'Turns podcasts into zorblaxed transcripts and summaries.' };
    const added = { ...(docs[8] as SearchDocument), id: 900_001, name: 'Quibblefy Studio', tags: ['zorblax', 'podcast'] };
    for (const search of [built, restored]) {
      search.upsert(edited);
      search.upsert(added);
      search.remove(docs[11]?.id as number);
    }
    const after = [...ids.filter((id) => id !== docs[11]?.id), added.id];
    expect(answers(restored, after)).toEqual(answers(built, after));
    expect(restored.search('zorblax podcast').hits.map((hit) => hit.id)).toContain(added.id);
    expect(restored.search('quibblefy').intent?.ids).toEqual([added.id]);
  }, 240_000);

  it('refuses bytes that are not a snapshot, and a state of another catalogue', async () => {
    const built = await CatalogueSearch.build(docs);
    const chunks = await saved(built);
    const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
    chunks.reduce((at, chunk) => (whole.set(chunk, at), at + chunk.byteLength), 0);
    expect(() => decodeEngineState([whole.subarray(0, whole.byteLength - 8)])).toThrow();
    expect(() => decodeEngineState([new Uint8Array(64)])).toThrow();
    const garbled = Uint8Array.from(whole);
    // The section table: a section said to lie past the end.
    new Int32Array(garbled.buffer, 16, 3)[1] = garbled.byteLength;
    expect(() => decodeEngineState([garbled])).toThrow();

    const state = decodeEngineState([whole]);
    // Another catalogue (one app fewer, or the same apps in another order) is refused, not restored wrongly.
    await expect(CatalogueSearch.restore(docs.slice(1), state)).rejects.toThrow();
    await expect(
      CatalogueSearch.restore([docs[1] as SearchDocument, docs[0] as SearchDocument, ...docs.slice(2)], state),
    ).rejects.toThrow();
    // Term ids out of range (a damaged state that still decodes) are refused.
    const damaged = decodeEngineState([Uint8Array.from(whole)]);
    damaged.index.slotTerms[0] = 1 << 30;
    await expect(CatalogueSearch.restore(docs, damaged)).rejects.toThrow();
  }, 120_000);

  it('is not saved once the engine was updated after its build', async () => {
    const built = await CatalogueSearch.build(docs.slice(0, 60));
    built.upsert({ ...(docs[0] as SearchDocument), description: 'Edited after the build.' });
    expect(await built.snapshotState(noPause)).toBeNull();
  });

  it('carries a format naming the layout, the lists model and a hash of the engine code', () => {
    const format = engineSnapshotFormat();
    expect(format).toMatch(/^engine-\d+-\d+-[0-9a-f]{16}-[0-9a-f]{24}$/);
    expect(engineSnapshotFormat()).toBe(format);
  });
});
