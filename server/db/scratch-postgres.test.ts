import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createScratchPostgres, scratchServerUrl } from './scratch-postgres';

describe('scratchServerUrl', () => {
  const variables = ['BENCH_DATABASE_URL', 'TEST_DATABASE_URL'];

  it('takes the first variable that is set', () => {
    expect(
      scratchServerUrl('--database both', variables, {
        BENCH_DATABASE_URL: ' ',
        TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      }),
    ).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('names the variables to set when none is', () => {
    expect(() => scratchServerUrl('--database both', variables, {})).toThrow(
      '--database both needs a PostgreSQL server: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres).',
    );
  });

  it('refuses a value that is not a postgres:// URL with a host, naming the variable', () => {
    for (const value of ['127.0.0.1:5432', 'mysql://root@db/x', 'postgres:///test']) {
      expect(() => scratchServerUrl('--database postgres', variables, { TEST_DATABASE_URL: value })).toThrow(
        /^TEST_DATABASE_URL must be a postgres:\/\/ URL with a host/,
      );
    }
  });
});

describe('createScratchPostgres', () => {
  it('says which server it could not reach, without the password', async () => {
    await expect(createScratchPostgres('postgres://postgres:secret@127.0.0.1:1/test', 'aitlas_probe')).rejects.toThrow(
      /^Could not connect to the PostgreSQL server at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres: .*ECONNREFUSED/,
    );
  });
});

describe('npm run bench:load -- --database both', () => {
  it('stops before the first run, saying which variable to set, when no PostgreSQL URL is set', () => {
    const env = { ...process.env };
    delete env.BENCH_DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/load.bench.ts', '--database', 'both', '--duration', '1'],
      { env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'bench:load: --database both needs a PostgreSQL server: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres).',
    );
    expect(result.stdout).not.toMatch(/pglite:/);
  }, 60_000);
});
