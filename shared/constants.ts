/** Business constants of spec §9 and the limits both sides enforce. */

export const APP_STATUSES = ['pending', 'approved', 'published', 'rejected'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

export const PRICING_TYPES = ['free', 'freemium', 'paid'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/** The category that means "no filter"; it exists as a row but holds no apps. */
export const ALL_CATEGORY_NAME = 'All';

/** Categories with their own colour and emoji on the app page; others get grey and a robot. */
export const KNOWN_CATEGORIES = [
  'Writing',
  'Productivity',
  'Development',
  'Design',
  'Marketing',
  'Analysis',
  'Education',
  'Entertainment',
] as const;

export const MARKETPLACE_PAGE_SIZE = 12;
export const SKELETON_CARD_COUNT = 6;
export const MAX_FEATURES_SHOWN = 6;
export const MAX_USE_CASES_SHOWN = 6;
export const ADMIN_CARD_TAGS_SHOWN = 3;

export const SEARCH_QUERY_MAX_LENGTH = 500;
export const SEARCH_RESULT_LIMIT = 12;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const AUTH_CACHE_MS = 300_000;

export const SIDEBAR_MIN_WIDTH = 200;
export const SIDEBAR_MAX_WIDTH = 400;
export const SIDEBAR_DEFAULT_WIDTH = 256;

export const EDIT_REDIRECT_DELAY_MS = 1000;
export const DISCOVERY_LOG_POLL_MS = 30_000;
export const DISCOVERY_LOG_DETAIL_LINES = 2;
export const NOTIFICATION_LIMIT = 50;
export const NOTIFICATION_BADGE_MAX = 99;
export const SOCKET_RECONNECT_MS = 5000;
export const CATEGORY_PERFORMANCE_TOP = 6;

/** Sync interval choices in minutes (spec §9); 60 is the default, daily recommended for production. */
export const SYNC_INTERVAL_CHOICES = [
  { minutes: 30, label: 'Every 30 minutes' },
  { minutes: 60, label: 'Every hour' },
  { minutes: 180, label: 'Every 3 hours' },
  { minutes: 360, label: 'Every 6 hours' },
  { minutes: 720, label: 'Every 12 hours' },
  { minutes: 1440, label: 'Daily (recommended for production)' },
  { minutes: 10080, label: 'Weekly' },
] as const;
export const DEFAULT_SYNC_INTERVAL_MINUTES = 60;

export const BLOG_SCROLL_DELAY_MS = 100;
export const BLOG_DEFAULT_READ_TIME = 5;
export const BLOG_DEFAULT_CATEGORY = 'Blog';

/** Pricing labels of the app page (spec §9). */
export const PRICING_LABELS: Record<PricingType | 'other', { badge: string; cta: string }> = {
  free: { badge: 'FREE TO USE', cta: 'Start Using Free' },
  freemium: { badge: 'FREE TRIAL AVAILABLE', cta: 'Try Free Version' },
  paid: { badge: 'Explore Pricing & Features', cta: 'Explore Pricing & Features' },
  other: { badge: 'Explore Pricing & Features', cta: 'Explore Pricing & Features' },
};

/** Problem reports a visitor may send per hour (issue 13). */
export const REPORTS_PER_HOUR = 5;

/** Reviews a visitor (browser) may write per hour, over all apps (issue 24). */
export const REVIEWS_PER_VISITOR_PER_HOUR = 5;
/** Reviews one client address may write per hour (several browsers behind one address). */
export const REVIEWS_PER_ADDRESS_PER_HOUR = 20;
/** Reviews of one app within an hour from which each new one is flagged as part of a burst. */
export const REVIEW_BURST_THRESHOLD = 5;
/** Trigram similarity from which a review's text counts as near-identical to one on another app. */
export const REVIEW_NEAR_DUPLICATE_SIMILARITY = 0.8;
/** Visitor reports from which a review is flagged for the moderator. */
export const REVIEW_REPORT_FLAG_THRESHOLD = 1;
/** "Was this helpful?" votes and review reports one client address may send per hour. */
export const REVIEW_MARKS_PER_HOUR = 60;
