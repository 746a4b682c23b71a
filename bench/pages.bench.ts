/**
 * Page budgets (run: `npm run bench:pages`; build the client first with `npm run build`).
 * Starts the real server on a fresh embedded database with the demo catalogue, then measures:
 *  1. the JavaScript each measured page loads, gzipped (the home page's budget ≤ 100 KB; no page
 *     loads an admin chunk);
 *  2. Lighthouse (mobile, the default), median of 3 runs, on the home page, an app page, an
 *     alternatives page, a blog post, a category page, the task index, a task page, a stack and the
 *     Saved page: performance ≥ 0.95, accessibility, best practices and SEO
 *     1.0 (the Saved page is noindex by design: its SEO score leaves out "is crawlable"), listing the
 *     audits that cost points in the median run.
 *
 * Options: BENCH_LIGHTHOUSE_RUNS (default 3; 0 measures only the JavaScript).
 *
 * The logo service is on the internet, which these machines cannot reach: by default the run sets
 * LOGO_SERVICE_URL to empty (cards then show their placeholder icons) so that failed image requests
 * do not count as console errors. Set BENCH_LOGO_SERVICE_URL to measure with a reachable service.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBenchServer } from './support/bench-server';

const run = promisify(execFile);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const HOME_JS_BUDGET_BYTES = 100 * 1024;
const TARGETS = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 } as const;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
}

/** The gzipped JavaScript a page loads (with its budget, if it has one); false when over it or loading admin code. */
async function measureJavaScript(url: string, budgetBytes: number | null): Promise<boolean> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--headless=new', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; body: Buffer }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.push({ url: response.url(), body: await response.body() });
      } catch {
        // A response without a body (aborted) has nothing to weigh.
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('html[data-started="true"]').waitFor({ state: 'attached' });
    let total = 0;
    console.log(`JavaScript loaded by ${new URL(url).pathname}:`);
    for (const script of scripts) {
      const gzipped = zlib.gzipSync(script.body, { level: 9 }).length;
      total += gzipped;
      console.log(
        `  ${new URL(script.url).pathname.padEnd(48)} ${(script.body.length / 1024).toFixed(1).padStart(7)} KB raw ${(gzipped / 1024).toFixed(1).padStart(7)} KB gzip`,
      );
    }
    const adminChunks = scripts.filter((script) => /admin/i.test(new URL(script.url).pathname));
    const withinBudget = (budgetBytes === null || total <= budgetBytes) && adminChunks.length === 0;
    const budget = budgetBytes === null ? 'no budget' : `budget ${budgetBytes / 1024} KB`;
    console.log(
      `  total ${(total / 1024).toFixed(1)} KB gzip (${budget}); admin chunks loaded: ${adminChunks.length}: ${withinBudget ? 'met' : 'MISSED'}`,
    );
    return withinBudget;
  } finally {
    await browser.close();
  }
}

async function lighthouseReport(url: string): Promise<LighthouseReport> {
  // Lighthouse sometimes loses the trace of a page load (NO_NAVSTART) on a busy machine: try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { stdout } = await run(
        path.resolve('node_modules/.bin/lighthouse'),
        [
          url,
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
          '--only-categories=performance,accessibility,best-practices,seo',
          '--output=json',
          '--output-path=stdout',
          '--quiet',
        ],
        { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
      );
      const report = JSON.parse(stdout) as LighthouseReport & { runtimeError?: { code: string } };
      if (!report.runtimeError) return report;
      if (attempt >= 3) throw new Error(`Lighthouse failed: ${report.runtimeError.code}`);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
    console.log(`  (Lighthouse run ${attempt} failed; retrying)`);
  }
}

/** A category's score without some audits (a noindex page is not judged on being indexable). */
function scoreWithout(report: LighthouseReport, id: string, skipped: ReadonlySet<string>): number {
  const refs = (report.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && !skipped.has(ref.id));
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return weight === 0 ? 1 : refs.reduce((sum, ref) => sum + ref.weight * (report.audits[ref.id]?.score ?? 0), 0) / weight;
}

async function lighthouse(url: string, noindex = false): Promise<boolean> {
  // The Saved page is private by design (noindex): every other SEO audit still has to pass.
  const skipped: ReadonlySet<string> = new Set(noindex ? ['is-crawlable'] : []);
  const reports: LighthouseReport[] = [];
  for (let index = 0; index < LIGHTHOUSE_RUNS; index += 1) reports.push(await lighthouseReport(url));
  // The median run by performance score stands for the page (one slow run on a busy machine is noise).
  const scores = reports.map((item) => item.categories.performance?.score ?? 0);
  const report =
    [...reports].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))[
      Math.floor(reports.length / 2)
    ] ?? reports[0];
  if (!report) throw new Error('no Lighthouse run');
  let ok = true;
  console.log(
    `Lighthouse (mobile) ${url}: performance of the ${reports.length} runs ${scores.map((score) => score.toFixed(2)).join(', ')}; the median run:`,
  );
  for (const [id, target] of Object.entries(TARGETS)) {
    const category = report.categories[id];
    const score = id === 'seo' && skipped.size > 0 ? scoreWithout(report, id, skipped) : (category?.score ?? 0);
    const met = score >= target;
    ok &&= met;
    console.log(`  ${id.padEnd(15)} ${score.toFixed(2)} (target ${target}) ${met ? 'met' : 'MISSED'}`);
    for (const ref of category?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (
        !audit ||
        ref.weight === 0 ||
        audit.score === null ||
        audit.score >= 1 ||
        audit.scoreDisplayMode === 'informative' ||
        skipped.has(ref.id)
      )
        continue;
      console.log(`      - ${audit.title} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
    }
  }
  for (const metric of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    const audit = report.audits[metric];
    if (audit) console.log(`      ${audit.title}: ${audit.displayValue ?? audit.score}`);
  }
  return ok;
}

async function main(): Promise<void> {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('Build the client first: npm run build');
  const server = await startBenchServer({ env: { LOGO_SERVICE_URL: process.env.BENCH_LOGO_SERVICE_URL ?? '' } });
  const { base } = server;
  try {
    const [first] = (await (await fetch(`${base}/api/marketplace?limit=1`)).json()) as {
      categorySlug: string;
      nameSlug: string;
    }[];
    const [post] = (await (await fetch(`${base}/api/blog`)).json()) as { slug: string }[];
    const tasks = (await (await fetch(`${base}/api/v1/tasks`)).json()) as { slug: string; appCount: number }[];
    const task = [...tasks].sort((a, b) => b.appCount - a.appCount)[0];
    // A stack of the first trending apps, made through the API as a visitor would.
    const trending = (await (await fetch(`${base}/api/marketplace?limit=5`)).json()) as { id: number }[];
    const stackResponse = await fetch(`${base}/api/stacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        title: 'Bench stack',
        published: true,
        apps: trending.map((app) => ({ id: app.id, note: 'A note about this app.' })),
      }),
    });
    const stack = (await stackResponse.json()) as { id?: string };
    if (!first || !post || !task || !stack.id) throw new Error('The demo catalogue is empty.');
    const pages: { url: string; jsBudget: number | null; noindex?: boolean }[] = [
      { url: `${base}/`, jsBudget: HOME_JS_BUDGET_BYTES },
      { url: `${base}/ai-apps/${first.categorySlug}/${first.nameSlug}`, jsBudget: null },
      { url: `${base}/ai-apps/${first.categorySlug}/${first.nameSlug}/alternatives`, jsBudget: null },
      { url: `${base}/blog/${post.slug}`, jsBudget: null },
      { url: `${base}/ai-apps/${first.categorySlug}`, jsBudget: null },
      { url: `${base}/best`, jsBudget: null },
      { url: `${base}/best/${task.slug}`, jsBudget: null },
      { url: `${base}/stacks/${stack.id}`, jsBudget: null },
      { url: `${base}/saved`, jsBudget: null, noindex: true },
    ];
    const results: boolean[] = [];
    for (const page of pages) results.push(await measureJavaScript(page.url, page.jsBudget));
    if (LIGHTHOUSE_RUNS > 0) for (const page of pages) results.push(await lighthouse(page.url, page.noindex));
    if (results.includes(false)) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
