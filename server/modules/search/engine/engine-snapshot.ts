import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimilarityState } from './app-similarity';
import type { SearchIndexState } from './search-index';
import { SIMILARITY_SNAPSHOT_FORMAT, decodeSimilarityLists, encodeSimilarityLists } from './similarity-snapshot';
import type { KeptLists } from './app-similarity';

/**
 * Bumped when the layout below changes. The source hash of `engineSnapshotFormat` already changes with any edit of
 * the engine, so this number only matters for a change the hash cannot see (none today).
 */
const LAYOUT = 2;
const MAGIC = 0x41455331; // "AES1"
/** Bytes of one stored piece: well under what one bytea value and one hex string of node-postgres can carry. */
export const ENGINE_SNAPSHOT_CHUNK_BYTES = 16 << 20;

const KIND = { i32: 1, u32: 2, f32: 3, f64: 4, u16: 5, u8: 6, strings: 7 } as const;
type Kind = (typeof KIND)[keyof typeof KIND];
type Section =
  | { kind: typeof KIND.i32; data: Int32Array }
  | { kind: typeof KIND.u32; data: Uint32Array }
  | { kind: typeof KIND.f32; data: Float32Array }
  | { kind: typeof KIND.f64; data: Float64Array }
  | { kind: typeof KIND.u16; data: Uint16Array }
  | { kind: typeof KIND.u8; data: Uint8Array }
  | { kind: typeof KIND.strings; data: Uint8Array; count: number };

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every file of the engine (tests left out) and the module that makes its documents, in a stable order. */
function engineFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts')) out.push(full);
    }
  };
  walk(here);
  out.push(path.join(here, '..', 'search-documents.ts'));
  return out.sort();
}

/** The installed version of a package the engine's stemming depends on ("absent" when not found). */
function packageVersion(name: string): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '?';
    if (path.dirname(dir) === dir) return 'absent';
  }
}

let format: string | null = null;

/**
 * The version an engine snapshot must carry to be loaded: the layout, the similarity lists' own format (weights and
 * lexicon), and a hash of the engine's source and data files and of its stemmers' versions, read once at start-up.
 * The saved state is what this very code computed from the listings: any edit of the engine (the tokeniser, the
 * lexicon, a weight, the index's layout) gives another hash, so a snapshot made by other code is never loaded.
 */
export function engineSnapshotFormat(): string {
  if (format === null) {
    const hash = createHash('sha256');
    for (const file of engineFiles()) {
      hash.update(path.relative(here, file));
      hash.update('\0');
      hash.update(fs.readFileSync(file));
      hash.update('\0');
    }
    hash.update(`stemmer@${packageVersion('stemmer')};@orama/stemmers@${packageVersion('@orama/stemmers')}`);
    format = `engine-${LAYOUT}-${SIMILARITY_SNAPSHOT_FORMAT}-${hash.digest('hex').slice(0, 24)}`;
  }
  return format;
}

/** Collects typed arrays and string lists, in the order the reader will take them. */
class Writer {
  readonly sections: Section[] = [];
  i32(data: Int32Array): void {
    this.sections.push({ kind: KIND.i32, data });
  }
  u32(data: Uint32Array): void {
    this.sections.push({ kind: KIND.u32, data });
  }
  f32(data: Float32Array): void {
    this.sections.push({ kind: KIND.f32, data });
  }
  f64(data: Float64Array): void {
    this.sections.push({ kind: KIND.f64, data });
  }
  u16(data: Uint16Array): void {
    this.sections.push({ kind: KIND.u16, data });
  }
  u8(data: Uint8Array): void {
    this.sections.push({ kind: KIND.u8, data });
  }
  strings(list: readonly string[]): void {
    // Stems, words and ids never hold a line break (they are tokens of `words`).
    this.sections.push({ kind: KIND.strings, data: new TextEncoder().encode(list.join('\n')), count: list.length });
  }
}

/** Takes the sections back in order, each checked for its kind and bounds; views into the snapshot's buffer. */
class Reader {
  private next = 0;
  constructor(
    private readonly buffer: ArrayBuffer,
    private readonly table: Int32Array,
    private readonly count: number,
  ) {}

  private take(kind: Kind): { at: number; length: number } {
    if (this.next >= this.count) throw new Error('engine snapshot: fewer sections than expected');
    const row = this.next++ * 3;
    if (this.table[row] !== kind) throw new Error('engine snapshot: section of another kind');
    return { at: this.table[row + 1] as number, length: this.table[row + 2] as number };
  }
  i32(): Int32Array {
    const { at, length } = this.take(KIND.i32);
    return new Int32Array(this.buffer, at, length);
  }
  u32(): Uint32Array {
    const { at, length } = this.take(KIND.u32);
    return new Uint32Array(this.buffer, at, length);
  }
  f32(): Float32Array {
    const { at, length } = this.take(KIND.f32);
    return new Float32Array(this.buffer, at, length);
  }
  f64(): Float64Array {
    const { at, length } = this.take(KIND.f64);
    return new Float64Array(this.buffer, at, length);
  }
  u16(): Uint16Array {
    const { at, length } = this.take(KIND.u16);
    return new Uint16Array(this.buffer, at, length);
  }
  u8(): Uint8Array {
    const { at, length } = this.take(KIND.u8);
    return new Uint8Array(this.buffer, at, length);
  }
  strings(): string[] {
    const count = this.table[3 * this.count + this.next] ?? -1;
    const { at, length } = this.take(KIND.strings);
    if (count === 0) return [];
    const list = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(this.buffer, at, length)).split('\n');
    if (list.length !== count) throw new Error('engine snapshot: string list of another length');
    return list;
  }
  get done(): boolean {
    return this.next === this.count;
  }
}

const BYTES: Record<Kind, number> = { 1: 4, 2: 4, 3: 4, 4: 8, 5: 2, 6: 1, 7: 1 };

/** The whole state of a built engine, as plain data (see `CatalogueSearch.snapshotState`). */
export interface EngineState {
  index: SearchIndexState;
  similarity: SimilarityState;
  lists: KeptLists;
}

/**
 * The engine's state as bytes, cut into pieces of `ENGINE_SNAPSHOT_CHUNK_BYTES`: a header, a table of sections
 * (kind, offset, length, then the string counts), and the sections, each at an 8-byte boundary, little-endian as
 * the machine writes typed arrays. `pause` is awaited between sections, so a save lets the event loop turn.
 */
export async function encodeEngineState(state: EngineState, pause: () => Promise<void>): Promise<Uint8Array[]> {
  const w = new Writer();
  const { index: x, similarity: s } = state;
  w.strings(x.terms);
  w.strings(x.surfaceWords);
  w.i32(x.surfaceTerm);
  w.i32(x.surfaceCount);
  w.i32(x.surfaceProse);
  w.i32(x.ids);
  w.i32(x.seqLength);
  w.i32(x.seq);
  w.i32(x.termsLength);
  w.i32(x.slotTerms);
  w.i32(x.conceptsLength);
  w.i32(x.concepts);
  w.f32(x.conceptEvs);
  w.i32(x.postingCounts);
  w.u32(x.postingTfs);
  w.u16(x.lens);
  w.f64(x.breadth);
  w.u8(x.inEu);
  w.strings(s.stems);
  w.i32(s.ids);
  w.i32(s.stemCount);
  w.i32(s.termIds);
  w.f32(s.termVals);
  w.f64(s.weightVals);
  w.f32(s.lexTf);
  w.i32(s.lexLen);
  w.i32(s.conceptCount);
  w.i32(s.conceptOrder);
  w.f64(s.conceptMain);
  w.f64(s.conceptHas);
  w.i32(s.conceptIds);
  w.f32(s.conceptVals);
  w.f64(s.breadth);
  w.i32(s.keyCount);
  w.i32(s.keys);
  w.i32(s.keyIds);
  w.f64(s.keyW);
  w.f64(s.ckeyW);
  w.i32(s.tagCount);
  w.f64(s.tagWeights);
  w.f64(s.lexQ);
  w.f32(s.lexSat);
  w.f64(s.keyed);
  w.u8(encodeSimilarityLists(state.lists));
  await pause();

  const count = w.sections.length;
  const headerBytes = 16 + count * 16;
  let total = Math.ceil(headerBytes / 8) * 8;
  const offsets: number[] = [];
  for (const section of w.sections) {
    offsets.push(total);
    total += Math.ceil(section.data.byteLength / 8) * 8;
  }
  if (total > 0x7fffffff) throw new Error('engine snapshot over 2 GB');
  const bytes = new Uint8Array(total);
  const head = new Int32Array(bytes.buffer, 0, 4 + count * 4);
  head[0] = MAGIC;
  head[1] = LAYOUT;
  head[2] = count;
  head[3] = total;
  w.sections.forEach((section, i) => {
    head[4 + i * 3] = section.kind;
    head[4 + i * 3 + 1] = offsets[i] as number;
    head[4 + i * 3 + 2] = section.kind === KIND.strings ? section.data.byteLength : section.data.length;
    head[4 + count * 3 + i] = section.kind === KIND.strings ? section.count : 0;
  });
  for (let i = 0; i < count; i++) {
    const data = (w.sections[i] as Section).data;
    bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), offsets[i] as number);
    await pause();
  }
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < total; at += ENGINE_SNAPSHOT_CHUNK_BYTES)
    chunks.push(bytes.subarray(at, Math.min(total, at + ENGINE_SNAPSHOT_CHUNK_BYTES)));
  return chunks;
}

/**
 * The state `encodeEngineState` wrote, from its pieces in order (or all of them end to end as one); throws when the bytes are not such a snapshot (a
 * caller then builds instead). The typed arrays are views into one buffer holding the whole snapshot: the restored
 * engine keeps it (its profiles and slots read from it), as a build keeps the buffers it carved them from.
 */
export function decodeEngineState(chunks: readonly Uint8Array[]): EngineState {
  let total = 0;
  for (const chunk of chunks) total += chunk.byteLength;
  if (total < 16 || total % 8 !== 0) throw new Error('engine snapshot: truncated');
  // One piece that is a whole buffer (the pieces as the repository reads them, end to end) is used as it is.
  const only = chunks.length === 1 ? (chunks[0] as Uint8Array) : null;
  let bytes: Uint8Array;
  if (only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) bytes = only;
  else {
    bytes = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  const buffer = bytes.buffer as ArrayBuffer;
  const [magic, layout, count = -1, size] = new Int32Array(buffer, 0, 4);
  if (magic !== MAGIC || layout !== LAYOUT || size !== total || count < 0 || 16 + count * 16 > total)
    throw new Error('engine snapshot: not this layout');
  const table = new Int32Array(buffer, 16, count * 4);
  for (let i = 0; i < count; i++) {
    const kind = table[i * 3] as Kind;
    const offset = table[i * 3 + 1] as number;
    const length = table[i * 3 + 2] as number;
    const bytesPer = BYTES[kind];
    if (!bytesPer || offset % 8 !== 0 || length < 0 || offset + length * bytesPer > total)
      throw new Error('engine snapshot: section out of bounds');
  }
  const r = new Reader(buffer, table, count);
  const index: SearchIndexState = {
    terms: r.strings(),
    surfaceWords: r.strings(),
    surfaceTerm: r.i32(),
    surfaceCount: r.i32(),
    surfaceProse: r.i32(),
    ids: r.i32(),
    seqLength: r.i32(),
    seq: r.i32(),
    termsLength: r.i32(),
    slotTerms: r.i32(),
    conceptsLength: r.i32(),
    concepts: r.i32(),
    conceptEvs: r.f32(),
    postingCounts: r.i32(),
    postingTfs: r.u32(),
    lens: r.u16(),
    breadth: r.f64(),
    inEu: r.u8(),
  };
  const similarity: SimilarityState = {
    stems: r.strings(),
    ids: r.i32(),
    stemCount: r.i32(),
    termIds: r.i32(),
    termVals: r.f32(),
    weightVals: r.f64(),
    lexTf: r.f32(),
    lexLen: r.i32(),
    conceptCount: r.i32(),
    conceptOrder: r.i32(),
    conceptMain: r.f64(),
    conceptHas: r.f64(),
    conceptIds: r.i32(),
    conceptVals: r.f32(),
    breadth: r.f64(),
    keyCount: r.i32(),
    keys: r.i32(),
    keyIds: r.i32(),
    keyW: r.f64(),
    ckeyW: r.f64(),
    tagCount: r.i32(),
    tagWeights: r.f64(),
    lexQ: r.f64(),
    lexSat: r.f32(),
    keyed: r.f64(),
  };
  const lists = decodeSimilarityLists(r.u8());
  if (!lists || !r.done) throw new Error('engine snapshot: lists unreadable');
  return { index, similarity, lists };
}
