import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the analytics module lands. */
export const analyticsAdminRoutes: ModulePlugin = async () => {};
