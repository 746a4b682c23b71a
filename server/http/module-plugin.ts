import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { AppContext } from '../context';
import type { ZodRouteInput } from './route-options';

/**
 * The shape of every module's route plugin: it receives the instance's context, and its routes
 * declare their input as zod schemas in their options (http/route-options.ts).
 */
export type ModulePlugin = FastifyPluginAsync<{ ctx: AppContext }, RawServerDefault, ZodRouteInput>;
