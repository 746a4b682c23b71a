import { describe, expect, it } from 'vitest';
import { computeConfidence, scoreSpread, servedNeedStrength, type ConfidenceSignals } from './confidence';
import { CONFIDENCE } from './weights';

const signals: ConfidenceSignals = {
  knownAspectWeight: 1.5,
  contentWords: 3,
  explainedWords: 3,
  topCoverages: [1, 0.8, 0.8],
  taskStrength: 0.8,
  hitCount: 12,
  needs: 1,
};

describe('confidence from the shape of the scores', () => {
  it('measures how far the best hit stands above the next nine', () => {
    expect(scoreSpread([10, 10, 10, 10, 10, 10])).toBe(0);
    expect(scoreSpread([10, 5, 5, 5, 5, 5, 5, 5, 5, 5, 1])).toBeCloseTo(0.5);
    expect(scoreSpread([10, 1, 1, 1, 1])).toBeCloseTo(0.9);
  });

  it('counts a list of fewer than five hits as typical: one incidental match also stands alone', () => {
    expect(scoreSpread([10, 1])).toBe(CONFIDENCE.typicalSpread);
    expect(scoreSpread([])).toBe(CONFIDENCE.typicalSpread);
  });

  it('is surer of a few clear answers than of a flat list of equals', () => {
    const peaked = computeConfidence({ ...signals, topScores: [20, 6, 5, 5, 4, 4, 4, 3, 3, 3] });
    const flat = computeConfidence({ ...signals, topScores: [20, 19, 19, 18, 18, 18, 17, 17, 17, 16] });
    expect(peaked).toBeGreaterThan(flat + 0.2);
    expect(computeConfidence({ ...signals, topScores: [20, 9, 9, 9, 9, 9, 9, 9, 9, 9] })).toBe(computeConfidence(signals));
  });
});

describe('confidence from how many listings fit', () => {
  it('is surer when only a few listings fit the need than when a full list does', () => {
    const unsure: ConfidenceSignals = { ...signals, topCoverages: [0.5, 0.4, 0.4], taskStrength: 0.5 };
    const few = computeConfidence({ ...unsure, fitCount: 3 });
    const full = computeConfidence({ ...unsure, fitCount: 40 });
    expect(few).toBeGreaterThan(full + 0.1);
  });

  it('does not depend on the page size: every count from a full list up reads the same', () => {
    expect(computeConfidence({ ...signals, fitCount: CONFIDENCE.fullList })).toBe(
      computeConfidence({ ...signals, fitCount: 200 }),
    );
    expect(computeConfidence({ ...signals, fitCount: CONFIDENCE.fullList })).toBe(computeConfidence(signals));
  });
});

describe('confidence from how much of the catalogue matches', () => {
  it('is less sure when a large share of the catalogue matches about as well as the best', () => {
    const unsure: ConfidenceSignals = { ...signals, topCoverages: [0.5, 0.4, 0.4], taskStrength: 0.5 };
    const narrow = computeConfidence({ ...unsure, matchShare: 0.05 });
    const broad = computeConfidence({ ...unsure, matchShare: 0.5 });
    expect(broad).toBeLessThan(narrow - 0.1);
  });

  it('reads a typical share or less as no evidence, so a capped share on a large catalogue changes nothing', () => {
    expect(computeConfidence({ ...signals, matchShare: CONFIDENCE.typicalMatchShare })).toBe(computeConfidence(signals));
    expect(computeConfidence({ ...signals, matchShare: 300 / 10_000 })).toBe(computeConfidence(signals));
  });
});

describe('the need the best hit serves', () => {
  it('counts in full when no stronger need is missed, and less by as much as a stronger missed need stands above it', () => {
    expect(servedNeedStrength(0.8, 0)).toBe(0.8);
    expect(servedNeedStrength(0.8, 0.55)).toBe(0.8);
    expect(servedNeedStrength(0.8, 0.9)).toBeCloseTo(0.7);
    expect(servedNeedStrength(0.55, 0.8)).toBeCloseTo(0.3);
    expect(servedNeedStrength(0.3, 0.9)).toBe(0);
  });
});
