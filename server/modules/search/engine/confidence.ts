/**
 * Calibrated confidence that the top results satisfy the query.
 *
 * The signal is "how much of what the visitor asked for do the best apps actually cover": an app that matches
 * every aspect (capabilities, platform, remaining key words) of a query that the engine fully understood is a
 * confident answer, while a query whose words are unknown to the catalogue (gibberish, or needs such as plumbing
 * that no AI tool serves) cannot be, whatever the raw scores say. Scores themselves are not comparable across
 * queries, so they only enter through the coverage of the top hits.
 */

/** Inputs measured by the ranker. */
export interface ConfidenceSignals {
  /** Weight of the query aspects the engine recognised (concepts and catalogue words). */
  knownAspectWeight: number;
  /** Number of content words neither in the catalogue nor in the lexicon. */
  unknownWords: number;
  /** Aspect coverage (0–1) of the first few hits, best first. */
  topCoverages: number[];
  /** True when a task concept of the lexicon was recognised and the top hit has it. */
  taskConceptMatched: boolean;
  /** Number of hits returned. */
  hitCount: number;
}

/**
 * Maps ranking signals to a probability-like confidence in [0, 1]. Below 0.35 means "nothing here really fits".
 */
export function computeConfidence(s: ConfidenceSignals): number {
  if (s.hitCount === 0 || s.knownAspectWeight <= 0) return s.unknownWords > 0 ? 0.02 : 0.05;
  const understood = s.knownAspectWeight / (s.knownAspectWeight + s.unknownWords);
  const top = s.topCoverages.slice(0, 3);
  const c1 = top[0] ?? 0;
  const cAvg = top.reduce((a, b) => a + b, 0) / Math.max(1, top.length);
  const coverage = 0.6 * c1 + 0.4 * cAvg;
  // A single recognised word is thin evidence; several recognised aspects make a match more trustworthy.
  const evidence = 1 - Math.exp(-1.6 * s.knownAspectWeight);
  const z = -4.2 + 5.2 * coverage + 2.2 * evidence + (s.taskConceptMatched ? 1.0 : 0) + 2.4 * (understood - 1);
  const p = 1 / (1 + Math.exp(-z));
  return Math.round(Math.min(0.99, Math.max(0.01, p)) * 1000) / 1000;
}
