import type { z } from 'zod';
import { AppError } from './errors';

/** Field messages of a failed validation, keyed by dotted path ("" for the whole value). */
export type FieldErrors = Record<string, string[]>;

/** Collects zod issues into per-field messages. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Parses untrusted input with a schema.
 * @throws AppError 400 `validation_failed` whose message is the first problem and whose details hold every field's messages.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = result.error.issues[0];
  const message = first ? first.message : `Invalid ${what}`;
  throw new AppError('validation_failed', message, { fields });
}

/** Whether a request body sent this field (a value, not undefined). */
export function sentField(body: unknown, key: string): boolean {
  return typeof body === 'object' && body !== null && key in body && (body as Record<string, unknown>)[key] !== undefined;
}
