import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { resolve } from 'node:path';

/**
 * Per-query changes of the search against a saved run: `npm run eval:search -- --save-baseline` stores, per query
 * set and query id, the nDCG@10 and the top five names; a later run lists the queries that moved and the mean change
 * per set and style, so a ranking change is reviewed query by query rather than as one average.
 */

/** Where the committed baseline lives. */
export const DEFAULT_BASELINE_PATH = resolve(import.meta.dirname, 'baseline.json');

/** What the baseline keeps of one query. */
export interface BaselineEntry {
  /**
   * A fingerprint of the query's text (`queryFingerprint`): a kept-back set may reuse ids for other queries; those
   * count as new, not changed. Not the text itself, so the committed file holds no evaluation wording.
   */
  queryHash: string;
  ndcg: number;
  top5: string[];
}

/** The saved file: query set label → query id → entry. */
export interface BaselineFile {
  note: string;
  savedAt: string;
  sets: Record<string, Record<string, BaselineEntry>>;
}

/** The current run of one query, as compared with the baseline. */
export interface CurrentRow {
  id: string;
  query: string;
  style: string;
  ndcg: number;
  ranked: readonly string[];
}

export interface QueryChange {
  id: string;
  query: string;
  style: string;
  before: number;
  after: number;
  beforeTop5: string[];
  afterTop5: string[];
}

export interface SetDiff {
  /** Queries whose nDCG@10 moved by at least the threshold, largest moves first. */
  changes: QueryChange[];
  /** Mean change of nDCG@10 over the queries present in both runs. */
  meanChange: number;
  /** Mean change per style over the same queries. */
  meanChangeByStyle: Record<string, number>;
  /** How many queries were compared, and the ids of queries new since the baseline (or whose text changed). */
  compared: number;
  added: string[];
}

/** The smallest move of nDCG@10 worth listing. */
export const CHANGE_THRESHOLD = 0.05;

/** A short SHA-256 of a query's text, enough to tell a reworded query under a known id. */
export function queryFingerprint(query: string): string {
  return createHash('sha256').update(query).digest('hex').slice(0, 16);
}

/** The baseline entries of one run of a query set. */
export function baselineEntries(rows: readonly CurrentRow[]): Record<string, BaselineEntry> {
  const out: Record<string, BaselineEntry> = {};
  // Rounded so that the committed file does not churn on floating-point noise.
  for (const row of rows)
    out[row.id] = {
      queryHash: queryFingerprint(row.query),
      ndcg: Math.round(row.ndcg * 10000) / 10000,
      top5: row.ranked.slice(0, 5),
    };
  return out;
}

/** Compares one query set's current run with its saved entries. */
export function diffAgainstBaseline(
  saved: Readonly<Record<string, BaselineEntry>>,
  rows: readonly CurrentRow[],
  threshold = CHANGE_THRESHOLD,
): SetDiff {
  const changes: QueryChange[] = [];
  const added: string[] = [];
  const byStyle = new Map<string, number[]>();
  const all: number[] = [];
  for (const row of rows) {
    const before = saved[row.id];
    if (!before || before.queryHash !== queryFingerprint(row.query)) {
      added.push(row.id);
      continue;
    }
    // Compared at the baseline's precision, so an unchanged query shows no change.
    const delta = Math.round(row.ndcg * 10000) / 10000 - before.ndcg;
    all.push(delta);
    byStyle.set(row.style, [...(byStyle.get(row.style) ?? []), delta]);
    if (Math.abs(delta) >= threshold - 1e-9) {
      changes.push({
        id: row.id,
        query: row.query,
        style: row.style,
        before: before.ndcg,
        after: row.ndcg,
        beforeTop5: before.top5,
        afterTop5: row.ranked.slice(0, 5),
      });
    }
  }
  const mean = (values: readonly number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    changes: changes.sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || a.id.localeCompare(b.id)),
    meanChange: mean(all),
    meanChangeByStyle: Object.fromEntries(
      [...byStyle].sort(([a], [b]) => a.localeCompare(b)).map(([style, deltas]) => [style, mean(deltas)]),
    ),
    compared: all.length,
    added,
  };
}

/** Reads a baseline file; null when there is none or it cannot be read. */
export function readBaseline(path: string = DEFAULT_BASELINE_PATH): BaselineFile | null {
  if (!fs.existsSync(path)) return null;
  try {
    return JSON.parse(fs.readFileSync(path, 'utf8')) as BaselineFile;
  } catch {
    return null;
  }
}

/** Writes a baseline file (one line per query, so a diff of the file reads query by query). */
export function writeBaseline(
  sets: Record<string, Record<string, BaselineEntry>>,
  path: string = DEFAULT_BASELINE_PATH,
  savedAt = new Date().toISOString(),
): void {
  const note =
    'Per-query nDCG@10 and top five of the search, saved by `npm run eval:search -- --save-baseline`; a normal run lists the changes against it.';
  const setBlocks = Object.entries(sets).map(([label, entries]) => {
    const lines = Object.entries(entries).map(([id, entry]) => `      ${JSON.stringify(id)}: ${JSON.stringify(entry)}`);
    return `    ${JSON.stringify(label)}: {\n${lines.join(',\n')}\n    }`;
  });
  fs.writeFileSync(
    path,
    `{\n  "note": ${JSON.stringify(note)},\n  "savedAt": ${JSON.stringify(savedAt)},\n  "sets": {\n${setBlocks.join(',\n')}\n  }\n}\n`,
  );
}
