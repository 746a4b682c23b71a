import fc from 'fast-check';
import type { z } from 'zod';

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Web addresses on loopback hosts only: a URL reaches discovery's guarded fetch, and a random
 * public host name would be looked up in DNS, leaving the machine (the guard refuses loopback
 * addresses without a lookup).
 */
export const loopbackUrl = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.constantFrom('127.0.0.1', '127.0.0.2', '[::1]'),
    fc.webPath(),
    fc.webQueryParameters(),
  )
  .map(([scheme, host, path, query]) => `${scheme}://${host}${path}${query ? `?${query}` : ''}`);

/** Text a form would hold: words, addresses, e-mails and free Unicode. */
const plausibleText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.lorem({ maxCount: 6 }),
  loopbackUrl,
  fc.emailAddress(),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/**
 * A fast-check arbitrary of values shaped like what a zod schema accepts (the shared request
 * schemas): objects with their keys, enums from their entries, arrays of their elements. Bounds and
 * refinements are not modelled on purpose; values near and past them are the interesting ones.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) record[key] = arbitraryFor(value, depth + 1);
      return fc.record(record, { requiredKeys: [] });
    }
    case 'string':
      return plausibleText;
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.integer(), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...((def.values ?? [null]) as unknown[]));
    case 'array':
      return fc.array(def.element ? arbitraryFor(def.element, depth + 1) : fc.anything(), { maxLength: 6 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), def.valueType ? arbitraryFor(def.valueType, depth + 1) : fc.anything(), {
        maxKeys: 4,
      });
    case 'optional':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, depth + 1), { nil: null });
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbitraryFor(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      // z.preprocess(fn, schema) and schema.transform(fn): the input side is what a client sends.
      return defOf(def.in as z.ZodType).type === 'transform'
        ? arbitraryFor(def.out as z.ZodType, depth + 1)
        : arbitraryFor(def.in as z.ZodType, depth + 1);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, depth + 1)));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
