/** A form's number field: spec §5 says a non-numeric value becomes 0. */
export function numberOrZero(raw: string): number {
  const trimmed = raw.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

/** Flattens a zod-like issue list into the first message per top-level field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Field messages of the server's 400 answer: `details.fields` maps dotted paths to messages
 * (server/lib/validate.ts); nested paths ("tags.0") count for their top-level field.
 */
export function serverFieldErrors(details: unknown): Record<string, string> {
  const fields = typeof details === 'object' && details !== null ? (details as { fields?: unknown }).fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  const errors: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const key = path.split('.')[0] ?? '';
    const message = Array.isArray(messages)
      ? messages.find((item): item is string => typeof item === 'string')
      : typeof messages === 'string'
        ? messages
        : undefined;
    if (key && message && !(key in errors)) errors[key] = message;
  }
  return errors;
}
