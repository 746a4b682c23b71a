import { describe, expect, it } from 'vitest';
import { evidenceLabel } from './health-labels';

describe('evidenceLabel', () => {
  it('says "check" for one', () => {
    expect(evidenceLabel(1)).toBe('Evidence (1 check)');
    expect(evidenceLabel(3)).toBe('Evidence (3 checks)');
  });
});
