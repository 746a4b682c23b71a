// `npm start`: builds the client and its server renderer when missing or older than their sources, then runs the server
// (which migrates, seeds an empty database and listens).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'client')),
  newestMtime(path.join(root, 'shared')),
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
if (
  !fs.existsSync(builtIndex) ||
  !fs.existsSync(path.join(root, 'dist/server/entry-server.js')) ||
  fs.statSync(builtIndex).mtimeMs < sources
) {
  console.log('Building the client…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // The browser's bundles, then the server renderer of the public pages built from the same sources.
  for (const args of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    const build = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
