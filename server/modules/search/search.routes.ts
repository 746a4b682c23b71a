import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the search module lands. */
export const searchRoutes: ModulePlugin = async () => {};
