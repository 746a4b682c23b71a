import { describe, expect, it } from 'vitest';
import { formatExpiry, safeReturnPath, setOrNotSet, tokenStatus } from './token-status';

describe('token status', () => {
  const now = 1_700_000_000;

  it('is No Token without a user', () => {
    expect(tokenStatus(null, now)).toBe('No Token');
    expect(tokenStatus({ exists: false }, now)).toBe('No Token');
  });

  it('is Expired past expires_at or without an expiry', () => {
    expect(tokenStatus({ exists: true, expires_at: now - 1 }, now)).toBe('Expired');
    expect(tokenStatus({ exists: true }, now)).toBe('Expired');
    expect(tokenStatus({ exists: true, expires_at: null }, now)).toBe('Expired');
  });

  it('is Valid before expires_at', () => {
    expect(tokenStatus({ exists: true, expires_at: now + 60 }, now)).toBe('Valid');
    expect(tokenStatus({ exists: true, expires_at: now }, now)).toBe('Valid');
  });

  it('formats the expiry', () => {
    expect(formatExpiry(undefined)).toBe('N/A');
    expect(formatExpiry(now)).toMatch(/2023/);
  });
});

describe('environment flags', () => {
  it('reports SET or NOT SET, never a value', () => {
    expect(setOrNotSet('SET')).toBe('SET');
    expect(setOrNotSet(true)).toBe('SET');
    expect(setOrNotSet('NOT SET')).toBe('NOT SET');
    expect(setOrNotSet(undefined)).toBe('NOT SET');
    expect(setOrNotSet(false)).toBe('NOT SET');
    expect(setOrNotSet('')).toBe('NOT SET');
  });
});

describe('return path after login', () => {
  it('keeps same-site paths only', () => {
    expect(safeReturnPath('/app/3/edit')).toBe('/app/3/edit');
    expect(safeReturnPath('/admin?view=all')).toBe('/admin?view=all');
    expect(safeReturnPath('//evil.test/x')).toBe('/admin');
    expect(safeReturnPath('/\\evil.test')).toBe('/admin');
    expect(safeReturnPath('https://evil.test')).toBe('/admin');
    expect(safeReturnPath('/api/logout')).toBe('/admin');
    expect(safeReturnPath(null)).toBe('/admin');
  });
});
