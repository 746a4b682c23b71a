import { describe, expect, it } from 'vitest';
import { KNOWN_CATEGORIES } from '../../../../shared/constants';
import { categoryStyle } from './category-style';

describe('categoryStyle', () => {
  it('gives every known category its own colour and emoji', () => {
    const styles = KNOWN_CATEGORIES.map((name) => categoryStyle(name));
    expect(new Set(styles.map((style) => style.emoji)).size).toBe(KNOWN_CATEGORIES.length);
    expect(new Set(styles.map((style) => style.tile)).size).toBe(KNOWN_CATEGORIES.length);
    expect(styles.every((style) => style.emoji !== '🤖' && !style.tile.includes('slate'))).toBe(true);
  });

  it('matches names case-insensitively and gives others a grey tile with a robot', () => {
    expect(categoryStyle(' design ')).toEqual(categoryStyle('Design'));
    expect(categoryStyle('Audio')).toEqual({ emoji: '🤖', tile: 'bg-slate-200 text-slate-900' });
  });
});
