// Run by the browser suite's first web server before it starts (see playwright.config.ts):
//   node --import tsx e2e/support/prepare-data-dirs.ts <dir> [<dir>...]
// Makes a fresh, migrated and seeded data dir for every browser worker's server. The database is
// initialised and seeded once, closed cleanly, and copied: seeding is most of a server's start-up.
import fs from 'node:fs';
import { openAndPrepareDatabase } from '../../server/bootstrap';
import { loadEnv } from '../../server/env';

const [first, ...others] = process.argv.slice(2);
if (!first) throw new Error('usage: prepare-data-dirs.ts <dir> [<dir>...]');
for (const dir of [first, ...others]) fs.rmSync(dir, { recursive: true, force: true });
const env = loadEnv({ ...process.env, DATA_DIR: first, DATABASE_URL: undefined, SEED_DEMO_DATA: 'true' });
const database = await openAndPrepareDatabase(env, { info: () => {}, warn: (message) => console.warn(message) });
await database.close();
for (const dir of others) fs.cpSync(first, dir, { recursive: true });
