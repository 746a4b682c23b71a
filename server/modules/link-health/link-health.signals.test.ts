import { describe, expect, it } from 'vitest';
import { fingerprintOf, pageSignals, registrableDomain, tokenCosine } from './link-health.signals';
import { computeState, type CheckFacts } from './link-health.state';

describe('registrableDomain', () => {
  it('follows the public suffix list, private suffixes included; an IP is its own domain', () => {
    expect(registrableDomain('https://app.example.co.uk/x')).toBe('example.co.uk');
    expect(registrableDomain('https://www.example.com')).toBe('example.com');
    expect(registrableDomain('https://alpha.vercel.app')).toBe('alpha.vercel.app');
    expect(registrableDomain('https://alpha.vercel.app')).not.toBe(registrableDomain('https://beta.vercel.app'));
    expect(registrableDomain('http://127.0.0.2:8080/a')).toBe('127.0.0.2');
    expect(registrableDomain('not a url')).toBeNull();
  });
});

describe('pageSignals', () => {
  it('recognises parked and for-sale pages, not product pages that mention domains', () => {
    expect(
      pageSignals('<title>acme.ai</title><body><h1>This domain is for sale!</h1></body>', 'https://acme.ai').parkedMarker,
    ).toContain('for sale');
    expect(pageSignals('<title>x</title><body>hi</body>', 'https://sedo.com/search?domain=acme.ai').parkedMarker).toContain(
      'sedo.com',
    );
    expect(
      pageSignals('<title>x</title><script src="https://www.parkingcrew.net/p.js"></script>', 'https://acme.ai').parkedMarker,
    ).toContain('parking service');
    expect(
      pageSignals(
        '<title>Acme DNS</title><body><p>Manage your domain records and buy SSL certificates.</p></body>',
        'https://acme.dev',
      ).parkedMarker,
    ).toBeNull();
  });

  it('fingerprints ignore case, spacing and punctuation', () => {
    expect(fingerprintOf('Acme  Writer!', 'Writes posts.')).toBe(fingerprintOf('acme writer', 'writes posts'));
    expect(fingerprintOf('Acme Writer', 'Writes posts')).not.toBe(fingerprintOf('Acme Writer', 'Sells shoes'));
    expect(tokenCosine('a b c', 'a b c')).toBeCloseTo(1);
    expect(tokenCosine('a b c', 'd e f')).toBe(0);
  });
});

describe('computeState', () => {
  const day = 24 * 3600_000;
  const now = Date.now();
  const failure = (ago: number): CheckFacts => ({
    checkedAt: new Date(now - ago),
    url: 'https://a.io',
    httpStatus: null,
    finalUrl: null,
    failure: 'network',
    failureMessage: 'refused',
    parkedMarker: null,
    title: null,
    description: null,
    fingerprint: null,
  });
  const good: CheckFacts = {
    checkedAt: new Date(now),
    url: 'https://a.io',
    httpStatus: 200,
    finalUrl: 'https://a.io/',
    failure: null,
    failureMessage: null,
    parkedMarker: null,
    title: 'A',
    description: 'B',
    fingerprint: fingerprintOf('A', 'B'),
  };

  it('a single failure never marks an app dead, nor many failures within two days', () => {
    expect(computeState('https://a.io', [failure(0)], null).state).toBe('unreachable');
    expect(computeState('https://a.io', [failure(0), failure(day), failure(1.9 * day)], null).state).toBe('unreachable');
    expect(computeState('https://a.io', [failure(0), failure(day), failure(2 * day)], null).state).toBe('dead');
    // A good check breaks the streak.
    expect(computeState('https://a.io', [failure(0), good, failure(day), failure(3 * day)], null).state).toBe('unreachable');
  });

  it('robots.txt refusals change nothing', () => {
    const robots = { ...failure(0), failure: 'robots' };
    expect(computeState('https://a.io', [robots, good], null).state).toBe('ok');
    expect(computeState('https://a.io', [robots], null).summary).toContain('Not checked');
  });
});
