import { describe, expect, it } from 'vitest';
import { scanOutcomeToast } from './scan-outcome';

describe('scanOutcomeToast', () => {
  it('says Completed with the spec text when nothing failed', () => {
    expect(scanOutcomeToast({ discovered: 2, processed: 2, errors: 0, firstError: null })).toEqual({
      title: 'AI Discovery Completed',
      description: 'Found 2 apps, processed 2 new ones.',
    });
    expect(scanOutcomeToast({ discovered: 1, processed: 1, errors: 0, firstError: null }).description).toBe(
      'Found 1 app, processed 1 new one.',
    );
  });

  it('says it failed when errors kept it from adding anything, with the first error', () => {
    expect(
      scanOutcomeToast({
        discovered: 0,
        processed: 0,
        errors: 2,
        firstError: 'Source https://feed.example/rss failed: timed out',
      }),
    ).toEqual({
      title: 'AI Discovery Failed',
      description: '2 errors, no new apps. First error: Source https://feed.example/rss failed: timed out',
      variant: 'destructive',
    });
  });

  it('says how many errors a partly successful scan had, with the first one', () => {
    const toast = scanOutcomeToast({ discovered: 3, processed: 2, errors: 1, firstError: 'Failed https://a.example/x: 404' });
    expect(toast.title).toBe('AI Discovery Completed with 1 error');
    expect(toast.description).toBe('Found 3 apps, processed 2 new ones. First error: Failed https://a.example/x: 404');
    expect(toast.variant).toBeUndefined();
  });
});
