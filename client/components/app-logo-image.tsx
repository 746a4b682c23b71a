// clsx, not cn: the size classes never conflict with the base ones.
import { clsx as cn } from 'clsx';
import { categoryIcon } from '@client/lib/category-icon';
import { useImageFailure } from '@client/lib/use-image-failure';

const SIZES = {
  sm: { box: 'size-11', image: 'size-7', pixels: 28, icon: 'size-5' },
  md: { box: 'size-12', image: 'size-8', pixels: 32, icon: 'size-6' },
} as const;

/**
 * An app's logo in a fixed tile; its category's icon (as on the marketplace cards) when the logo service
 * has none or is unreachable.
 */
export function AppLogoImage({
  src,
  category,
  size = 'md',
}: {
  src: string | null;
  category: string | null;
  size?: keyof typeof SIZES;
}) {
  const { failed, ref, onError } = useImageFailure(src);
  const { box, image, pixels, icon } = SIZES[size];
  const fallback = categoryIcon(category);
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50',
        box,
      )}
    >
      {src && !failed ? (
        <img
          src={src}
          alt=""
          width={pixels}
          height={pixels}
          loading="lazy"
          decoding="async"
          className={cn('object-contain', image)}
          ref={ref}
          onError={onError}
        />
      ) : (
        <fallback.Icon
          className={cn('text-slate-600', icon)}
          aria-hidden="true"
          data-testid="logo-placeholder"
          data-icon={fallback.name}
        />
      )}
    </div>
  );
}
