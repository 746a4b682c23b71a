import type { AppContext } from '../../context';
import { readNextRunAt, readSyncIntervalMinutes, writeNextRunAt } from './discovery.schedule-store';
import { DiscoveryRunsService } from './discovery.runs.service';

/** The longest the scheduler sleeps before it looks at the shared schedule again (interval edits, other instances). */
const MAX_SLEEP_MS = 60_000;
const MIN_SLEEP_MS = 1_000;

/**
 * Plans and runs scheduled discovery on this instance. Every instance runs it; the shared next-run
 * time in the settings table and the run lock make exactly one of them run each due slot. The next
 * run time moves forward only after a run finished, so a run that dies with its instance is picked
 * up by another one.
 * @returns a function that stops planning and waits for a run in progress to stop taking new URLs.
 */
export function startDiscoveryScheduler(ctx: AppContext): () => Promise<void> {
  if (!ctx.env.DISCOVERY_SCHEDULER) return async () => undefined;
  const service = new DiscoveryRunsService(ctx);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let sleeping = false;

  const loop = () => {
    sleeping = false;
    current = planAndRun(ctx, service, controller.signal)
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'scheduled discovery failed');
        return MAX_SLEEP_MS;
      })
      .then((sleepMs) => {
        if (controller.signal.aborted) return;
        timer = setTimeout(loop, sleepMs);
        timer.unref();
        sleeping = true;
      });
  };
  loop();
  // A changed interval (on any instance) re-plans now rather than after the current sleep; a planning step in
  // progress reads the new schedule itself.
  const unsubscribe = ctx.changes.subscribe('schedule.changed', () => {
    if (!sleeping || controller.signal.aborted) return;
    clearTimeout(timer);
    loop();
  });

  return async () => {
    unsubscribe();
    controller.abort();
    clearTimeout(timer);
    await current;
  };
}

/**
 * One planning step: makes sure a next run time exists, runs when it is due (if this instance wins
 * the lock), and says how long to sleep.
 */
export async function planAndRun(
  ctx: AppContext,
  service: DiscoveryRunsService,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<number> {
  const intervalMs = (await readSyncIntervalMinutes(ctx)) * 60_000;
  let nextRunAt = await readNextRunAt(ctx);
  // First start, or the interval was shortened: plan within one interval from now.
  if (!nextRunAt || nextRunAt.getTime() > now() + intervalMs) {
    nextRunAt = new Date(now() + intervalMs);
    await writeNextRunAt(ctx, nextRunAt);
  }
  if (nextRunAt.getTime() <= now() && !signal?.aborted) {
    const startedAt = now();
    await service.runExclusive('schedule', {
      signal,
      stillDue: async () => {
        const due = await readNextRunAt(ctx);
        return due !== null && due.getTime() <= now();
      },
      afterRun: () => writeNextRunAt(ctx, new Date(startedAt + intervalMs)),
    });
    nextRunAt = (await readNextRunAt(ctx)) ?? new Date(now() + intervalMs);
  }
  return Math.max(MIN_SLEEP_MS, Math.min(MAX_SLEEP_MS, nextRunAt.getTime() - now()));
}
