import { z } from './zod';
import { SEARCH_QUERY_MAX_LENGTH } from '../constants';

/** `POST /api/search` body: a trimmed, non-blank query of at most 500 characters. */
export const searchRequestSchema = z.object({
  query: z
    .string({ error: 'The query must be a string' })
    .trim()
    .min(1, 'Please describe what you want to build')
    .max(SEARCH_QUERY_MAX_LENGTH, `The query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
});
