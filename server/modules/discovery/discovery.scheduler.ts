import type { AppContext } from '../../context';

/** Placeholder until the discovery module lands: starts the scheduled crawler; returns its stop function. */
export function startDiscoveryScheduler(_ctx: AppContext): () => Promise<void> {
  return async () => {};
}
