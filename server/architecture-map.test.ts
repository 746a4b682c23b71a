import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is the map a newcomer reads first: its tree must name every server module,
 * every server/lib file and every client feature as they are on disk, once each, and nothing that
 * is gone. Adding a folder without its line fails here.
 */
const root = path.resolve(import.meta.dirname, '..');
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** Where the description starts on an entry line of the tree (names sit left of it). */
const DESCRIPTION_COLUMN = 26;

/** The entries of the tree block, as full paths ("server/modules/apps/", "server/lib/visitor.ts"), in order. */
function describedPaths(): string[] {
  const block = /```\n(server\/[\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const stack: { indent: number; name: string }[] = [];
  const paths: string[] = [];
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length;
    // A continuation line starts at the description column; an entry line has its name left of it.
    if (line.trim() === '' || indent >= DESCRIPTION_COLUMN) continue;
    const name = line.trim().split(/\s{2,}/)[0] ?? '';
    while (stack.length > 0 && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
    stack.push({ indent, name });
    paths.push(stack.map((entry) => entry.name).join(''));
  }
  return paths;
}

/** What a folder holds that the map must describe: its folders, or its source files (tests left out). */
function entriesOf(folder: string, kind: 'folders' | 'files'): string[] {
  return fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) =>
      kind === 'folders'
        ? entry.isDirectory()
        : entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => `${folder}/${entry.name}${kind === 'folders' ? '/' : ''}`)
    .sort();
}

const mapped = [
  { folder: 'server/modules', kind: 'folders' },
  { folder: 'server/lib', kind: 'files' },
  { folder: 'client/features', kind: 'folders' },
] as const;

describe('docs/architecture.md', () => {
  const paths = describedPaths();

  it('reads the tree (sanity: the parser finds the known entries)', () => {
    expect(paths).toContain('server/modules/apps/');
    expect(paths).toContain('server/lib/change-feed.ts');
    expect(paths).toContain('client/features/marketplace/');
  });

  for (const { folder, kind } of mapped) {
    it(`describes every entry of ${folder}/ once, and none that is gone`, () => {
      const onDisk = entriesOf(folder, kind);
      const inMap = paths.filter(
        (entry) =>
          entry.startsWith(`${folder}/`) &&
          entry !== `${folder}/` &&
          entry
            .slice(folder.length + 1)
            .replace(/\/$/, '')
            .split('/').length === 1,
      );
      expect(
        onDisk.filter((entry) => !inMap.includes(entry)),
        'on disk, missing from the map',
      ).toEqual([]);
      expect(
        inMap.filter((entry) => !onDisk.includes(entry)),
        'in the map, not on disk',
      ).toEqual([]);
      expect(
        inMap.filter((entry, index) => inMap.indexOf(entry) !== index),
        'described twice',
      ).toEqual([]);
    });
  }

  it('has no entry twice anywhere in the tree', () => {
    expect(paths.filter((entry, index) => paths.indexOf(entry) !== index)).toEqual([]);
  });
});
