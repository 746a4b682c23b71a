/**
 * `npm run bench:search-queries [-- --queries 1000 --rounds 3 --profile DIR --answers FILE]`: the server CPU one
 * *computed* search costs, as `POST /api/search` computes it (the service's answer with the search cache
 * bypassed, the task link's query reading, the answer's JSON), on the evaluation catalogue imported into PGlite the
 * way `npm run eval:search` does. The queries are generated (deterministic, never the evaluation query files): the
 * load bench's phrasings with a number, phrasings of the catalogue's own use cases and features, the same with a
 * typo or two words run together, other languages, and named apps ("alternatives to X", "X vs Y", "X for kids").
 * Prints CPU ms per query (mean, p50, p95, max; `process.cpuUsage`, so a busy machine stretches wall time, not
 * these) overall and per kind, with the load average. `--profile DIR` writes a CPU profile of the measured rounds
 * (the sampling profiler `--cpu-prof` uses) and prints the functions with the most self time; `--answers FILE`
 * writes the SHA-256 of every query's whole answer (apps, order, reasons, evidence, confidence, chips, task link;
 * for every fifth query also its answers with a price filter and a limit, a category, and its first chip set aside),
 * one line per query, to compare two versions of the engine.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { startEvalCatalogue } from '../server/cli/eval-catalogue';
import { jsonText } from '../server/lib/json-text';
import type { CatalogTool } from '../server/modules/search/eval/catalog-loader';
import { rng } from '../server/modules/search/eval/synthesize';
import { EVAL_DIR } from './support/bench-catalogue';
import { FOREIGN_QUERIES, LOAD_MIX_PHRASES } from './support/bench-queries';

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    profile: { type: 'string' },
    answers: { type: 'string' },
  },
});
const QUERY_COUNT = Number(values.queries);
const ROUNDS = Number(values.rounds);

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const catalogue = (JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'catalog.json'), 'utf8')) as { tools: CatalogTool[] }).tools;

// Five more everyday needs beside the benches' shared ones, written for this bench.
const FOREIGN = [
  ...FOREIGN_QUERIES,
  'crear presentaciones con inteligencia artificial',
  'écrire des articles de blog',
  'Videos schneiden und bearbeiten',
  'gerar imagens para redes sociais',
  'tradurre documenti in inglese',
];
const TEMPLATES = [
  '{x}',
  'I need something for {x}',
  'free tool for {x}',
  'what app helps with {x}?',
  'best ai for {x} on my phone',
];

type Kind = 'load mix' | 'catalogue phrase' | 'typed' | 'foreign' | 'named';
function generate(count: number): { query: string; kind: Kind }[] {
  const next = rng(25);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const phrases = catalogue
    .flatMap((tool) => [...(tool.useCases ?? []), ...(tool.features ?? [])])
    .map((text) => text.toLowerCase());
  const names = catalogue.map((tool) => tool.name);
  const typo = (query: string) => {
    const words = query.split(' ');
    const at = words.findIndex((word) => word.length >= 6);
    if (at >= 0) {
      const w = words[at] as string;
      words[at] = w.slice(0, 2) + w[3] + w[2] + w.slice(4);
    } else if (words.length >= 2) words.splice(0, 2, `${words[0]}${words[1]}`);
    return words.join(' ');
  };
  const seen = new Set<string>();
  const out: { query: string; kind: Kind }[] = [];
  while (out.length < count) {
    const roll = next();
    let entry: { query: string; kind: Kind };
    if (roll < 0.4)
      entry = { query: `${pick(LOAD_MIX_PHRASES)} ${pick(LOAD_MIX_PHRASES)} ${Math.floor(next() * 1000)}`, kind: 'load mix' };
    else if (roll < 0.65) entry = { query: pick(TEMPLATES).replace('{x}', pick(phrases)), kind: 'catalogue phrase' };
    else if (roll < 0.8) entry = { query: typo(pick(TEMPLATES).replace('{x}', pick(phrases))), kind: 'typed' };
    else if (roll < 0.9)
      entry = { query: `${pick(FOREIGN)}${next() < 0.5 ? '' : ` ${Math.floor(next() * 100)}`}`, kind: 'foreign' };
    else {
      const form = Math.floor(next() * 4);
      const name = pick(names);
      const query =
        form === 0
          ? `alternatives to ${name}`
          : form === 1
            ? `${name} vs ${pick(names)}`
            : form === 2
              ? `${name} for ${pick(LOAD_MIX_PHRASES)}`
              : `free ${name} alternative`;
      entry = { query, kind: 'named' };
    }
    if (seen.has(entry.query)) continue;
    seen.add(entry.query);
    out.push(entry);
  }
  return out;
}

const { database, service, ids: importedIds } = await startEvalCatalogue(catalogue);
// The task link's reading is cached beside the answers; both caches are emptied between rounds.
const caches = service as unknown as { answers: { clear(): void }; queryTasks: { clear(): void } };
const clearCaches = () => {
  caches.answers.clear();
  caches.queryTasks.clear();
};

/**
 * What `POST /api/search` computes for a query it has not seen: the answer (which the search cache weighs by its
 * JSON), its task link's reading and the answer's JSON text as the route sends it (`jsonText`).
 */
const answer = async (query: string) => {
  const result = await service.search(query);
  const task = result.intent ? null : service.taskConceptOfQuery(query);
  jsonText(result);
  return { result, task };
};
/**
 * The whole answer as one text, for its hash (outside the measured time); the listings' timestamps (`createdAt`, …:
 * when this run imported them) are left out, so two runs' hashes differ only when an answer does.
 */
const wholeText = ({ result, task }: Awaited<ReturnType<typeof answer>>) =>
  JSON.stringify(task ? { ...result, task } : result, (key, value: unknown) =>
    typeof value === 'string' && /At$/.test(key) ? '(time)' : value,
  );

const queries = generate(QUERY_COUNT);
for (const { query } of generate(QUERY_COUNT + 100).slice(QUERY_COUNT)) await answer(query);
clearCaches();

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const session = values.profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
console.log(
  `${queries.length} distinct queries × ${ROUNDS} rounds on ${importedIds.length} apps, cache bypassed (load average before: ${load()})`,
);
const times = new Map<Kind | 'all', number[]>();
const hashes: string[] = [];
const wallStarted = performance.now();
const cpuStarted = process.cpuUsage();
for (let round = 0; round < ROUNDS; round++) {
  clearCaches();
  for (const { query, kind } of queries) {
    const started = process.cpuUsage();
    const answered = await answer(query);
    const ms = cpuMs(started);
    for (const key of ['all', kind] as const) (times.get(key) ?? times.set(key, []).get(key)!).push(ms);
    if (round === 0) {
      // Outside the measured time: every fifth query also as the public API and a chip's removal ask it (filters, a
      // limit, one understood chip set aside), so the hash covers those paths of the engine too.
      let text = wholeText(answered);
      if (hashes.length % 5 === 0) {
        const chip = answered.result.understood.chips[0]?.id;
        for (const options of [
          { pricing: 'free' as const, limit: 5 },
          { category: 'productivity' },
          { without: chip ? [chip] : [] },
        ])
          text += wholeText({ result: await service.search(query, options), task: null });
      }
      hashes.push(`${crypto.createHash('sha256').update(text).digest('hex')}  ${query}`);
    }
  }
}
const totalCpu = cpuMs(cpuStarted);
const wall = performance.now() - wallStarted;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
console.log('kind                 queries   mean    p50    p95    max   (CPU ms per query)');
for (const [kind, list] of times) {
  const sorted = [...list].sort((a, b) => a - b);
  const mean = list.reduce((sum, value) => sum + value, 0) / list.length;
  console.log(
    `${kind.padEnd(20)} ${String(list.length / ROUNDS).padStart(7)} ${[
      mean,
      percentile(sorted, 0.5),
      percentile(sorted, 0.95),
      sorted[sorted.length - 1] ?? 0,
    ]
      .map((value) => value.toFixed(2).padStart(6))
      .join(' ')}`,
  );
}
console.log(
  `in all: ${(totalCpu / 1000).toFixed(2)} s CPU, ${(wall / 1000).toFixed(2)} s wall for ${queries.length * ROUNDS} answers (load average after: ${load()})`,
);
const digest = crypto.createHash('sha256').update(hashes.join('\n')).digest('hex');
console.log(`answers SHA-256 (first round, all queries): ${digest}`);
if (values.answers) fs.writeFileSync(values.answers, `${hashes.join('\n')}\n`);

if (session && values.profile) {
  const { profile } = (await session.post('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  fs.mkdirSync(values.profile, { recursive: true });
  const file = path.join(values.profile, `search-queries-${Date.now()}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    if (!node) return;
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  console.log(`\nprofile ${file}; self time, top 40:`);
  for (const [key, value] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${((value / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
await service.stop();
await database.close();
process.exit(0);
