import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { APP_STATUSES, type AppStatus } from '@shared/constants';
import { importApps } from '../modules/apps/apps.import';
import { withDatabase } from './cli-support';

const usage = 'Usage: npm run import -- <file.json> [--status published|pending|approved|rejected]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string', default: 'published' }, help: { type: 'boolean', short: 'h' } },
});

const file = positionals[0];
if (values.help || !file) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
if (!(APP_STATUSES as readonly string[]).includes(values.status)) {
  console.error(`Invalid --status "${values.status}". ${usage}`);
  process.exit(1);
}
let content: unknown;
try {
  content = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}

await withDatabase(async (database) => {
  const result = await importApps(database.db, content, values.status as AppStatus);
  if (!result.ok) {
    console.error(`Nothing was imported: ${result.errors.length} problem(s) in ${file}:`);
    for (const error of result.errors.slice(0, 50)) {
      const where = error.record < 0 ? 'file' : `record ${error.record}${error.name ? ` (${error.name})` : ''}`;
      console.error(`  - ${where}, ${error.field}: ${error.message}`);
    }
    if (result.errors.length > 50) console.error(`  … and ${result.errors.length - 50} more`);
    return 1;
  }
  console.log(`Imported ${result.ids.length} app(s) from ${file} as ${values.status}.`);
  return 0;
});
