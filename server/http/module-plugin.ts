import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

/** The shape of every module's route plugin: it receives the instance's context. */
export type ModulePlugin = FastifyPluginAsync<{ ctx: AppContext }>;
