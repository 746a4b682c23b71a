import type { AppContext } from '../../context';
import { LinkHealthRepository } from './link-health.repository';
import { LinkHealthService } from './link-health.service';

const MAX_SLEEP_MS = 60_000;
const MIN_SLEEP_MS = 1_000;

/** When the next scheduled check is due, or null before one was planned. */
function readHealthNextRunAt(ctx: AppContext): Promise<Date | null> {
  return new LinkHealthRepository(ctx.db).nextRunAt();
}

function writeNextRunAt(ctx: AppContext, at: Date): Promise<void> {
  return new LinkHealthRepository(ctx.db).setNextRunAt(at);
}

/**
 * One planning step of scheduled link health, like discovery's: plan a first run one interval ahead,
 * re-plan when the interval was shortened, run when due on the instance that wins the lock, and
 * resume a run whose instance stopped (its record is still in the settings table).
 * @returns how long to sleep.
 */
export async function planAndRunHealth(
  ctx: AppContext,
  service: LinkHealthService,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<number> {
  const intervalMs = (await service.settings()).intervalMinutes * 60_000;
  let nextRunAt = await readHealthNextRunAt(ctx);
  if (!nextRunAt || nextRunAt.getTime() > now() + intervalMs) {
    nextRunAt = new Date(now() + intervalMs);
    await writeNextRunAt(ctx, nextRunAt);
  }
  const due = nextRunAt.getTime() <= now();
  if ((due || (await service.hasInterruptedRun())) && !signal?.aborted) {
    const startedAt = now();
    await service.runExclusive(due ? { ids: null, trigger: 'schedule' } : null, {
      signal,
      stillDue: async () => {
        const planned = await readHealthNextRunAt(ctx);
        return planned !== null && planned.getTime() <= now();
      },
      afterRun: due ? () => writeNextRunAt(ctx, new Date(startedAt + intervalMs)) : undefined,
    });
    nextRunAt = (await readHealthNextRunAt(ctx)) ?? new Date(now() + intervalMs);
  }
  return Math.max(MIN_SLEEP_MS, Math.min(MAX_SLEEP_MS, nextRunAt.getTime() - now()));
}

/**
 * Runs scheduled link health on this instance (every instance runs it; the shared plan and the lock
 * make one of them check each slot). `LINK_HEALTH_SCHEDULER=false` turns it off.
 * @returns a function that stops planning and stops a run in progress (which resumes later).
 */
export function startLinkHealthScheduler(ctx: AppContext): () => Promise<void> {
  if (!ctx.env.LINK_HEALTH_SCHEDULER) return async () => undefined;
  const service = new LinkHealthService(ctx);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  const loop = () => {
    current = planAndRunHealth(ctx, service, controller.signal)
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'scheduled link check failed');
        return MAX_SLEEP_MS;
      })
      .then((sleepMs) => {
        if (controller.signal.aborted) return;
        timer = setTimeout(loop, sleepMs);
        timer.unref();
      });
  };
  loop();
  return async () => {
    controller.abort();
    clearTimeout(timer);
    await current;
  };
}
