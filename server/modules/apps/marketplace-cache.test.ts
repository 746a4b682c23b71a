import { describe, expect, it } from 'vitest';
import { MarketplaceCache, type MarketplacePage } from './marketplace-cache';

const page = (total: number): MarketplacePage => ({ apps: [], total });

describe('MarketplaceCache', () => {
  it('loads a page once, serves it from memory until the TTL, then loads again', async () => {
    let now = 0;
    const cache = new MarketplaceCache(1000, () => now);
    let loads = 0;
    const load = async () => page(++loads);
    expect((await cache.get('k', load)).total).toBe(1);
    now = 999;
    expect((await cache.get('k', load)).total).toBe(1);
    now = 1000;
    expect((await cache.get('k', load)).total).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new MarketplaceCache();
    let loads = 0;
    const load = () => new Promise<MarketplacePage>((resolve) => setTimeout(() => resolve(page(++loads)), 5));
    const results = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(results.map((result) => result.total)).toEqual([1, 1, 1]);
  });

  it('forgets everything on clear, and never stores a load that started before the clear', async () => {
    const cache = new MarketplaceCache();
    let release: (value: MarketplacePage) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<MarketplacePage>((resolve) => (release = resolve)));
    cache.clear();
    release(page(1));
    expect((await slow).total).toBe(1);
    expect((await cache.get('k', async () => page(2))).total).toBe(2);
    cache.clear();
    expect((await cache.get('k', async () => page(3))).total).toBe(3);
  });

  it('does not keep failures', async () => {
    const cache = new MarketplaceCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('k', async () => page(4))).total).toBe(4);
  });
});
