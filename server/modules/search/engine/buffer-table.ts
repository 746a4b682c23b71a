/** A typed array that a `BufferTable` can locate. */
export type TableView = Int32Array | Float32Array | Float64Array;

/**
 * Whole-buffer views of every `ArrayBuffer` registered, by a small index: an array living in any of them is then
 * named by two numbers (its buffer's index and its first element's index), which can be stored in a typed array.
 * The similarity model keeps its candidates' arrays so (decision 0025, session 15): reading a random candidate's
 * dozen typed-array views, each a heap object of its own, cost twice the arithmetic of a scored pair; the table's
 * views are a few thousand objects used by every pair, so they stay in the cache. A registered buffer is held until
 * the table is dropped.
 */
export class BufferTable {
  private readonly index = new Map<ArrayBufferLike, number>();
  /** Per buffer index, the buffer seen as each element type (its whole length in that type's elements). */
  readonly i32: Int32Array[] = [];
  readonly f32: Float32Array[] = [];
  readonly f64: Float64Array[] = [];

  /** The index of the buffer holding `view` (registered on first use). */
  bufferOf(view: TableView): number {
    const buffer = view.buffer;
    let at = this.index.get(buffer);
    if (at === undefined) {
      at = this.i32.length;
      this.index.set(buffer, at);
      this.i32.push(new Int32Array(buffer, 0, buffer.byteLength >> 2));
      this.f32.push(new Float32Array(buffer, 0, buffer.byteLength >> 2));
      this.f64.push(new Float64Array(buffer, 0, buffer.byteLength >> 3));
    }
    return at;
  }

  /** Where `view` starts in its buffer, in its own elements (views are aligned to their element size). */
  static startOf(view: TableView): number {
    return view.byteOffset / view.BYTES_PER_ELEMENT;
  }
}
