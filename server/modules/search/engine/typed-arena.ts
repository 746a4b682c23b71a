/** Bytes of one shared chunk. */
const CHUNK_BYTES = 1 << 16;
/** Arrays larger than this get a buffer of their own (they are few, and would waste the end of a chunk). */
const OWN_BUFFER_BYTES = CHUNK_BYTES >> 3;

/**
 * Small typed arrays carved out of shared 64 kB buffers. A listing's profile holds a dozen typed arrays of a few
 * hundred bytes; each made alone is an `ArrayBuffer` with a backing store outside the heap and a record the
 * collector sweeps, which at 100,000 listings cost hundreds of megabytes and collector time beyond the numbers
 * themselves. A view into a shared buffer is one heap object. A chunk lives as long as any array carved from it:
 * listings replaced one at a time leave their old arrays' bytes in place until the chunk's other arrays go too, so
 * a long series of single updates can hold some dead bytes, bounded by the chunks still in use and reset by the
 * next full build (which makes a new arena).
 */
export class TypedArena {
  private buffer = new ArrayBuffer(0);
  private used = 0;

  /** A zero-filled `Float64Array` of `length`. */
  f64(length: number): Float64Array {
    const [buffer, at] = this.take(length * 8);
    return new Float64Array(buffer, at, length);
  }

  /** A zero-filled `Float32Array` of `length`. */
  f32(length: number): Float32Array {
    const [buffer, at] = this.take(length * 4);
    return new Float32Array(buffer, at, length);
  }

  /** A zero-filled `Int32Array` of `length`. */
  i32(length: number): Int32Array {
    const [buffer, at] = this.take(length * 4);
    return new Int32Array(buffer, at, length);
  }

  /** An `Int32Array` holding `values`. */
  i32From(values: ArrayLike<number>): Int32Array {
    const out = this.i32(values.length);
    for (let i = 0; i < values.length; i++) out[i] = values[i] as number;
    return out;
  }

  private take(bytes: number): [ArrayBuffer, number] {
    // Eight-byte steps keep every `Float64Array` aligned whatever was carved before it.
    const size = Math.ceil(bytes / 8) * 8;
    if (size > OWN_BUFFER_BYTES) return [new ArrayBuffer(size), 0];
    if (this.used + size > this.buffer.byteLength) {
      this.buffer = new ArrayBuffer(CHUNK_BYTES);
      this.used = 0;
    }
    const at = this.used;
    this.used += size;
    return [this.buffer, at];
  }
}
