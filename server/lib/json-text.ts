/** The JSON text of objects already serialised, for as long as the object lives. */
const texts = new WeakMap<object, string>();

/**
 * The JSON text of a value, computed once per object. For answers that are served many times as the
 * same object (a search answer held by the search cache, and what is presented from it): their text
 * is written once instead of on every request, and a new answer is a new object, so it can never be
 * served an older text. An object must not be changed after its text was asked for.
 */
export function jsonText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}
