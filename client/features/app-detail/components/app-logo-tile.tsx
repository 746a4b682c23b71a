import { categoryIcon } from '@client/lib/category-icon';
import { cn } from '@client/lib/cn';
import { useImageFailure } from '@client/lib/use-image-failure';
import { categoryStyle } from '../lib/category-style';

/** The app's logo from the logo service; the category-coloured tile with the category's icon when it is missing or fails. */
export function AppLogoTile({
  logoUrl,
  category,
  size = 'lg',
}: {
  logoUrl: string | null;
  category: string;
  size?: 'lg' | 'xl';
}) {
  const { failed, ref, onError } = useImageFailure(logoUrl);
  const style = categoryStyle(category);
  const icon = categoryIcon(category);
  const box = size === 'xl' ? 'size-24 rounded-3xl' : 'size-20 rounded-2xl';
  if (logoUrl && !failed) {
    return (
      <div className={cn('flex shrink-0 items-center justify-center overflow-hidden border border-slate-200 bg-white', box)}>
        <img
          src={logoUrl}
          alt=""
          width={48}
          height={48}
          decoding="async"
          className="size-12 object-contain"
          ref={ref}
          onError={onError}
        />
      </div>
    );
  }
  return (
    <div
      className={cn('flex shrink-0 items-center justify-center', box, style.tile)}
      data-testid="logo-tile"
      data-icon={icon.name}
      role="img"
      aria-label={`${category} app`}
    >
      <icon.Icon className={size === 'xl' ? 'size-12' : 'size-10'} aria-hidden="true" />
    </div>
  );
}
