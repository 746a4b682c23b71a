import type { ModulePlugin } from '../../http/module-plugin';

/** Placeholder until the notifications module lands. */
export const notificationsRoutes: ModulePlugin = async () => {};
