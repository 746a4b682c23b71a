import { describe, expect, it } from 'vitest';
import { adminViewHref, parseAdminView } from './admin-view';
import { numberOrZero, serverFieldErrors } from '@client/lib/form-fields';
import { statusActionsFor, statusBadgeVariant } from '@client/features/admin-apps/lib/app-status';
import { categoryCounts, formatMonthlyTraffic, topCategoryBars } from '@client/features/admin-dashboard/lib/dashboard-stats';
import { formatDuration, logDetailPreview, logDotColour } from '@client/features/admin-discovery/lib/discovery-log';
import { clampSidebarWidth, readSidebarWidth, sidebarWidthForKey } from './sidebar-width';
import { addTag, removeTag, visibleTags } from '@client/lib/tags';
import { niceMax, seriesPoints, seriesTotals } from '@client/features/admin-dashboard/lib/trends-geometry';

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

describe('app status', () => {
  it('offers the moves of spec §4', () => {
    expect(statusActionsFor('pending')).toEqual([
      { label: 'Approve', status: 'approved' },
      { label: 'Reject', status: 'rejected' },
    ]);
    expect(statusActionsFor('approved')).toEqual([{ label: 'Publish', status: 'published' }]);
    expect(statusActionsFor('published')).toEqual([{ label: 'Unpublish', status: 'approved' }]);
    expect(statusActionsFor('rejected')).toEqual([]);
  });

  it('styles badges by status', () => {
    expect(statusBadgeVariant('published')).toBe('default');
    expect(statusBadgeVariant('approved')).toBe('secondary');
    expect(statusBadgeVariant('rejected')).toBe('destructive');
    expect(statusBadgeVariant('pending')).toBe('outline');
  });
});

describe('discovery log', () => {
  it('colours the dot red on errors, green when processed, else yellow', () => {
    expect(logDotColour({ errors: 1, processed: 5 })).toBe('red');
    expect(logDotColour({ errors: 0, processed: 5 })).toBe('green');
    expect(logDotColour({ errors: 0, processed: 0 })).toBe('yellow');
  });

  it('shows two detail lines then the rest as a count', () => {
    expect(logDetailPreview(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(logDetailPreview(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('formats durations', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});

describe('tags', () => {
  it('trims, ignores empty and present tags', () => {
    expect(addTag(['ai'], '  writing ')).toEqual(['ai', 'writing']);
    expect(addTag(['ai'], '   ')).toEqual(['ai']);
    expect(addTag(['ai'], ' ai ')).toEqual(['ai']);
    expect(removeTag(['ai', 'chat'], 'ai')).toEqual(['chat']);
  });

  it('shows three tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
    expect(visibleTags(['a'], 3)).toEqual({ shown: ['a'], hidden: 0 });
  });
});

describe('form numbers and server errors', () => {
  it('turns non-numeric input into 0', () => {
    expect(numberOrZero('12')).toBe(12);
    expect(numberOrZero('abc')).toBe(0);
    expect(numberOrZero('')).toBe(0);
    expect(numberOrZero('-3')).toBe(-3);
  });

  it('reads field messages of a 400 answer', () => {
    expect(serverFieldErrors({ fields: { name: ['Name is required'], 'tags.0': ['Too long'] } })).toEqual({ name: 'Name is required', tags: 'Too long' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe('dashboard numbers', () => {
  it('keeps the top 6 categories relative to the largest, without All', () => {
    const bars = topCategoryBars({ All: 99, Writing: 10, Design: 5, A: 1, B: 2, C: 3, D: 4, E: 0 });
    expect(bars.map((bar) => bar.name)).toEqual(['Writing', 'Design', 'D', 'C', 'B', 'A']);
    expect(bars[0]?.percent).toBe(100);
    expect(bars[1]?.percent).toBe(50);
  });

  it('formats monthly traffic in millions', () => {
    expect(formatMonthlyTraffic(12_345_678)).toBe('12.3M');
    expect(formatMonthlyTraffic(0)).toBe('0.0M');
    expect(formatMonthlyTraffic(9_167_360_000)).toBe('9,167.4M');
  });

  it('counts categories for the stat cards', () => {
    expect(
      categoryCounts([
        { name: 'All', isActive: true, appCount: 0 },
        { name: 'Writing', isActive: true, appCount: 4 },
        { name: 'Design', isActive: false, appCount: 7 },
      ]),
    ).toEqual({ total: 3, active: 2, appsCategorized: 11, mostPopular: 'Design' });
    expect(categoryCounts([]).mostPopular).toBeNull();
  });
});

describe('trends chart geometry', () => {
  it('rounds the axis up to a nice number', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(450)).toBe(500);
  });

  it('scales points into the box', () => {
    const box = { width: 120, height: 60, padding: { top: 10, right: 10, bottom: 10, left: 10 } };
    const days = [
      { date: '2025-01-01', views: 0, saves: 0, searches: 0 },
      { date: '2025-01-02', views: 10, saves: 5, searches: 1 },
    ];
    expect(seriesPoints(days, 'views', box, 10)).toBe('10,50 110,10');
    expect(seriesPoints(days, 'saves', box, 10)).toBe('10,50 110,30');
    expect(seriesTotals(days)).toEqual({ views: 10, saves: 5, searches: 1 });
  });
});
