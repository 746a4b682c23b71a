import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('categories_slug_key').on(table.slug),
    uniqueIndex('categories_name_key').on(sql`lower(${table.name})`),
    index('categories_sort_idx').on(table.sortOrder),
  ],
);

export const appStatuses = ['pending', 'approved', 'published', 'rejected'] as const;
export const pricingTypes = ['free', 'freemium', 'paid'] as const;

export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameSlug: text('name_slug').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    longDescription: text('long_description'),
    url: text('url').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    useCases: text('use_cases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Visitor counts of the largest tools exceed 2^31.
    monthlyVisitors: bigint('monthly_visitors', { mode: 'number' }).notNull().default(0),
    rating: integer('rating'),
    trafficGrowth: integer('traffic_growth').notNull().default(0),
    status: text('status', { enum: appStatuses }).notNull().default('pending'),
    screenshotUrl: text('screenshot_url'),
    iconUrl: text('icon_url'),
    viewCount: integer('view_count').notNull().default(0),
    saveCount: integer('save_count').notNull().default(0),
    aiGenerated: boolean('ai_generated').notNull().default(false),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    pricingType: text('pricing_type', { enum: pricingTypes }),
    company: text('company'),
    foundedYear: integer('founded_year'),
    location: text('location'),
    /** Where discovery found the app (feed, sitemap, submission); null for curated entries. */
    sourceUrl: text('source_url'),
    /** Scheme, www., trailing slash, query and fragment removed: the duplicate key of discovery. */
    normalizedUrl: text('normalized_url').notNull(),
    /** Lower-case letters and digits only: the duplicate key by name. */
    normalizedName: text('normalized_name').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set when a curator marked the app defunct: its page stays, it leaves trending and search. */
    defunctAt: timestamp('defunct_at', { withTimezone: true }),
    /** When the link-health checker last visited the URL ("Last checked" on the app page). */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** When the duplicate scan last compared this app; null (every new or edited app) means pending. */
    duplicateScannedAt: timestamp('duplicate_scanned_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('apps_public_trending_idx').on(table.status, table.categoryId, table.viewCount),
    index('apps_status_created_idx').on(table.status, table.createdAt),
    uniqueIndex('apps_published_slug_key')
      .on(table.categoryId, table.nameSlug)
      .where(sql`${table.status} = 'published'`),
    index('apps_slug_idx').on(table.nameSlug),
    index('apps_normalized_url_idx').on(table.normalizedUrl),
    index('apps_normalized_name_idx').on(table.normalizedName),
    index('apps_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('apps_duplicate_pending_idx')
      .on(table.id)
      .where(sql`${table.duplicateScannedAt} IS NULL`),
  ],
);

/**
 * Pairs the duplicate scan flagged (advisory), the newer app first, with the evidence. Kept, so the
 * admin list is a read and each scan compares only new or edited apps.
 */
export const duplicateFlags = pgTable(
  'duplicate_flags',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    duplicateOf: integer('duplicate_of')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    evidence: text('evidence').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.duplicateOf] }), index('duplicate_flags_of_idx').on(table.duplicateOf)],
);

/** Pairs a curator marked "Not a duplicate" (the newer app first): never flagged again. */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    duplicateOf: integer('duplicate_of')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.duplicateOf] })],
);

/** Ids of apps merged into another: `/app/{merged id}` answers 301 to the kept app. */
export const appIdRedirects = pgTable('app_id_redirects', {
  fromId: integer('from_id').primaryKey(),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Former slugs of an app, answered with a 301 to the current page. */
export const appSlugRedirects = pgTable(
  'app_slug_redirects',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    categorySlug: text('category_slug').notNull(),
    nameSlug: text('name_slug').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('app_slug_redirects_key').on(table.categorySlug, table.nameSlug)],
);

export const appEventTypes = ['view', 'save', 'search', 'click'] as const;

/** Counted visitor events (and searches) with their time, for analytics trends. */
export const appEvents = pgTable(
  'app_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type', { enum: appEventTypes }).notNull(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    query: text('query'),
    resultCount: integer('result_count'),
    ...timestamps,
  },
  (table) => [
    index('app_events_type_created_idx').on(table.type, table.createdAt),
    index('app_events_app_idx').on(table.appId, table.type),
  ],
);

/**
 * The last time a visitor's view or save of an app was counted. One atomic upsert decides whether
 * a new event counts, so a loop of requests cannot inflate counters, on any number of instances.
 */
export const visitorMarks = pgTable(
  'visitor_marks',
  {
    visitorId: text('visitor_id').notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['view', 'save'] }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.visitorId, table.appId, table.kind] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    oidcSubject: text('oidc_subject'),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_key').on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not yield usable sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/** Fixed-window counters shared by every instance (login failures, submissions, searches). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});

export const discoveryLogs = pgTable(
  'discovery_logs',
  {
    id: serial('id').primaryKey(),
    trigger: text('trigger').notNull().default('schedule'),
    durationMs: integer('duration_ms').notNull().default(0),
    discovered: integer('discovered').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    details: text('details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [index('discovery_logs_created_idx').on(table.createdAt)],
);

export const discoverySourceTypes = ['rss', 'atom', 'sitemap', 'json'] as const;

export const discoverySources = pgTable(
  'discovery_sources',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    type: text('type', { enum: discoverySourceTypes }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** Why the last read failed; null when it succeeded (or there was none). */
    lastError: text('last_error'),
    ...timestamps,
  },
  (table) => [uniqueIndex('discovery_sources_url_key').on(table.url)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    ...timestamps,
  },
  (table) => [index('notifications_created_idx').on(table.createdAt)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    author: text('author').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    featuredImage: text('featured_image'),
    readTime: integer('read_time').notNull().default(5),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('blog_posts_slug_key').on(table.slug),
    index('blog_posts_published_idx').on(table.isPublished, table.publishedAt),
  ],
);

export const healthStates = ['ok', 'redirected', 'moved', 'parked', 'changed', 'unreachable', 'dead'] as const;

/** One visit of an app's URL by the link-health checker, kept as evidence. */
export const linkChecks = pgTable(
  'link_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** The URL that was checked (the app's URL at the time). */
    url: text('url').notNull(),
    /** HTTP status of the last answer; null when no answer came (DNS, connection, timeout, refusal). */
    httpStatus: integer('http_status'),
    finalUrl: text('final_url'),
    redirectChain: text('redirect_chain')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    responseTimeMs: integer('response_time_ms').notNull().default(0),
    /** Hash of the normalised title and description; null when no page was read. */
    fingerprint: text('fingerprint'),
    title: text('title'),
    description: text('description'),
    /** Why no page was read (the guard's refusal reason), or null. */
    failure: text('failure'),
    failureMessage: text('failure_message'),
    /** The page looked like a parked or for-sale domain (which marker matched). */
    parkedMarker: text('parked_marker'),
  },
  (table) => [index('link_checks_app_checked_idx').on(table.appId, table.checkedAt)],
);

/** The health state of an app computed from its recent checks, with what the curator did about it. */
export const appHealth = pgTable('app_health', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  state: text('state', { enum: healthStates }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  evidence: jsonb('evidence').notNull(),
  /** The problem signature a curator dismissed; the problem shows again once the signature changes. */
  dismissedSignature: text('dismissed_signature'),
  signature: text('signature').notNull().default(''),
  /** The page later checks are compared with for `changed` ({fingerprint, text}); reset by curators. */
  baseline: jsonb('baseline'),
  ...timestamps,
});

export const reportReasons = ['dead_link', 'wrong_info', 'duplicate', 'spam', 'other'] as const;
export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;

/** A visitor's report of a problem with an app; kept after resolution. */
export const appReports = pgTable(
  'app_reports',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    note: text('note'),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    /** Hashed visitor key (no address in clear). */
    visitorId: text('visitor_id'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('app_reports_status_app_idx').on(table.status, table.appId)],
);

/**
 * Keys of the public API (optional: they raise a client's rate limit). Only the SHA-256 of the
 * secret is stored; the prefix lets an admin recognise a key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('api_keys_secret_hash_key').on(table.secretHash)],
);

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;

/**
 * Reviews written by visitors (issue 24), held for a curator. One per browser per app: `author_key`
 * is the hash of the browser's review cookie, so the same browser can edit its review.
 * `flags` are the moderator's hints (near-identical text on another app, a burst on one app,
 * reports by visitors), each with its evidence.
 */
export const appReviews = pgTable(
  'app_reviews',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    authorKey: text('author_key').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    /** The curator's reason for a rejection. */
    reason: text('reason'),
    flags: jsonb('flags').notNull().default([]),
    helpfulCount: integer('helpful_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('app_reviews_app_author_key').on(table.appId, table.authorKey),
    index('app_reviews_app_status_idx').on(table.appId, table.status),
    index('app_reviews_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const reviewMarkKinds = ['helpful', 'report'] as const;

/** "Was this helpful?" votes and reports of a review: one of each kind per visitor per review. */
export const reviewMarks = pgTable(
  'review_marks',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => appReviews.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    kind: text('kind', { enum: reviewMarkKinds }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.visitorId, table.kind] })],
);

export const claimMethods = ['meta', 'well-known'] as const;
export const claimStatuses = ['pending', 'verified', 'revoked'] as const;

/**
 * A maker's claim of a listing (issue 24): a token to publish on the app's site, then, once Aitlas
 * found it, a private management link. Only the SHA-256 of the link's secret is stored.
 */
export const appClaims = pgTable(
  'app_claims',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    method: text('method', { enum: claimMethods }).notNull(),
    /** Published by the maker on the site, so not a secret. */
    token: text('token').notNull(),
    status: text('status', { enum: claimStatuses }).notNull().default('pending'),
    secretHash: text('secret_hash'),
    /** What the last verification attempt fetched and found (evidence for the maker and the curator). */
    lastAttempt: jsonb('last_attempt'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('app_claims_token_key').on(table.token),
    uniqueIndex('app_claims_secret_hash_key').on(table.secretHash),
    index('app_claims_app_idx').on(table.appId, table.status),
  ],
);

export const proposalStatuses = ['pending', 'approved', 'rejected'] as const;

/** Changes a verified maker proposes to their listing, applied only when a curator approves them. */
export const listingProposals = pgTable(
  'listing_proposals',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    claimId: integer('claim_id')
      .notNull()
      .references(() => appClaims.id, { onDelete: 'cascade' }),
    /** Field → proposed value. */
    changes: jsonb('changes').notNull(),
    /** Field → the listing's value when the change was proposed (the curator's diff). */
    previous: jsonb('previous').notNull(),
    status: text('status', { enum: proposalStatuses }).notNull().default('pending'),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('listing_proposals_status_idx').on(table.status, table.createdAt),
    index('listing_proposals_claim_idx').on(table.claimId),
  ],
);

/**
 * A curator's word on a task page (`/best/{slug}`, issue 23): the pages themselves are computed from
 * the search engine's task concepts; a row only hides one or replaces its generated intro.
 */
export const taskPages = pgTable('task_pages', {
  /** The task concept's id, which is the page's slug. */
  slug: text('slug').primaryKey(),
  hidden: boolean('hidden').notNull().default(false),
  intro: text('intro'),
  ...timestamps,
});

/**
 * A shareable list of apps made without an account (`/stacks/{id}`): the id is unguessable, the
 * creator's secret is kept only as its SHA-256.
 */
export const stacks = pgTable('stacks', {
  /** 128 random bits, base64url. */
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  secretHash: text('secret_hash').notNull(),
  /** Indexed by search engines only when the owner publishes it. */
  published: boolean('published').notNull().default(false),
  ...timestamps,
});

/** The apps of a stack in order, each with its note; an app deleted later keeps its name here. */
export const stackItems = pgTable(
  'stack_items',
  {
    stackId: text('stack_id')
      .notNull()
      .references(() => stacks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    /** The app's name when it was added: what the page says once the app is gone. */
    appName: text('app_name').notNull(),
    note: text('note'),
  },
  (table) => [primaryKey({ columns: [table.stackId, table.position] })],
);

/** Binary column: node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * What the search takes long to compute from the catalogue (the alternatives lists), saved by the instance that
 * computed it so that a new or restarted instance can load it instead (decision 0025). `fingerprint` is the
 * catalogue's summary when it was computed and `format` the engine's model version: a row matching neither is stale
 * and never used.
 */
export const searchSnapshots = pgTable('search_snapshots', {
  name: text('name').primaryKey(),
  format: text('format').notNull(),
  fingerprint: text('fingerprint').notNull(),
  data: bytea('data').notNull(),
  ...timestamps,
});
