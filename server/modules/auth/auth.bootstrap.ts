import type { AppContext } from '../../context';

/** Placeholder until the auth module lands. */
export async function ensureFirstAdmin(_ctx: AppContext): Promise<void> {}
