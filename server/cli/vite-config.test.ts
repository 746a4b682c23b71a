import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('vite.config.ts', () => {
  it('loads without the "configLoader native" warning that npm start and npm run build printed once per build', () => {
    const script =
      "import { loadConfigFromFile } from 'vite'; await loadConfigFromFile({ command: 'build', mode: 'production' }, undefined, process.cwd(), 'warn');";
    const env = { ...process.env };
    delete env.VITE_CONFIG_NATIVE_IGNORE_WARNING;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env, timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/configLoader|native/);
  }, 60_000);
});
