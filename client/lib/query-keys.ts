/**
 * Every public query's cache key root, in one place (the back office's are in admin-query-keys.ts, so
 * that the public pages' first load does not carry them), so that an invalidation can only name a key
 * some query uses. One style everywhere: a key is `queryKeys.x` itself or `[...queryKeys.x, ...parts]`
 * (`query-keys.test.ts` checks the client's sources). A key's first element is the URL it reads where
 * spec §7 asks for that; the public marketplace keys are names.
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'],
  authProviders: ['/api/auth/providers'],
  authDebug: ['/api/auth/debug'],
  categories: ['categories'],
  marketplace: ['marketplace'],
  search: ['search'],
  appDetail: ['app-detail'],
  blog: ['/api/blog'],
  alternatives: ['alternatives'],
  compare: ['compare'],
  tasks: ['tasks'],
  stacks: ['stacks'],
  reviews: ['reviews'],
  claimStatus: ['claim-status'],
  managedListing: ['managed-listing'],
} as const satisfies Record<string, readonly [string]>;
