import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the auth module lands. */
export const authRoutes: ModulePlugin = async () => {};
