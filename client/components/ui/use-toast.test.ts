import { describe, expect, it } from 'vitest';
import { currentToasts, dismissToast, toast } from './use-toast';

describe('toast updates', () => {
  it('an update shows a toast again that had closed by itself, for a full duration', () => {
    const progress = toast({ title: 'Bulk Delete Started', description: 'Deleting 30 applications...' });
    dismissToast(progress.id);
    expect(currentToasts().find((item) => item.id === progress.id)?.open).toBe(false);
    progress.update({ description: '30 applications deleted.' });
    expect(currentToasts().find((item) => item.id === progress.id)).toMatchObject({
      open: true,
      description: '30 applications deleted.',
      version: 1,
    });
  });
});
