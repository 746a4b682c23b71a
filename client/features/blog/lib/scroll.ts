import { BLOG_SCROLL_DELAY_MS } from '@shared/constants';

/** Scrolls smoothly to the top shortly after a navigation (spec §9: 100 ms). */
export function scrollToTopSoon(): void {
  window.setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), BLOG_SCROLL_DELAY_MS);
}
