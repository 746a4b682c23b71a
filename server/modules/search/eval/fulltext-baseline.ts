import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';

/**
 * The plain PostgreSQL full-text baseline of the evaluation: weighted fields (name A, tags and
 * category B, description and features C, the rest D), the query's English lexemes OR-ed, ranked
 * by ts_rank. What a team gets from the database alone, with no query understanding.
 */
export async function fullTextSearch(db: Db, query: string, limit = 10): Promise<string[]> {
  const result = await db.execute(sql`
    WITH q AS (
      SELECT to_tsquery('simple', coalesce(string_agg(quote_literal(lexeme), ' | '), '')) AS query
      FROM unnest(tsvector_to_array(to_tsvector('english', ${query}))) AS lexeme
    ),
    docs AS (
      SELECT a.name,
        setweight(to_tsvector('english', a.name), 'A') ||
        setweight(to_tsvector('english', array_to_string(a.tags, ' ') || ' ' || c.name), 'B') ||
        setweight(to_tsvector('english', a.description || ' ' || array_to_string(a.features, ' ')), 'C') ||
        setweight(to_tsvector('english', coalesce(a.long_description, '') || ' ' || array_to_string(a.use_cases, ' ')), 'D') AS document
      FROM apps a JOIN categories c ON c.id = a.category_id
      WHERE a.status = 'published' AND c.is_active
    )
    SELECT docs.name, ts_rank(docs.document, q.query) AS rank
    FROM docs, q
    WHERE docs.document @@ q.query
    ORDER BY rank DESC, docs.name
    LIMIT ${limit}
  `);
  const rows = (result as unknown as { rows: { name: string }[] }).rows ?? (result as unknown as { name: string }[]);
  return rows.map((row) => row.name);
}
