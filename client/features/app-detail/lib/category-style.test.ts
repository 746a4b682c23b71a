import { describe, expect, it } from 'vitest';
import { KNOWN_CATEGORIES } from '../../../../shared/constants';
import { categoryStyle } from './category-style';

describe('categoryStyle', () => {
  it('gives every known category its own colour', () => {
    const styles = KNOWN_CATEGORIES.map((name) => categoryStyle(name));
    expect(new Set(styles.map((style) => style.tile)).size).toBe(KNOWN_CATEGORIES.length);
    expect(styles.every((style) => !style.tile.includes('slate'))).toBe(true);
  });

  it('matches names case-insensitively and gives others a grey tile', () => {
    expect(categoryStyle(' design ')).toEqual(categoryStyle('Design'));
    expect(categoryStyle('Audio')).toEqual({ tile: 'bg-slate-200 text-slate-900' });
  });
});
