import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-import-'));
const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test' };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function runCli(script: string, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const tool = (name: string, category: string) => ({
  name,
  url: `https://${name.toLowerCase().replace(/\W/g, '')}.example.com`,
  category,
  description: `${name} does one thing well.`,
  tags: ['test'],
  features: ['A', 'B', 'C'],
  useCases: ['X', 'Y'],
  pricingType: 'free',
  monthlyVisitors: 1000,
  rating: 40,
});

describe('npm run import, then npm start on the same data dir', () => {
  it('imports all or nothing, then the server serves exactly the imported apps and refuses a second owner', async () => {
    const bad = path.join(dataDir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify([tool('Good One', 'Writing'), { ...tool('Broken', 'Writing'), url: 'ftp://x', rating: 70 }]),
    );
    const refused = runCli('server/cli/import.ts', [bad]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Nothing was imported');
    expect(refused.stderr).toContain('record 1 (Broken), url: Must be a valid URL');
    expect(refused.stderr).toContain('record 1 (Broken), rating: Rating must be between 1 and 50');

    const good = path.join(dataDir, 'good.json');
    fs.writeFileSync(
      good,
      JSON.stringify({
        tools: [tool('Alpha Writer', 'Writing'), tool('Beta Painter', 'Design'), tool('Gamma Coder', 'Brand New Category')],
      }),
    );
    const imported = runCli('server/cli/import.ts', [good]);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain('Imported 3 app(s)');

    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
          timeout: 60_000,
          interval: 250,
          message: `server output: ${output}`,
        })
        .toBe(200);
      const apps = (await (await fetch(`http://127.0.0.1:${port}/api/marketplace`)).json()) as { name: string }[];
      expect(apps.map((app) => app.name).sort()).toEqual(['Alpha Writer', 'Beta Painter', 'Gamma Coder']);
      const categories = (await (await fetch(`http://127.0.0.1:${port}/api/categories`)).json()) as { name: string }[];
      expect(categories.map((category) => category.name)).toEqual(['All', 'Writing', 'Design', 'Brand New Category']);

      const second = runCli('server/cli/import.ts', [good]);
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/in use by another Aitlas process \(pid \d+\)/);
    } finally {
      server.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((resolve) => server.on('exit', (exitCode) => resolve(exitCode)));
    expect(code, output).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'aitlas.lock'))).toBe(false);
  }, 120_000);
});
