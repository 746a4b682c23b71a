import { useCallback, useState } from 'react';

/** What an `<img>` needs to report a failed load, and whether the current source failed. */
export interface ImageFailure {
  failed: boolean;
  ref: (image: HTMLImageElement | null) => void;
  onError: () => void;
}

/**
 * Whether an image failed to load, so a placeholder can take its place. A server-rendered image can fail
 * before React hydrates and attaches `onError` (the event is then lost), so the image is also checked when it
 * mounts: complete without any pixels means it failed. Keyed by source, so a new source gets a new try.
 */
export function useImageFailure(src: string | null | undefined): ImageFailure {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const onError = useCallback(() => setFailedSrc(src ?? null), [src]);
  const ref = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0) setFailedSrc(src ?? null);
    },
    [src],
  );
  return { failed: Boolean(src) && failedSrc === src, ref, onError };
}
