// `npm test`: unit and database tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then the
// browser suite in Debian's Chromium. Without Chromium the browser suite is skipped with a clear
// message, except under CI=true where a missing browser is a failure. Ends with one summary line
// "tests: N passed, N failed" over both suites.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
// As e2e/support/e2e-config.ts chooses it: the headless shell when installed (much cheaper per test), else Chromium.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** A SHA-256 over the paths and contents of these files and folders (recursively, in a stable order). */
function fingerprintOf(entries) {
  const hash = crypto.createHash('sha256');
  const visit = (relative) => {
    const absolute = path.join(root, relative);
    const stat = fs.statSync(absolute, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(absolute).sort()) visit(path.join(relative, name));
    } else if (stat.isFile()) {
      hash.update(`${relative}\0`).update(fs.readFileSync(absolute)).update('\0');
    }
  };
  for (const entry of entries) visit(entry);
  return hash.digest('hex');
}

function finish(code) {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  fs.rmSync(reports, { recursive: true, force: true });
  process.exit(code);
}

console.log(
  process.env.TEST_DATABASE_URL
    ? '▶ Unit and database tests (PGlite and PostgreSQL)'
    : '▶ Unit and database tests (PGlite; set TEST_DATABASE_URL to also run them on PostgreSQL)',
);
const vitestReport = path.join(reports, 'vitest.json');
const unit = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
if (unit !== 0) finish(unit);

if (!fs.existsSync(chromium)) {
  const message = `Browser suite SKIPPED: no Chromium at ${chromium}. Install it with: sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH).`;
  if (ci) {
    console.error(`✖ ${message} Under CI=true a missing browser is a failure.`);
    finish(1);
  }
  console.warn(`⚠ ${message}`);
  finish(0);
}

// The client and its server renderer are rebuilt only when their inputs changed since npm test last built them.
// The stamp holds a SHA-256 over every file the builds read (the client, the shared code it imports, the configs
// and the lockfile) and the time of the index.html that build wrote, so a build made since by other means is not
// taken for it. It is written only after both builds succeed, beside (not inside) the served folders.
const clientInputs = ['client', 'shared', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
const builtIndex = path.join(root, 'dist/client/index.html');
const builtRenderer = path.join(root, 'dist/server/entry-server.js');
const buildStamp = path.join(root, 'dist/client-build.stamp');
const indexTime = () => fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 'none';
const fingerprint = fingerprintOf(clientInputs);
if (fs.existsSync(builtRenderer) && readText(buildStamp) === `${fingerprint} ${indexTime()}`) {
  console.log('▶ Client and server renderer already built from these sources (dist/client-build.stamp): build skipped');
} else {
  console.log('▶ Building the client and its server renderer for the browser suite');
  fs.rmSync(buildStamp, { force: true });
  // The browser's bundles, then the server renderer built from the same sources (issue 12).
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const build =
    run(process.execPath, [vite, 'build', '--logLevel', 'warn']) ||
    run(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn']);
  if (build !== 0) finish(build);
  fs.writeFileSync(buildStamp, `${fingerprint} ${indexTime()}`);
}

console.log('▶ Browser suite (Playwright, Debian Chromium)');
const playwrightReport = path.join(reports, 'playwright.json');
const browser = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
const stats = readJson(playwrightReport)?.stats;
if (stats) {
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}
finish(browser);
