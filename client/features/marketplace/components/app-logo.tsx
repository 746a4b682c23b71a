import { categoryIcon } from '@client/lib/category-icon';
import { useImageFailure } from '@client/lib/use-image-failure';

/**
 * An app's logo from the logo service, in a fixed-size tile so nothing moves when it loads; the
 * category's icon when there is none or it fails (the service may be unreachable).
 */
export function AppLogo({ src, category }: { src: string | null; category: string }) {
  const { failed, ref, onError } = useImageFailure(src);
  const icon = categoryIcon(category);
  return (
    <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      {src && !failed ? (
        <img
          src={src}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          decoding="async"
          className="size-8 object-contain"
          ref={ref}
          onError={onError}
        />
      ) : (
        <icon.Icon className="size-6 text-slate-600" aria-hidden="true" data-testid="logo-placeholder" data-icon={icon.name} />
      )}
    </div>
  );
}
