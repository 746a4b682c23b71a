import { BookOpen } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { useImageFailure } from '@client/lib/use-image-failure';

// Placeholder tints, picked by the post's category so the list does not look like a row of clones.
const TINTS = [
  'from-brand-100 via-brand-50 to-sky-100 text-brand-600',
  'from-emerald-100 via-teal-50 to-cyan-100 text-emerald-700',
  'from-amber-100 via-orange-50 to-rose-100 text-amber-700',
  'from-sky-100 via-indigo-50 to-violet-100 text-sky-700',
  'from-rose-100 via-pink-50 to-fuchsia-100 text-rose-700',
];

function tintOf(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TINTS[hash % TINTS.length] ?? TINTS[0] ?? '';
}

/**
 * A post's featured image, decorative (the title names the post). Without an image, or when it
 * fails to load (offline, a dead link), a calm placeholder takes its place.
 */
export function BlogCover({
  src,
  tintKey = '',
  className,
}: {
  src: string | null | undefined;
  tintKey?: string;
  className?: string;
}) {
  const { failed, ref, onError } = useImageFailure(src);
  if (!src || failed) {
    return (
      <div
        aria-hidden="true"
        data-testid="blog-cover-placeholder"
        className={cn('flex items-center justify-center bg-gradient-to-br', tintOf(tintKey), className)}
      >
        <BookOpen className="size-10 opacity-80" />
      </div>
    );
  }
  return (
    <img src={src} alt="" loading="lazy" decoding="async" ref={ref} onError={onError} className={cn('object-cover', className)} />
  );
}
