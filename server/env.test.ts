import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('env', () => {
  it('has working defaults for the embedded mode', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO_DATA: true,
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_SEARCH_PER_MINUTE: 30,
      AI_TIMEOUT_MS: 3000,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('takes DATABASE_POOL_SIZE as a whole number from 1 to 200, 10 when unset', () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    for (const value of ['0', '-1', '2.5', 'many', '201']) {
      expect(() => loadEnv({ DATABASE_POOL_SIZE: value }), value).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'https://aitlas.io/' }).PUBLIC_URL).toBe('https://aitlas.io');
  });

  it('parses lists and booleans', () => {
    const env = loadEnv({ SEED_DEMO_DATA: 'false', ADMIN_EMAILS: ' A@x.io, b@y.io ,', DISCOVERY_ALLOW_HOSTS: '127.0.0.1:4318' });
    expect(env.SEED_DEMO_DATA).toBe(false);
    expect(env.ADMIN_EMAILS).toEqual(['a@x.io', 'b@y.io']);
    expect(env.DISCOVERY_ALLOW_HOSTS).toEqual(['127.0.0.1:4318']);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses "true" saying what to write', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: must say which proxies to trust.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/,
    );
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/8,proxy.local' })).toThrow(
      /TRUST_PROXY: "proxy.local" is not an IP address or CIDR range/,
    );
  });

  it('lists every invalid value in one readable error', () => {
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'not a url', SEED_DEMO_DATA: 'maybe', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid environment configuration:/);
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO_DATA', 'LOG_LEVEL']) expect(message).toContain(`- ${name}:`);
    }
  });

  it('requires a long SESSION_SECRET in production and complete OIDC settings', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).not.toThrow();
    expect(() => loadEnv({ OIDC_ISSUER_URL: 'https://id.example.com' })).toThrow(/must be set together/);
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.io' })).toThrow(/ADMIN_PASSWORD/);
  });
});
