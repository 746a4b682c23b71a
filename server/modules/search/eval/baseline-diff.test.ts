import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  baselineEntries,
  diffAgainstBaseline,
  queryFingerprint,
  readBaseline,
  writeBaseline,
  type CurrentRow,
} from './baseline-diff';

const row = (
  id: string,
  ndcg: number,
  style = 'short',
  ranked = ['A', 'B', 'C', 'D', 'E', 'F'],
  query = `query ${id}`,
): CurrentRow => ({ id, query, style, ndcg, ranked });

describe('baseline diff', () => {
  const saved = baselineEntries([row('q1', 0.5), row('q2', 0.8, 'typo'), row('q3', 0.3, 'typo'), row('q4', 1 / 3)]);

  it('keeps a fingerprint of the query (not its text), a rounded nDCG@10 and the top five', () => {
    expect(saved.q1).toEqual({ queryHash: queryFingerprint('query q1'), ndcg: 0.5, top5: ['A', 'B', 'C', 'D', 'E'] });
    expect(JSON.stringify(saved)).not.toContain('query q1');
    expect(saved.q4?.ndcg).toBe(0.3333);
  });

  it('lists queries that moved by at least 0.05, largest first, with the mean change per set and style', () => {
    const diff = diffAgainstBaseline(saved, [
      row('q1', 0.9, 'short', ['X', 'A']),
      row('q2', 0.75, 'typo'),
      row('q3', 0.32, 'typo'),
      row('q4', 1 / 3),
      row('q5', 1),
    ]);
    expect(diff.changes.map((change) => [change.id, change.before, change.after])).toEqual([
      ['q1', 0.5, 0.9],
      ['q2', 0.8, 0.75],
    ]);
    expect(diff.changes[0]?.afterTop5).toEqual(['X', 'A']);
    expect(diff.changes[0]?.beforeTop5).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(diff.compared).toBe(4);
    expect(diff.added).toEqual(['q5']);
    expect(diff.meanChange).toBeCloseTo((0.4 - 0.05 + 0.02 + 0) / 4, 4);
    expect(diff.meanChangeByStyle.short).toBeCloseTo(0.2, 4);
    expect(diff.meanChangeByStyle.typo).toBeCloseTo(-0.015, 4);
  });

  it('shows no change for an unchanged run and treats a reworded query under a known id as new', () => {
    const same = diffAgainstBaseline(saved, [row('q1', 0.5), row('q4', 1 / 3)]);
    expect(same.changes).toEqual([]);
    expect(same.meanChange).toBe(0);
    const reworded = diffAgainstBaseline(saved, [row('q1', 0.1, 'short', [], 'another query')]);
    expect(reworded.added).toEqual(['q1']);
    expect(reworded.compared).toBe(0);
  });

  it('writes a file it reads back, and reads a missing or broken file as no baseline', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-'));
    const file = path.join(dir, 'baseline.json');
    expect(readBaseline(file)).toBeNull();
    writeBaseline({ 'queries-public': saved }, file, '2026-01-01T00:00:00.000Z');
    const read = readBaseline(file);
    expect(read?.savedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(read?.sets['queries-public']).toEqual(saved);
    fs.writeFileSync(file, '{ not json');
    expect(readBaseline(file)).toBeNull();
    fs.rmSync(dir, { recursive: true });
  });
});
