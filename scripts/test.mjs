// `npm test`: unit and database tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then the
// browser suite in Debian's Chromium. Without Chromium the browser suite is skipped with a clear
// message, except under CI=true where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';

console.log(process.env.TEST_DATABASE_URL ? '▶ Unit and database tests (PGlite and PostgreSQL)' : '▶ Unit and database tests (PGlite; set TEST_DATABASE_URL to also run them on PostgreSQL)');
const unit = run(bin('vitest'), ['run']);
if (unit !== 0) process.exit(unit);

if (!fs.existsSync(chromium)) {
  const message = `Browser suite SKIPPED: no Chromium at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`;
  if (ci) {
    console.error(`✖ ${message} Under CI=true a missing browser is a failure.`);
    process.exit(1);
  }
  console.warn(`⚠ ${message}`);
  process.exit(0);
}

console.log('▶ Building the client for the browser suite');
const build = run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
if (build !== 0) process.exit(build);

console.log('▶ Browser suite (Playwright, Debian Chromium)');
process.exit(run(bin('playwright'), ['test']));
