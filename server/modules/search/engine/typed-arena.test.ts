import { describe, expect, it } from 'vitest';
import { TypedArena } from './typed-arena';

describe('TypedArena', () => {
  it('gives arrays that never share a byte, zero-filled, across chunk boundaries and for large arrays', () => {
    const arena = new TypedArena();
    const arrays: (Float64Array | Float32Array | Int32Array)[] = [];
    // Odd lengths of every kind, enough to fill several chunks, and a few larger than a chunk's share.
    for (let i = 0; i < 3000; i++) {
      const length = (i * 7) % 61;
      arrays.push(i % 3 === 0 ? arena.f64(length) : i % 3 === 1 ? arena.f32(length) : arena.i32(length));
      if (i % 500 === 0) arrays.push(arena.f64(5000));
    }
    for (const array of arrays) expect(array.every((value) => value === 0)).toBe(true);
    arrays.forEach((array, k) => array.fill(k + 1));
    arrays.forEach((array, k) => expect(array.every((value) => value === k + 1)).toBe(true));
  });

  it('keeps 64-bit values exact and copies given values', () => {
    const arena = new TypedArena();
    arena.i32(3);
    const exact = arena.f64(2);
    exact[0] = 0.1 + 0.2;
    exact[1] = Math.PI;
    expect([...exact]).toEqual([0.1 + 0.2, Math.PI]);
    expect([...arena.i32From([5, -2, 9])]).toEqual([5, -2, 9]);
  });
});
