import { describe, expect, it } from 'vitest';
import { isDeadlock, retryOnDeadlock } from './deadlock-retry';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs a transaction PostgreSQL aborted for a deadlock again, and returns what the attempt that ran through returned', async () => {
    let runs = 0;
    const result = await retryOnDeadlock(async () => {
      runs++;
      if (runs < 3) throw deadlock;
      return 'merged';
    });
    expect(result).toBe('merged');
    expect(runs).toBe(3);
  });

  it('throws other errors at once, and a deadlock of the last attempt', async () => {
    let runs = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryOnDeadlock(async () => {
        runs++;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs++;
        throw deadlock;
      }, 2),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(2);
  });

  it('recognises the deadlock and serialisation codes only', () => {
    expect(isDeadlock(deadlock)).toBe(true);
    expect(isDeadlock({ code: '40001' })).toBe(true);
    expect(isDeadlock({ code: '23503' })).toBe(false);
    expect(isDeadlock(new Error('no code'))).toBe(false);
    expect(isDeadlock(null)).toBe(false);
  });
});
