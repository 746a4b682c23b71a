import { describe, expect, it } from 'vitest';
import { adminUrl, isAdminHost, siteUrl } from './host';

const at = (hostname: string, port = '') => ({ hostname, protocol: 'https:', port });

describe('host rule', () => {
  it('recognises the admin host', () => {
    expect(isAdminHost('app.aitlas.io')).toBe(true);
    expect(isAdminHost('APP.localhost')).toBe(true);
    expect(isAdminHost('aitlas.io')).toBe(false);
    expect(isAdminHost('apple.com')).toBe(false);
  });

  it('sends the Admin button to the app. host, or /admin on localhost', () => {
    expect(adminUrl(at('www.aitlas.io'))).toBe('https://app.aitlas.io/');
    expect(adminUrl(at('aitlas.io'))).toBe('https://app.aitlas.io/');
    expect(adminUrl(at('localhost', '3000'))).toBe('/admin');
    expect(adminUrl(at('127.0.0.1', '3000'))).toBe('/admin');
  });

  it('sends Back to Site to the host without app.', () => {
    expect(siteUrl(at('app.aitlas.io', '8443'))).toBe('https://aitlas.io:8443/');
    expect(siteUrl(at('aitlas.io'))).toBe('/');
  });
});
