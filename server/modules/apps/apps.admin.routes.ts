import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the admin apps module lands. */
export const appsAdminRoutes: ModulePlugin = async () => {};
