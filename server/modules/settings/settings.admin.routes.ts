import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the settings module lands. */
export const settingsAdminRoutes: ModulePlugin = async () => {};
