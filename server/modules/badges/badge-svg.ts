import { escapeHtml } from '../../lib/html';

/** What a badge says: the app's name, a rating out of 5 and, for visitors' reviews, how many. */
export interface BadgeContent {
  name: string;
  /** 0–5, one decimal; null when the app has no rating at all. */
  rating: number | null;
  /** Approved reviews behind the rating; null when the rating is the curators'. */
  reviewCount: number | null;
}

// An estimate of Verdana/DejaVu text widths, good enough to size the badge without a font engine.
const CHAR_WIDTH = { small: 6.2, large: 7.6 } as const;
const MAX_NAME = 32;

function textWidth(text: string, size: keyof typeof CHAR_WIDTH): number {
  return Math.ceil([...text].length * CHAR_WIDTH[size]);
}

/**
 * The "Featured on Aitlas" badge as a standalone SVG (no scripts, no external references): a dark
 * label on the left, the app's name and rating on the right. Every text is XML-escaped.
 */
export function badgeSvg(content: BadgeContent): string {
  const name = [...content.name].length > MAX_NAME ? `${[...content.name].slice(0, MAX_NAME - 1).join('')}…` : content.name;
  const rating =
    content.rating === null
      ? 'Listed on Aitlas'
      : content.reviewCount !== null
        ? `★ ${content.rating.toFixed(1)} · ${content.reviewCount} review${content.reviewCount === 1 ? '' : 's'}`
        : `★ ${content.rating.toFixed(1)} curators' rating`;
  const label = 'Featured on Aitlas';
  const left = 24 + textWidth(label, 'small');
  const right = 24 + Math.max(textWidth(name, 'large'), textWidth(rating, 'small'));
  const width = left + right;
  const title = `${content.name} is featured on Aitlas${content.rating === null ? '' : `: ${rating}`}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="54" viewBox="0 0 ${width} 54" role="img" aria-label="${escapeHtml(title)}">
<title>${escapeHtml(title)}</title>
<rect width="${width}" height="54" rx="8" fill="#ffffff" stroke="#cbd5e1"/>
<path d="M8 0h${left - 8}v54H8a8 8 0 0 1-8-8V8a8 8 0 0 1 8-8z" fill="#4338ca"/>
<g font-family="Verdana,DejaVu Sans,sans-serif">
<text x="12" y="32" font-size="11" font-weight="700" fill="#ffffff">${escapeHtml(label)}</text>
<text x="${left + 12}" y="24" font-size="13" font-weight="700" fill="#0f172a">${escapeHtml(name)}</text>
<text x="${left + 12}" y="42" font-size="11" fill="#334155">${escapeHtml(rating)}</text>
</g>
</svg>
`;
}
