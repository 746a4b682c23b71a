import { z } from './zod';
import { SEARCH_QUERY_MAX_LENGTH } from '../constants';

/** What a chip of the search's understanding stands for. */
export const QUERY_CHIP_KINDS = ['need', 'app', 'price', 'audience', 'platform', 'category', 'language'] as const;
export type QueryChipKind = (typeof QUERY_CHIP_KINDS)[number];

/** At most this many parts of the understanding can be set aside at once (more chips than a query ever has). */
export const SEARCH_WITHOUT_MAX = 12;

/**
 * `POST /api/search` body: a trimmed, non-blank query of at most 500 characters, and optionally the ids of chips
 * of an earlier answer to set aside ("search again without Free").
 */
export const searchRequestSchema = z.object({
  query: z
    .string({ error: 'The query must be a string' })
    .trim()
    .min(1, 'Please describe what you want to build')
    .max(SEARCH_QUERY_MAX_LENGTH, `The query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  without: z
    .array(z.string().trim().min(1).max(80), { error: 'without must be a list of chip ids' })
    .max(SEARCH_WITHOUT_MAX, `At most ${SEARCH_WITHOUT_MAX} chips can be removed at once`)
    .optional(),
});

/** Which part of a listing a quote comes from ("pricing" quotes its price type). */
export type EvidenceField =
  'name' | 'category' | 'tags' | 'features' | 'useCases' | 'description' | 'longDescription' | 'pricing';

/** A phrase of one listing, verbatim, that supports a claim of a reason. */
export interface EvidenceQuote {
  /** The name of the listing quoted. */
  app: string;
  field: EvidenceField;
  /** Verbatim text of the listing: a whole tag, feature or use case, or one clause of a description. */
  text: string;
}

/** One claim of a reason ("Matches your need for meeting transcription") and the listings' words behind it. */
export interface ReasonEvidence {
  claim: string;
  quotes: EvidenceQuote[];
}

/** One part of what the search understood of a query, which the visitor can remove to search again without it. */
export interface QueryChip {
  /** Stable id to send back in `without` ("price", "need:meeting-notes", "app:42", "language"). */
  id: string;
  kind: QueryChipKind;
  /** What the chip shows ("Free", "meeting transcription", "Grammarly", "for students", "Read as Spanish"). */
  label: string;
}

/** How the search read the query. */
export interface SearchUnderstanding {
  chips: QueryChip[];
  /** The chip ids that were set aside for this answer (echo of the request's `without`, known ids only). */
  without: string[];
}
