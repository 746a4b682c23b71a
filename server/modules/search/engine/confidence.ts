/**
 * Calibrated confidence that the top results satisfy the query.
 *
 * The signal is "how much of what the visitor asked for do the best apps actually cover": an app that matches
 * every aspect (capabilities, platform, remaining key words) of a query that the engine fully understood is a
 * confident answer, while a query whose words are unknown to the catalogue (gibberish, or needs such as plumbing
 * that no AI tool serves) cannot be, whatever the raw scores say. Scores themselves are not comparable across
 * queries, so they only enter through the coverage of the top hits.
 */

import { CONFIDENCE } from './weights';

/** Inputs measured by the ranker. */
export interface ConfidenceSignals {
  /** Weight of the query aspects the engine recognised (concepts and catalogue words). */
  knownAspectWeight: number;
  /** Content words of the query (filler and constraint words excluded). */
  contentWords: number;
  /** Content words the engine could place: catalogue words or concept phrases count 1, typo-corrected ones 0.3. */
  explainedWords: number;
  /** Aspect coverage (0–1) of the first few hits, best first. */
  topCoverages: number[];
  /** Strength (0–1) of the strongest recognised task concept that the top hit has; 0 when none. */
  taskStrength: number;
  /** Number of hits returned. */
  hitCount: number;
  /** Distinct task concepts the query expressed: several needs at once make any one answer less certain. */
  needs?: number;
  /** Scores of the first ten hits, best first (see {@link scoreSpread}). */
  topScores?: readonly number[];
  /** Hits that fit the need, whatever the page size (see {@link fewFitsBonus}). */
  fitCount?: number;
  /**
   * Share of the catalogue whose score passes the fit floor, out of the candidates rescored (see
   * {@link broadMatchPenalty}).
   */
  matchShare?: number;
}

/**
 * How much less sure an answer is when a large share of the catalogue matches the query about as well: the words
 * describe something broad, or a story whose words each touch other listings (the other side of the "query scope"
 * predictor). Only shares above `CONFIDENCE.typicalMatchShare` count; the candidates rescored are capped
 * (`W.candidates`), so on a catalogue of thousands the share stays under it and the confidence reads as without it.
 */
export function broadMatchPenalty(matchShare: number | undefined): number {
  if (matchShare === undefined || matchShare <= 0) return 0;
  return CONFIDENCE.broadMatch * Math.max(0, Math.log(matchShare / CONFIDENCE.typicalMatchShare));
}

/**
 * How much surer an answer is when fewer listings than a full list fit it: a need only a few listings serve, all of
 * them shown, is a sharper answer than a list filled to the page (the "query scope" predictor: He & Ounis, SPIRE
 * 2004). Counted up to `CONFIDENCE.fullList`, so the page size does not matter.
 */
export function fewFitsBonus(fitCount: number | undefined): number {
  if (fitCount === undefined || fitCount <= 0) return 0;
  return CONFIDENCE.fewFits * (CONFIDENCE.fullList - Math.min(CONFIDENCE.fullList, fitCount));
}

/**
 * How far the best hit stands above the next nine: 1 − mean(s2…s10) / s1, in [0, 1]. Taken over the first ten
 * fitting hits whatever the page size, so the confidence does not depend on the limit. A list of fewer than five
 * says little about its shape (one incidental word matched in one listing also "stands alone"): it counts as typical.
 */
export function scoreSpread(scores: readonly number[]): number {
  const best = scores[0] ?? 0;
  const rest = scores.slice(1, 10);
  if (best <= 0 || rest.length < 4) return CONFIDENCE.typicalSpread;
  return 1 - rest.reduce((sum, score) => sum + score, 0) / rest.length / best;
}

/**
 * The strength of the strongest need the best hit serves, lowered by as much as a stronger need it misses stands above
 * it: "brainstorm business name ideas" answered by a logo maker serves a lesser need than the one stressed most.
 */
export function servedNeedStrength(served: number, strongestMissed: number): number {
  return strongestMissed > served ? Math.max(0, 2 * served - strongestMissed) : served;
}

/**
 * Maps ranking signals to a probability-like confidence in [0, 1]. Below 0.35 means "nothing here really fits".
 */
export function computeConfidence(s: ConfidenceSignals): number {
  if (s.hitCount === 0 || s.knownAspectWeight <= 0) return s.contentWords > 0 ? 0.02 : 0.05;
  // When a clearly stated task is matched, unknown words are usually its subject ("a logo for my *coffee* shop",
  // "a shot of a *foggy pine forest*"), not an unmet need, so they weigh less.
  const unknownWeight = 1 - CONFIDENCE.subjectDiscount * s.taskStrength;
  const unexplained = Math.max(0, s.contentWords - s.explainedWords) * unknownWeight;
  const understood = s.contentWords > 0 ? 1 - unexplained / s.contentWords : 1;
  // Words nobody could place count as aspects no app covers.
  const scale = s.knownAspectWeight / (s.knownAspectWeight + unexplained);
  const top = s.topCoverages.slice(0, 3).map((c) => c * scale);
  const c1 = top[0] ?? 0;
  const cAvg = top.reduce((a, b) => a + b, 0) / Math.max(1, top.length);
  const coverage = CONFIDENCE.topShare * c1 + (1 - CONFIDENCE.topShare) * cAvg;
  // A single recognised word is thin evidence; several recognised aspects make a match more trustworthy.
  const evidence = 1 - Math.exp(-CONFIDENCE.evidenceRate * s.knownAspectWeight);
  const z =
    CONFIDENCE.intercept +
    CONFIDENCE.coverage * coverage +
    CONFIDENCE.evidence * evidence +
    CONFIDENCE.task * s.taskStrength +
    CONFIDENCE.understood * (understood - 1) +
    (s.topScores ? CONFIDENCE.spread * (scoreSpread(s.topScores) - CONFIDENCE.typicalSpread) : 0) +
    fewFitsBonus(s.fitCount) -
    broadMatchPenalty(s.matchShare);
  // A story that names three or more needs ("… my podcast, my slides and my emails") has no single best answer.
  const spread = Math.max(0, (s.needs ?? 1) - CONFIDENCE.focusedNeeds);
  const p = 1 / (1 + Math.exp(-(z - CONFIDENCE.needSpread * spread)));
  return Math.round(Math.min(0.99, Math.max(0.01, p)) * 1000) / 1000;
}
