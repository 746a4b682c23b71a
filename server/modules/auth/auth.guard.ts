import type { onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';

/** Placeholder until sessions land: refuses everyone, so the admin API is closed by default. */
export function requireAdmin(_ctx: AppContext): onRequestAsyncHookHandler {
  return async () => {
    throw unauthorized();
  };
}
