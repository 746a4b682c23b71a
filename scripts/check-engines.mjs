// `node scripts/check-engines.mjs [package-lock.json]`: every installed package must run on the oldest Node.js the
// project promises (package.json "engines.node", e.g. ">=20.19" → 20.19.0), whatever Node runs this check; npm's own
// EBADENGINE warning only compares with the Node doing the install. Exits 1 with the packages that ask for more.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const lockPath = path.resolve(process.argv[2] ?? path.join(root, 'package-lock.json'));
const promise = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const oldest = semver.minVersion(promise)?.version;
if (!oldest) {
  console.error(`package.json engines.node "${promise}" names no oldest version.`);
  process.exit(2);
}
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const problems = Object.entries(lock.packages ?? {})
  .filter(([name, entry]) => name && entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
  .map(([name, entry]) => `  ${name.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${entry.engines.node}`);
if (problems.length > 0) {
  console.error(`These packages do not support Node ${oldest} (package.json promises ${promise}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Every package supports Node ${oldest} (package.json promises ${promise}).`);
