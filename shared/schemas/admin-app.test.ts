import { describe, expect, it } from 'vitest';
import { adminAppCreateSchema, adminAppUpdateSchema } from './admin-app';
import { syncIntervalSchema } from './settings';

const base = { name: 'Tool', url: 'https://tool.example.com', description: 'Does things.' };

function messages(input: unknown) {
  const result = adminAppUpdateSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('adminAppUpdateSchema (spec §5 App edit form)', () => {
  it('requires name, website URL and description with the spec messages', () => {
    expect(messages({})).toEqual({
      name: 'Name is required',
      url: 'Website URL is required',
      description: 'Description is required',
    });
    expect(messages({ ...base, url: 'example.com' })).toEqual({ url: 'Must be a valid URL' });
  });

  it('turns non-numeric counts into 0 and refuses negatives', () => {
    const parsed = adminAppUpdateSchema.parse({ ...base, monthlyVisitors: 'many', viewCount: '', saveCount: '12' });
    expect(parsed).toMatchObject({ monthlyVisitors: 0, viewCount: 0, saveCount: 12 });
    expect(messages({ ...base, viewCount: -1 })).toEqual({ viewCount: 'Must be 0 or more' });
  });

  it('takes a rating from 1 to 50, empty meaning none', () => {
    expect(adminAppUpdateSchema.parse({ ...base, rating: '' }).rating).toBeNull();
    expect(adminAppUpdateSchema.parse({ ...base, rating: '50' }).rating).toBe(50);
    for (const rating of [0, 51, 4.5, 'x'])
      expect(messages({ ...base, rating })).toEqual({ rating: 'Rating must be between 1 and 50' });
  });

  it('leaves trafficGrowth unbounded in both directions (within the stored integer)', () => {
    expect(adminAppUpdateSchema.parse({ ...base, trafficGrowth: -999 }).trafficGrowth).toBe(-999);
    expect(adminAppUpdateSchema.parse({ ...base, trafficGrowth: 100000 }).trafficGrowth).toBe(100000);
  });

  it('trims tags, drops empty ones and ignores duplicates', () => {
    expect(adminAppUpdateSchema.parse({ ...base, tags: [' a ', 'a', '', 'b '] }).tags).toEqual(['a', 'b']);
  });

  it('accepts an empty screenshot URL as none and refuses a non-URL', () => {
    expect(adminAppUpdateSchema.parse({ ...base, screenshotUrl: '' }).screenshotUrl).toBeNull();
    expect(messages({ ...base, screenshotUrl: 'shot.png' })).toEqual({ screenshotUrl: 'Must be a valid URL' });
  });

  it('ignores detectedAt (read-only) and refuses the category "All" on create', () => {
    expect(adminAppUpdateSchema.parse({ ...base, detectedAt: '2020-01-01' })).not.toHaveProperty('detectedAt');
    const result = adminAppCreateSchema.safeParse({ ...base, category: 'all' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Choose a category other than All');
  });
});

describe('syncIntervalSchema', () => {
  it('accepts positive whole minutes only', () => {
    expect(syncIntervalSchema.parse({ intervalMinutes: 60 })).toEqual({ intervalMinutes: 60 });
    expect(syncIntervalSchema.parse({ intervalMinutes: '1440' })).toEqual({ intervalMinutes: 1440 });
    for (const intervalMinutes of [0, -1, 2.5, 'soon', null])
      expect(syncIntervalSchema.safeParse({ intervalMinutes }).success).toBe(false);
  });
});
