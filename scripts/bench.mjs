// `npm run bench <name>`: runs bench/<name>.bench.ts (api, search, discovery); without a name, lists them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const available = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace('.bench.ts', ''));
const [name, ...rest] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.log(`Usage: npm run bench <${available.join('|')}> [args]`);
  process.exit(name ? 1 : 0);
}
const result = spawnSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', path.join(root, 'bench', `${name}.bench.ts`), ...rest],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
