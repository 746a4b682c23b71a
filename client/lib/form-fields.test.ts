import { describe, expect, it } from 'vitest';
import { numberOrZero, serverFieldErrors } from './form-fields';

describe('form numbers and server errors', () => {
  it('turns non-numeric input into 0', () => {
    expect(numberOrZero('12')).toBe(12);
    expect(numberOrZero('abc')).toBe(0);
    expect(numberOrZero('')).toBe(0);
    expect(numberOrZero('-3')).toBe(-3);
  });

  it('reads field messages of a 400 answer', () => {
    expect(serverFieldErrors({ fields: { name: ['Name is required'], 'tags.0': ['Too long'] } })).toEqual({
      name: 'Name is required',
      tags: 'Too long',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
