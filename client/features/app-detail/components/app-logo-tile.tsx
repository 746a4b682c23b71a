import { useState } from 'react';
import { cn } from '@client/lib/cn';
import { categoryStyle } from '../lib/category-style';

/** The app's logo from the logo service; the category-coloured emoji tile when it is missing or fails. */
export function AppLogoTile({ logoUrl, category, size = 'lg' }: { logoUrl: string | null; category: string; size?: 'lg' | 'xl' }) {
  const [failed, setFailed] = useState(false);
  const style = categoryStyle(category);
  const box = size === 'xl' ? 'size-24 rounded-3xl text-5xl' : 'size-20 rounded-2xl text-4xl';
  if (logoUrl && !failed) {
    return (
      <div className={cn('flex shrink-0 items-center justify-center overflow-hidden border border-slate-200 bg-white', box)}>
        <img src={logoUrl} alt="" width={48} height={48} decoding="async" className="size-12 object-contain" onError={() => setFailed(true)} />
      </div>
    );
  }
  return (
    <div className={cn('flex shrink-0 items-center justify-center', box, style.tile)} data-testid="logo-tile">
      <span role="img" aria-label={`${category} app`}>
        {style.emoji}
      </span>
    </div>
  );
}
