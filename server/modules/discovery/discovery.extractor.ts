import * as cheerio from 'cheerio';
import type { PricingType } from '@shared/constants';

/** What a web page says about the app it presents. */
export interface ExtractedApp {
  name: string;
  description: string;
  longDescription: string | null;
  features: string[];
  useCases: string[];
  pricingType: PricingType | null;
  iconUrl: string | null;
  screenshotUrl: string | null;
  /** `<link rel="canonical">`, absolute; null when absent or not http(s). */
  canonicalUrl: string | null;
  /** JSON-LD `applicationCategory`, as the page wrote it. */
  applicationCategory: string | null;
  /** JSON-LD aggregate rating on the product's 1–50 scale. */
  rating: number | null;
  company: string | null;
  keywords: string[];
}

type CheerioRoot = ReturnType<typeof cheerio.load>;
type JsonObject = Record<string, unknown>;

const APP_TYPES = new Set(['softwareapplication', 'webapplication', 'mobileapplication', 'videogame']);
const MAX_FEATURES = 12;
const MAX_ITEM_LENGTH = 200;
const MAX_NAME_LENGTH = 120;
const MAX_DESCRIPTION_LENGTH = 600;
const MAX_LONG_DESCRIPTION_LENGTH = 2000;
const FEATURE_HEADING =
  /\b(features?|capabilit(y|ies)|what (you|it) can do|what it does|why \w+|benefits?|highlights|how it works|key functions)\b/i;
const USE_CASE_HEADING = /\b(use cases?|who (is it|it'?s) for|perfect for|built for|made for|ideal for)\b/i;
const GENERIC_TITLE_PARTS = /^(home|homepage|home page|welcome|official site|official website|index|start)$/i;

/** Collapses whitespace and trims. */
function clean(text: string | undefined | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** An absolute http(s) URL, or null. */
function absoluteHttpUrl(value: string | undefined | null, base: string): string | null {
  const raw = clean(value);
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The product name of a page title: "Acme Writer | AI writing for teams" → "Acme Writer",
 * "Home - Acme" → "Acme", "Welcome to Acme" → "Acme".
 */
export function cleanTitle(title: string): string {
  const parts = clean(title)
    .split(/\s+[|–—·•»:-]\s+|\s*\|\s*|:\s+/)
    .map((part) => part.replace(/^welcome to\s+/i, '').trim())
    .filter(Boolean);
  const meaningful = parts.filter((part) => !GENERIC_TITLE_PARTS.test(part));
  return truncate(meaningful[0] ?? parts[0] ?? '', MAX_NAME_LENGTH);
}

function jsonLdObjects($: CheerioRoot): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const object = value as JsonObject;
    found.push(object);
    if (Array.isArray(object['@graph'])) object['@graph'].forEach(visit);
  };
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      visit(JSON.parse($(element).text()));
    } catch {
      // A broken JSON-LD block is ignored; the rest of the page still speaks.
    }
  });
  return found;
}

function typesOf(object: JsonObject): string[] {
  const type = object['@type'];
  return (Array.isArray(type) ? type : [type])
    .filter((entry): entry is string => typeof entry === 'string')
    .map((entry) => entry.toLowerCase());
}

function text(value: unknown): string {
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'name' in value) return text((value as JsonObject).name);
  return '';
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).filter(Boolean);
  const single = text(value);
  if (!single) return [];
  return single
    .split(/\s*(?:\n|;|,(?=\s*[A-Z]))\s*/)
    .map(clean)
    .filter(Boolean);
}

function numberOf(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value.replace(/[^\d.]/g, '')) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** Pricing from JSON-LD offers: all zero → free, zero and non-zero → freemium, only prices → paid. */
function pricingFromOffers(offers: unknown): PricingType | null {
  const list = (Array.isArray(offers) ? offers : offers ? [offers] : []).flatMap((offer) => {
    if (!offer || typeof offer !== 'object') return [];
    const object = offer as JsonObject;
    if (Array.isArray(object.offers)) return object.offers;
    const prices = [object.price, object.lowPrice, object.highPrice].map(numberOf).filter((n): n is number => n !== null);
    return prices.length > 0 ? [{ prices }] : [];
  }) as ({ prices: number[] } | JsonObject)[];
  const prices = list.flatMap((entry) => ('prices' in entry && Array.isArray(entry.prices) ? (entry.prices as number[]) : []));
  if (prices.length === 0) return null;
  const hasFree = prices.some((price) => price === 0);
  const hasPaid = prices.some((price) => price > 0);
  if (hasFree && hasPaid) return 'freemium';
  return hasFree ? 'free' : 'paid';
}

/** Pricing from the page's wording: free plan/trial → freemium, "free forever"/"free to use" → free, prices → paid. */
export function pricingFromText(pageText: string): PricingType | null {
  const lower = pageText.toLowerCase();
  const freemium =
    /\b(free plan|free tier|free trial|try (it )?(for )?free|start (for )?free|get started (for )?free|freemium|free version|no credit card)\b/.test(
      lower,
    );
  const free =
    /\b(100% free|completely free|totally free|free forever|free to use|always free|open[- ]source|free and open)\b/.test(lower);
  const priced =
    /([$€£]\s?\d+|\d+\s?(usd|eur)\b|\/\s?mo(nth)?\b|per month|per user|\/\s?year\b|billed (monthly|annually|yearly))/.test(lower);
  if (freemium || (free && priced)) return 'freemium';
  if (free) return 'free';
  if (priced) return 'paid';
  return null;
}

/** Items of the lists (or sub-headings) that follow a heading, up to the next heading of the same level or higher. */
function itemsUnderHeadings($: CheerioRoot, pattern: RegExp): string[] {
  const items: string[] = [];
  $('h1, h2, h3, h4').each((_, heading) => {
    if (items.length >= MAX_FEATURES) return;
    const $heading = $(heading);
    if (!pattern.test(clean($heading.text()))) return;
    const level = Number(heading.tagName.slice(1));
    const collected: string[] = [];
    let node = $heading.next();
    while (node.length > 0) {
      const tag = node.prop('tagName')?.toLowerCase() ?? '';
      if (/^h[1-6]$/.test(tag) && Number(tag.slice(1)) <= level) break;
      const listItems = node.is('li') ? node : node.find('li');
      if (listItems.length > 0) {
        listItems.each((__, item) => {
          collected.push(clean($(item).text()));
        });
      } else if (/^h[1-6]$/.test(tag)) {
        collected.push(clean(node.text()));
      } else {
        // Feature cards: a sub-heading per feature.
        node.find('h3, h4, h5').each((__, sub) => {
          collected.push(clean($(sub).text()));
        });
      }
      node = node.next();
    }
    // Sections often wrap the heading and its list in their own containers.
    if (collected.length === 0) {
      $heading
        .closest('section, article, div')
        .find('li')
        .each((__, item) => {
          collected.push(clean($(item).text()));
        });
    }
    items.push(...collected);
  });
  return dedupe(items.filter((item) => item.length >= 3).map((item) => truncate(item, MAX_ITEM_LENGTH))).slice(0, MAX_FEATURES);
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first meaningful paragraphs of the page's main content (navigation, header, footer left out). */
function leadParagraphs($: CheerioRoot): string[] {
  const root =
    $('main').first().length > 0 ? $('main').first() : $('article').first().length > 0 ? $('article').first() : $('body');
  const paragraphs: string[] = [];
  root.find('p').each((_, element) => {
    const $p = $(element);
    if ($p.closest('nav, header, footer, aside, form, [role="navigation"], [aria-hidden="true"]').length > 0) return;
    const value = clean($p.text());
    if (value.length >= 60 && !/cookie|javascript|copyright|©/i.test(value)) paragraphs.push(value);
  });
  return dedupe(paragraphs);
}

function metaContent($: CheerioRoot, ...selectors: string[]): string {
  for (const selector of selectors) {
    const value = clean($(selector).attr('content'));
    if (value) return value;
  }
  return '';
}

function bestIcon($: CheerioRoot, base: string): string | null {
  const candidates: { href: string; size: number }[] = [];
  $('link[rel]').each((_, element) => {
    const rel = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('icon') && !rel.includes('apple-touch-icon') && !rel.includes('apple-touch-icon-precomposed')) return;
    const href = absoluteHttpUrl($(element).attr('href'), base);
    if (!href) return;
    const size = Number.parseInt(($(element).attr('sizes') ?? '').split('x')[0] ?? '', 10);
    candidates.push({ href, size: Number.isFinite(size) ? size : rel.includes('apple-touch-icon') ? 180 : 16 });
  });
  candidates.sort((a, b) => b.size - a.size);
  return candidates[0]?.href ?? null;
}

function hostLabel(pageUrl: string): string {
  try {
    const host = new URL(pageUrl).hostname.replace(/^www\./, '');
    const label = host.split('.')[0] ?? host;
    return label.charAt(0).toUpperCase() + label.slice(1);
  } catch {
    return 'Untitled app';
  }
}

/**
 * Reads what a page says about its app: JSON-LD `SoftwareApplication`/`WebApplication` first, then
 * Open Graph and meta tags, then the page's own headings, lists and paragraphs.
 */
export function extractApp(html: string, pageUrl: string): ExtractedApp {
  const $ = cheerio.load(html);
  const ld = jsonLdObjects($).find((object) => typesOf(object).some((type) => APP_TYPES.has(type))) ?? null;
  $('script, style, noscript, template, svg').remove();

  const titleName = cleanTitle($('title').first().text() || metaContent($, 'meta[property="og:title"]'));
  const name = truncate(
    text(ld?.name) || metaContent($, 'meta[property="og:site_name"]') || titleName || hostLabel(pageUrl),
    MAX_NAME_LENGTH,
  );

  const paragraphs = leadParagraphs($);
  const description = truncate(
    text(ld?.description) ||
      metaContent($, 'meta[name="description"]', 'meta[property="og:description"]', 'meta[name="twitter:description"]') ||
      paragraphs[0] ||
      `${name}, an AI tool found at ${new URL(pageUrl).hostname}.`,
    MAX_DESCRIPTION_LENGTH,
  );
  const longText = paragraphs
    .filter((paragraph) => paragraph !== description)
    .slice(0, 3)
    .join('\n\n');
  const longDescription = longText ? truncate(longText, MAX_LONG_DESCRIPTION_LENGTH) : null;

  const ldFeatures = listOf(ld?.featureList).map((item) => truncate(item, MAX_ITEM_LENGTH));
  const features = dedupe([...ldFeatures, ...itemsUnderHeadings($, FEATURE_HEADING)]).slice(0, MAX_FEATURES);
  const useCases = itemsUnderHeadings($, USE_CASE_HEADING);

  const pricingText = [$('body').text(), metaContent($, 'meta[name="description"]')].join(' ');
  const pricingType = pricingFromOffers(ld?.offers) ?? pricingFromText(pricingText);

  const ratingValue = numberOf((ld?.aggregateRating as JsonObject | undefined)?.ratingValue);
  const bestRating = numberOf((ld?.aggregateRating as JsonObject | undefined)?.bestRating) ?? 5;
  const rating =
    ratingValue !== null && bestRating > 0 ? Math.min(50, Math.max(1, Math.round((ratingValue / bestRating) * 50))) : null;

  const screenshot =
    absoluteHttpUrl(
      listOf(ld?.screenshot)[0] ?? (typeof ld?.screenshot === 'object' ? text((ld.screenshot as JsonObject).url) : ''),
      pageUrl,
    ) ??
    absoluteHttpUrl(
      metaContent($, 'meta[property="og:image"]', 'meta[property="og:image:url"]', 'meta[name="twitter:image"]'),
      pageUrl,
    );

  const company = text(ld?.publisher) || text(ld?.author) || text(ld?.creator) || null;
  const keywords = metaContent($, 'meta[name="keywords"]')
    .split(',')
    .map(clean)
    .filter((keyword) => keyword.length > 1 && keyword.length <= 40)
    .slice(0, 20);

  return {
    name,
    description,
    longDescription,
    features,
    useCases,
    pricingType,
    iconUrl: bestIcon($, pageUrl),
    screenshotUrl: screenshot,
    canonicalUrl: absoluteHttpUrl($('link[rel="canonical"]').attr('href'), pageUrl),
    applicationCategory: text(ld?.applicationCategory) || null,
    rating,
    company: company ? truncate(company, 200) : null,
    keywords,
  };
}
