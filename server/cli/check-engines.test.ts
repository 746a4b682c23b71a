import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `.ci/run` runs scripts/check-engines.mjs after `npm ci`: the lock must hold only packages that run on Node 20.19. */
const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/check-engines.mjs', ...args], { encoding: 'utf8' });

describe('scripts/check-engines.mjs', () => {
  it('passes on the committed lock: every package runs on the oldest Node the README promises', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('Every package supports Node 20.19.0 (package.json promises >=20.19).');
    expect(result.status).toBe(0);
  });

  it('fails, naming each package, on a lock with a package that needs Node 22 (cookie 2.0.2)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-engines-'));
    const lock = path.join(dir, 'package-lock.json');
    fs.writeFileSync(
      lock,
      JSON.stringify({
        packages: {
          '': { engines: { node: '>=20.19' } },
          'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
          'node_modules/pino': { version: '9.14.0' },
          'node_modules/ok': { version: '1.0.0', engines: { node: '>=18' } },
        },
      }),
    );
    const result = run(lock);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'These packages do not support Node 20.19.0 (package.json promises >=20.19):\n  cookie@2.0.2 needs Node >=22',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is run by .ci/run, which also fails when npm ci prints EBADENGINE', () => {
    const ci = fs.readFileSync('.ci/run', 'utf8');
    expect(ci).toMatch(/npm ci [^\n]*\| tee "\$NPM_CI_LOG"/);
    expect(ci).toMatch(/grep -q EBADENGINE "\$NPM_CI_LOG"[\s\S]*exit 1/);
    expect(ci).toContain('node scripts/check-engines.mjs');
  });
});

describe('install scripts', () => {
  it('every locked package with an install script is decided in allowScripts (npm 11 warns about the others)', () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const { allowScripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { allowScripts: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([name]) => name.replace(/^.*node_modules\//, ''));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(
      withScripts.filter(
        (name) => !(name in allowScripts) && !Object.keys(allowScripts).some((key) => key.startsWith(`${name}@`)),
      ),
    ).toEqual([]);
  });
});
