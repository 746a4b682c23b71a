import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** Deeper than any form or import file the product takes; bounds the work spent on hostile input. */
export const MAX_INPUT_DEPTH = 32;

// NUL cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate cannot be encoded as UTF-8
// (it would be silently replaced): both are refused rather than stored wrong or failing mid-write.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where in the request the problem is, as `body.tags.2` or `params.id`; null when the input is storable. */
export function findUnstorableInput(root: unknown, rootName: string): { path: string; problem: 'text' | 'depth' } | null {
  // An explicit stack rather than recursion: a hostile nesting must not overflow the call stack.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootName, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value)) return { path, problem: 'text' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path, problem: 'depth' };
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}.${key}`;
      if (UNSTORABLE_TEXT.test(key)) return { path: childPath, problem: 'text' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses, for every route at once, request text PostgreSQL cannot store (NUL bytes, lone
 * surrogates) in the body, query or path parameters, and absurdly deep nesting: a 400 in the error
 * shape before any handler runs, so no route can forget it and no write can fail half-way.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // HTTP/1.1 demands a Host header. Node's own refusal (requireHostHeader) is an empty 400 written
  // before Fastify sees the request, so the server lets it through (app.ts) and it is refused here, in
  // the error shape.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      done(new AppError('bad_request', 'An HTTP/1.1 request needs a Host header.'));
      return;
    }
    done();
  });
  // A synchronous hook: no promise per request for what is nearly always a quick "nothing to refuse".
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [name, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnstorableInput(value, name);
      if (!found) continue;
      const message =
        found.problem === 'text'
          ? 'The request contains characters that cannot be stored (a NUL byte or an unpaired surrogate).'
          : `The request is nested more than ${MAX_INPUT_DEPTH} levels deep.`;
      done(new AppError('bad_request', message, { fields: { [found.path]: [message] } }));
      return;
    }
    done();
  });
}
