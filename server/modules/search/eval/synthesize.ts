import type { SearchDocument } from '../engine/search-index';

/** Mulberry32: tiny, fast, deterministic PRNG (the same numbers for a seed on every run). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAME_PARTS = [
  'Nova',
  'Pilot',
  'Forge',
  'Lab',
  'Flow',
  'Mind',
  'Spark',
  'Studio',
  'Hub',
  'Wave',
  'Pro',
  'Kit',
  'Loop',
  'Scout',
  'Craft',
  'Bee',
];

/**
 * Builds `n` plausible, distinct listings by recombining fields of base listings from the same category (name,
 * description, tags, features, use cases, pricing and popularity are mixed from two parents). Deterministic for a
 * given seed; used to measure latency and memory at catalogue sizes we do not have.
 */
export function synthesizeCatalog(base: SearchDocument[], n: number, seed: number): SearchDocument[] {
  if (base.length === 0) return [];
  const rand = rng(seed);
  const pick = <T>(arr: readonly T[]): T => arr[Math.floor(rand() * arr.length)] as T;
  const byCategory = new Map<string, SearchDocument[]>();
  for (const d of base) {
    const list = byCategory.get(d.category) ?? [];
    list.push(d);
    byCategory.set(d.category, list);
  }
  const sample = <T>(a: readonly T[], b: readonly T[], k: number): T[] => {
    const pool = [...a, ...b];
    const out: T[] = [];
    while (out.length < k && pool.length > 0) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0] as T);
    return out;
  };
  const out: SearchDocument[] = [];
  for (let i = 0; i < n; i++) {
    const a = pick(base);
    const b = pick(byCategory.get(a.category) ?? base);
    const pricing = rand() < 0.5 ? a.pricingType : b.pricingType;
    out.push({
      id: 1_000_000 + i,
      name: `${a.name.split(/[ .]/)[0] ?? 'App'} ${pick(NAME_PARTS)} ${i}`,
      description: rand() < 0.5 ? a.description : b.description,
      longDescription: rand() < 0.5 ? a.longDescription : b.longDescription,
      category: a.category,
      tags: sample(a.tags, b.tags, 4),
      features: sample(a.features, b.features, 5),
      useCases: sample(a.useCases, b.useCases, 3),
      pricingType: pricing,
      monthlyVisitors: Math.round(a.monthlyVisitors * (0.001 + rand() * 0.1)),
      rating: a.rating === null ? null : Math.max(10, Math.min(50, a.rating + Math.round((rand() - 0.5) * 10))),
      viewCount: Math.floor(rand() * 5000),
      saveCount: Math.floor(rand() * 300),
      company: rand() < 0.5 ? a.company : b.company,
    });
  }
  return out;
}
