import { z } from 'zod';
import type { Env } from '../../env';

export interface RerankCandidate {
  id: number;
  name: string;
  category: string;
  description: string;
  features: string[];
  pricingType: string | null;
  /** Why the local engine retrieved it. */
  localReason: string;
}

export interface RerankResult {
  /** Candidate ids, best first; only ids that were offered. */
  ranking: { id: number; reason: string }[];
  reasoning: string;
}

const answerSchema = z.object({
  ranking: z.array(z.object({ id: z.number().int(), reason: z.string().trim().min(1).max(300) })).min(1),
  reasoning: z.string().trim().min(1).max(600),
});

const SYSTEM_PROMPT = [
  'You rank AI tools for a visitor of an AI tools marketplace.',
  'You receive the visitor query and candidate tools (retrieved by a search engine) as JSON.',
  'Return JSON {"ranking":[{"id":number,"reason":string}],"reasoning":string}.',
  'ranking: the candidates that fit the need, best first, using ONLY ids from the candidates; omit ones that do not fit.',
  'reason: one short sentence saying which capability of the tool serves this query.',
  'reasoning: one or two sentences naming the goal and constraints you understood and what was found.',
  'Respect hard constraints in the query (price such as "free", platform, audience).',
].join(' ');

/**
 * Re-ranks retrieved candidates with an OpenAI-compatible chat-completions endpoint within the time
 * budget. Returns null on any error, timeout or malformed answer: the caller then keeps the local
 * ranking. Never invents apps: ids that were not offered are dropped.
 */
export async function rerankWithAi(
  env: Env,
  query: string,
  candidates: RerankCandidate[],
  fetchImpl: typeof fetch = fetch,
): Promise<RerankResult | null> {
  if (!env.AI_BASE_URL || candidates.length === 0) return null;
  const url = `${env.AI_BASE_URL.replace(/\/+$/, '')}/chat/completions`;
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      signal: AbortSignal.timeout(env.AI_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        ...(env.AI_API_KEY ? { authorization: `Bearer ${env.AI_API_KEY}` } : {}),
      },
      body: JSON.stringify({
        model: env.AI_MODEL,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: JSON.stringify({ query, candidates }) },
        ],
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return null;
    const parsed = answerSchema.safeParse(JSON.parse(stripCodeFence(content)));
    if (!parsed.success) return null;
    const offered = new Set(candidates.map((candidate) => candidate.id));
    const seen = new Set<number>();
    const ranking = parsed.data.ranking.filter((entry) => offered.has(entry.id) && !seen.has(entry.id) && seen.add(entry.id));
    return ranking.length > 0 ? { ranking, reasoning: parsed.data.reasoning } : null;
  } catch {
    return null;
  }
}

/** Some models wrap JSON in a Markdown code fence despite the response format. */
function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match?.[1] ?? text;
}
