import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the blog module lands. */
export const blogAdminRoutes: ModulePlugin = async () => {};
