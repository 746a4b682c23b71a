import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jsonText } from '../../lib/json-text';

/** The JSON-escaped text block of a tool result, per answer object (see toolResultJson). */
const escapedTexts = new WeakMap<object, string>();

/**
 * The result of a tool that answered `data`: the data as structured content, and as JSON text for
 * clients that read text only (the MCP specification asks for both).
 */
export function toolResult(data: object): CallToolResult {
  return { content: [{ type: 'text', text: jsonText(data) }], structuredContent: data as Record<string, unknown> };
}

/**
 * The JSON text of `result` when it is what `toolResult(data)` made, as the SDK hands it on (it
 * validates the result and passes on a copy: new objects, the same keys in the same order, the same
 * values), so that the answer is not serialised twice again on every request: the structured content
 * is the answer's JSON text itself, and that text, escaped as a JSON string, is kept for as long as
 * the answer object lives (a search answer held by the search cache is served many times). Anything
 * else (another shape, a copy that differs in any key or value) gives undefined: serialise it as usual.
 */
export function toolResultJson(result: unknown, data: object): string | undefined {
  if (!hasKeys(result, ['content', 'structuredContent'])) return undefined;
  const text = jsonText(data);
  const [block, ...more] = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  if (more.length > 0 || !hasKeys(block, ['type', 'text']) || block.type !== 'text' || block.text !== text) return undefined;
  if (!sameEntries(result.structuredContent, data)) return undefined;
  let escaped = escapedTexts.get(data);
  if (escaped === undefined) {
    escaped = JSON.stringify(text);
    escapedTexts.set(data, escaped);
  }
  return `{"content":[{"type":"text","text":${escaped}}],"structuredContent":${text}}`;
}

/** Whether `value` is an object whose own enumerable keys are exactly `keys`, in that order (the order JSON writes). */
function hasKeys<K extends string>(value: unknown, keys: K[]): value is Record<K, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && own.every((key, index) => key === keys[index]);
}

/** Whether `copy` has the keys of `original` in the same order, each with the very same value: both serialise alike. */
function sameEntries(copy: unknown, original: object): boolean {
  const keys = Object.keys(original);
  if (!hasKeys(copy, keys)) return false;
  const source = original as Record<string, unknown>;
  return keys.every((key) => copy[key] === source[key]);
}
