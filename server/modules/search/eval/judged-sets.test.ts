import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalQuery } from './run-eval';

const here = import.meta.dirname;
const catalogue = JSON.parse(fs.readFileSync(path.join(here, 'data/catalog.json'), 'utf8')) as { tools: { name: string }[] };
const names = new Set(catalogue.tools.map((tool) => tool.name));
const sets = [
  ...['queries-public.json', 'queries-wild-public.json'].map((file) => path.join(here, 'data', file)),
  ...fs
    .readdirSync(path.join(here, 'fixtures'))
    .filter((file) => file.startsWith('queries-'))
    .map((file) => path.join(here, 'fixtures', file)),
];

// A judged app whose name is misspelt never matches an answer: the query would score as if the engine had missed it.
describe('the judged query sets', () => {
  it.each(sets.map((file) => [path.basename(file), file]))('%s judges only apps of the catalogue, each query once', (_, file) => {
    const queries = (JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: EvalQuery[] }).queries;
    expect(queries.length).toBeGreaterThan(0);
    expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    expect(new Set(queries.map((query) => query.query.toLowerCase())).size).toBe(queries.length);
    for (const query of queries) {
      const judged = Object.entries(query.relevant);
      expect(
        judged.some(([, grade]) => grade === 2),
        `${query.id} has an app graded 2`,
      ).toBe(true);
      for (const [name, grade] of judged) {
        expect(names.has(name), `${query.id}: ${name}`).toBe(true);
        expect([1, 2], `${query.id}: ${name}`).toContain(grade);
      }
    }
  });
});
