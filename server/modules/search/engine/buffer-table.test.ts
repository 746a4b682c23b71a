import { describe, expect, it } from 'vitest';
import { BufferTable } from './buffer-table';
import { TypedArena } from './typed-arena';

describe('BufferTable', () => {
  it('names every array by its buffer and start, and reads the same values through the whole-buffer views', () => {
    const arena = new TypedArena();
    const table = new BufferTable();
    const arrays: (Float64Array | Float32Array | Int32Array)[] = [];
    for (let i = 0; i < 2000; i++) {
      const length = (i * 5) % 37;
      const array = i % 3 === 0 ? arena.f64(length) : i % 3 === 1 ? arena.f32(length) : arena.i32(length);
      array.forEach((_, k) => (array[k] = i % 3 === 1 ? Math.fround(i + k / 8) : i % 3 === 0 ? i + k / 3 : i * 100 + k));
      arrays.push(array);
    }
    // A view into a buffer of its own with an odd byte length (as a snapshot's decoded section can be).
    const own = new Int32Array(new ArrayBuffer(4 * 11 + 2), 8, 7).fill(-3);
    arrays.push(own);
    for (const array of arrays) {
      const buffer = table.bufferOf(array);
      const start = BufferTable.startOf(array);
      const views = array instanceof Float64Array ? table.f64 : array instanceof Float32Array ? table.f32 : table.i32;
      const whole = views[buffer] as Float64Array | Float32Array | Int32Array;
      expect(whole.buffer).toBe(array.buffer);
      for (let k = 0; k < array.length; k++) expect(whole[start + k]).toBe(array[k]);
    }
    // One index per buffer: the arena's chunks are shared by many arrays.
    expect(table.bufferOf(arrays[1] as Float32Array)).toBe(table.bufferOf(arrays[2] as Int32Array));
    expect(table.f64.length).toBeLessThan(arrays.length / 10);
  });
});
