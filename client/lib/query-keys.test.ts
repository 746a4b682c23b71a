import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAppData, invalidateBlogData, invalidateCategoryData, invalidateDiscoveryData, queryKeys } from './query-keys';

const clientDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sources = sourceFiles(clientDir).map((file) => ({ file: path.relative(clientDir, file), text: fs.readFileSync(file, 'utf8') }));
const registeredRoots = new Set<string>(Object.values(queryKeys).map(([root]) => root));

/** The roots every `useQuery` of the client reads: a string literal, or a `queryKeys.x` entry (spread, indexed or whole). */
function queriedRoots(): Map<string, string> {
  const roots = new Map<string, string>();
  const constants = new Map<string, string>();
  for (const { text } of sources) {
    for (const match of text.matchAll(/const \[(\w+)\] = queryKeys\.(\w+);/g)) constants.set(match[1] ?? '', queryKeys[match[2] as keyof typeof queryKeys][0]);
    for (const match of text.matchAll(/const (\w+_KEY) = '([^']+)';/g)) constants.set(match[1] ?? '', match[2] ?? '');
  }
  for (const { file, text } of sources) {
    if (file === 'lib/query-keys.ts') continue;
    for (const match of text.matchAll(/queryKey:\s*(\[[^\]]*\]|[\w.]+)/g)) {
      if (/invalidateQueries\(\{\s*$/.test(text.slice(Math.max(0, (match.index ?? 0) - 40), match.index))) continue;
      const expression = match[1] ?? '';
      const literal = /^\[\s*'([^']+)'/.exec(expression)?.[1];
      const viaRegistry = /queryKeys\.(\w+)/.exec(expression)?.[1];
      const viaConstant = /^\[\s*(\w+)/.exec(expression)?.[1];
      const root = literal ?? (viaRegistry ? queryKeys[viaRegistry as keyof typeof queryKeys]?.[0] : undefined) ?? constants.get(viaConstant ?? '') ?? (expression === 'CURRENT_USER_KEY' ? queryKeys.currentUser[0] : undefined) ?? (/^\[\.\.\.key\b/.test(expression) ? 'dynamic' : undefined);
      roots.set(root ?? `unrecognised ${expression} in ${file}`, file);
    }
  }
  return roots;
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
  it('every query of the client reads a registered key root', () => {
    const roots = queriedRoots();
    // The app page builds its key from the reference it shows; its root is the literal before the spread.
    roots.delete('dynamic');
    const unregistered = [...roots.keys()].filter((root) => !registeredRoots.has(root));
    expect(unregistered).toEqual([]);
  });

  it('every registered key root is read by some query, so invalidating it refreshes something', () => {
    const roots = new Set(queriedRoots().keys());
    const appDetail = sources.some(({ text }) => text.includes(`['${queryKeys.appDetail[0]}', 'id'`));
    const unused = [...registeredRoots].filter((root) => !roots.has(root) && !(root === queryKeys.appDetail[0] && appDetail));
    expect(unused).toEqual([]);
  });

  it('no invalidation names a key outside the registry', () => {
    const literal = sources.filter(({ file, text }) => file !== 'lib/query-keys.ts' && /invalidateQueries\(\{\s*queryKey:\s*\[\s*'/.test(text)).map(({ file }) => file);
    expect(literal).toEqual([]);
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
    expect(apps.invalidated).toContain(queryKeys.discoveryStats[0]);
  });
});
