import { Bot } from 'lucide-react';
import { useState } from 'react';

/**
 * An app's logo from the logo service, in a fixed-size tile so nothing moves when it loads; the
 * placeholder icon when there is none or it fails (the service may be unreachable).
 */
export function AppLogo({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      {src && !failed ? (
        <img src={src} alt="" width={32} height={32} loading="lazy" decoding="async" className="size-8 object-contain" onError={() => setFailed(true)} />
      ) : (
        <Bot className="size-6 text-slate-500" aria-hidden="true" data-testid="logo-placeholder" />
      )}
    </div>
  );
}
