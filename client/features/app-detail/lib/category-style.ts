/** Colour of a category's logo tile (spec §2 App detail): the known categories have their own, others are grey. */
export interface CategoryStyle {
  /** Tailwind classes of the tile. */
  tile: string;
}

const STYLES: Record<string, CategoryStyle> = {
  writing: { tile: 'bg-blue-100 text-blue-900' },
  productivity: { tile: 'bg-amber-100 text-amber-900' },
  development: { tile: 'bg-emerald-100 text-emerald-900' },
  design: { tile: 'bg-pink-100 text-pink-900' },
  marketing: { tile: 'bg-orange-100 text-orange-900' },
  analysis: { tile: 'bg-violet-100 text-violet-900' },
  education: { tile: 'bg-cyan-100 text-cyan-900' },
  entertainment: { tile: 'bg-rose-100 text-rose-900' },
};

const FALLBACK: CategoryStyle = { tile: 'bg-slate-200 text-slate-900' };

/** The tile style of a category name (case-insensitive). */
export function categoryStyle(category: string): CategoryStyle {
  return STYLES[category.trim().toLowerCase()] ?? FALLBACK;
}
