import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the admin categories module lands. */
export const categoriesAdminRoutes: ModulePlugin = async () => {};
