import { describe, expect, it } from 'vitest';
import { adminViewHref, parseAdminView } from './admin-view';
import { clampSidebarWidth, readSidebarWidth, sidebarWidthForKey } from './sidebar-width';

describe('admin views', () => {
  it('reads ?view= and ignores unknown values', () => {
    expect(parseAdminView('')).toBe('dashboard');
    expect(parseAdminView('?view=all')).toBe('all');
    expect(parseAdminView('?view=settings&x=1')).toBe('settings');
    expect(parseAdminView('?view=users')).toBe('dashboard');
    expect(parseAdminView('?view=ALL')).toBe('dashboard');
  });

  it('builds view addresses on the current path', () => {
    expect(adminViewHref('dashboard', '/admin')).toBe('/admin');
    expect(adminViewHref('discover', '/admin')).toBe('/admin?view=discover');
    expect(adminViewHref('all', '/')).toBe('/?view=all');
  });
});

describe('sidebar width', () => {
  it('stays within 200–400 px and defaults to 256', () => {
    expect(clampSidebarWidth(150)).toBe(200);
    expect(clampSidebarWidth(480)).toBe(400);
    expect(clampSidebarWidth(Number.NaN)).toBe(256);
    expect(readSidebarWidth(null)).toBe(256);
    expect(readSidebarWidth('junk')).toBe(256);
    expect(readSidebarWidth('320')).toBe(320);
    expect(readSidebarWidth('9999')).toBe(400);
  });

  it('resizes by keyboard', () => {
    expect(sidebarWidthForKey(256, 'ArrowRight')).toBe(272);
    expect(sidebarWidthForKey(256, 'ArrowLeft')).toBe(240);
    expect(sidebarWidthForKey(205, 'ArrowLeft')).toBe(200);
    expect(sidebarWidthForKey(256, 'Home')).toBe(200);
    expect(sidebarWidthForKey(256, 'End')).toBe(400);
    expect(sidebarWidthForKey(256, 'Enter')).toBeNull();
  });
});
