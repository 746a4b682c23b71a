import { describe, expect, it } from 'vitest';
import { categoryIcon } from './category-icon';

describe('categoryIcon', () => {
  it('gives every seeded category its own icon, none of them the robot', () => {
    const names = [
      'Writing',
      'Productivity',
      'Development',
      'Design',
      'Marketing',
      'Analysis',
      'Research',
      'Education',
      'Entertainment',
      'Audio',
      'Video',
      'Customer Support',
    ];
    const seeded = names.map((name) => categoryIcon(name).name);
    expect(seeded).toHaveLength(12);
    expect(new Set(seeded).size).toBe(12);
    expect(seeded).not.toContain('bot');
  });

  it('matches names case-insensitively and falls back to the robot', () => {
    expect(categoryIcon(' customer SUPPORT ').name).toBe('headset');
    expect(categoryIcon('Quantum Gardening').name).toBe('bot');
    expect(categoryIcon(null).name).toBe('bot');
  });
});
