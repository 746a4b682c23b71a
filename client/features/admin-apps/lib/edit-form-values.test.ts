import { describe, expect, it } from 'vitest';
import { adminAppUpdateSchema } from '../../../../shared/schemas/admin-app';
import { editFormValuesOf, editRequestBody } from './edit-form-values';

const app = {
  name: 'Writer',
  url: 'https://writer.example',
  description: 'Writes.',
  longDescription: null,
  status: 'pending' as const,
  category: 'Writing',
  tags: ['ai'],
  monthlyVisitors: 1200,
  rating: null,
  trafficGrowth: 5,
  viewCount: 3,
  saveCount: 1,
  screenshotUrl: null,
  aiGenerated: false,
  pricingType: null,
  company: null,
  foundedYear: null,
  location: null,
};

describe('edit form values', () => {
  it('round-trips an app through the shared schema unchanged', () => {
    const parsed = adminAppUpdateSchema.parse(editRequestBody(editFormValuesOf(app)));
    expect(parsed).toMatchObject({
      name: 'Writer',
      monthlyVisitors: 1200,
      rating: null,
      screenshotUrl: null,
      tags: ['ai'],
      category: 'Writing',
    });
  });

  it('turns non-numeric counts into 0 and reports the rating bounds', () => {
    const values = { ...editFormValuesOf(app), monthlyVisitors: 'lots', viewCount: '' };
    expect(adminAppUpdateSchema.parse(editRequestBody(values))).toMatchObject({ monthlyVisitors: 0, viewCount: 0 });
    const bad = adminAppUpdateSchema.safeParse(editRequestBody({ ...values, rating: '51' }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Rating must be between 1 and 50');
  });

  it('requires name, URL and description', () => {
    const result = adminAppUpdateSchema.safeParse(
      editRequestBody({ ...editFormValuesOf(app), name: ' ', url: 'not a url', description: '' }),
    );
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required',
      'Must be a valid URL',
      'Description is required',
    ]);
  });
});
