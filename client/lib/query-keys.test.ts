import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  adminQueryKeys,
  invalidateAppData,
  invalidateBlogData,
  invalidateCategoryData,
  invalidateDiscoveryData,
} from './admin-query-keys';
import { queryKeys } from './query-keys';

const clientDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sources = sourceFiles(clientDir).map((file) => ({
  file: path.relative(clientDir, file),
  text: fs.readFileSync(file, 'utf8'),
}));
/** Both registries: the public pages' and the back office's. */
const registries = { queryKeys, adminQueryKeys } as const;
const registeredRoots = new Set<string>([...Object.values(queryKeys), ...Object.values(adminQueryKeys)].map(([root]) => root));

/**
 * Every cache key the client names: what follows `queryKey:` and the key argument of the query
 * client's key-taking methods, each with the file it is in.
 */
function keyExpressions(): { file: string; expression: string }[] {
  const found: { file: string; expression: string }[] = [];
  for (const { file, text } of sources) {
    if (file === 'lib/query-keys.ts' || file === 'lib/admin-query-keys.ts') continue;
    for (const match of text.matchAll(
      /(?:queryKey:\s*|\.(?:set|get)QueryData(?:<[^>]*>)?\(\s*)(\[\.\.\.[\w.]+|\[[^\]]*\]|[\w.]+)/g,
    )) {
      found.push({ file, expression: match[1] ?? '' });
    }
  }
  return found;
}

/** The one style: `queryKeys.<root>` whole, or `[...queryKeys.<root>, …]` for a key under that root (adminQueryKeys alike). */
const KEY_STYLE = /^(?:\[\.\.\.)?(queryKeys|adminQueryKeys)\.(\w+)$/;

/** The registry entry a key expression names ("adminQueryKeys.apiKeys"), or null when off style or unregistered. */
function registeredName(expression: string): string | null {
  const [, registry, name] = KEY_STYLE.exec(expression) ?? [];
  if (!registry || !name) return null;
  return Object.hasOwn(registries[registry as keyof typeof registries], name) ? `${registry}.${name}` : null;
}

/** A client that records the keys it is asked to invalidate. */
function recordingClient(): { client: QueryClient; invalidated: string[] } {
  const invalidated: string[] = [];
  const client = new QueryClient();
  client.invalidateQueries = (async (filters?: { queryKey?: readonly unknown[] }) => {
    invalidated.push(String(filters?.queryKey?.[0]));
  }) as QueryClient['invalidateQueries'];
  return { client, invalidated };
}

describe('query keys', () => {
  it('every key of the client is built from the registry in the one style', () => {
    const expressions = keyExpressions();
    expect(expressions.length).toBeGreaterThan(40);
    const offStyle = expressions.filter(({ expression }) => registeredName(expression) === null);
    expect(offStyle.map(({ file, expression }) => `${file}: ${expression}`)).toEqual([]);
  });

  it('every registered key root is read by some query, so invalidating it refreshes something', () => {
    const used = new Set(keyExpressions().map(({ expression }) => registeredName(expression)));
    const all = Object.entries(registries).flatMap(([registry, keys]) => Object.keys(keys).map((name) => `${registry}.${name}`));
    expect(all.filter((name) => !used.has(name))).toEqual([]);
  });

  it('each write invalidates registered keys, the public category list and the Discover figures included', async () => {
    for (const invalidate of [invalidateAppData, invalidateCategoryData, invalidateDiscoveryData, invalidateBlogData]) {
      const { client, invalidated } = recordingClient();
      await invalidate(client);
      expect(invalidated.length).toBeGreaterThan(0);
      expect(invalidated.filter((root) => !registeredRoots.has(root))).toEqual([]);
    }
    const categories = recordingClient();
    await invalidateCategoryData(categories.client);
    expect(categories.invalidated).toContain(queryKeys.categories[0]);
    const apps = recordingClient();
    await invalidateAppData(apps.client);
    expect(apps.invalidated).toContain(adminQueryKeys.discoveryStats[0]);
  });
});
