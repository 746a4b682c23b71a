/** Colour and emoji of a category's logo tile (spec §2 App detail); unknown categories are grey with a robot. */
export interface CategoryStyle {
  emoji: string;
  /** Tailwind classes of the tile. */
  tile: string;
}

const STYLES: Record<string, CategoryStyle> = {
  writing: { emoji: '✍️', tile: 'bg-blue-100 text-blue-900' },
  productivity: { emoji: '⚡', tile: 'bg-amber-100 text-amber-900' },
  development: { emoji: '💻', tile: 'bg-emerald-100 text-emerald-900' },
  design: { emoji: '🎨', tile: 'bg-pink-100 text-pink-900' },
  marketing: { emoji: '📈', tile: 'bg-orange-100 text-orange-900' },
  analysis: { emoji: '📊', tile: 'bg-violet-100 text-violet-900' },
  education: { emoji: '🎓', tile: 'bg-cyan-100 text-cyan-900' },
  entertainment: { emoji: '🎬', tile: 'bg-rose-100 text-rose-900' },
};

const FALLBACK: CategoryStyle = { emoji: '🤖', tile: 'bg-slate-200 text-slate-900' };

/** The tile style of a category name (case-insensitive). */
export function categoryStyle(category: string): CategoryStyle {
  return STYLES[category.trim().toLowerCase()] ?? FALLBACK;
}
