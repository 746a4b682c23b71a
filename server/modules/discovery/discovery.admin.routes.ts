import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the discovery module lands. */
export const discoveryAdminRoutes: ModulePlugin = async () => {};
