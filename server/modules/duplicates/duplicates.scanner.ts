import { setImmediate } from 'node:timers/promises';
import type { AppContext } from '../../context';
import { DuplicatesService, notifyFlags } from './duplicates.service';

/** How often an instance looks for apps waiting to be compared when no change wakes it. */
const IDLE_MS = 30_000;

/**
 * Compares every pending app, one bounded batch at a time (transactions of at most
 * SCAN_TRANSACTION_MS, batches of at most SCAN_BATCH_MS), on the instance that holds the lock.
 * Between transactions the event loop runs other work: requests on PGlite, which shares the thread
 * and has one connection.
 * @returns how many apps were compared and how many flags are new.
 */
export async function scanPendingDuplicates(
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<{ scanned: number; flagged: number }> {
  const service = new DuplicatesService(ctx);
  const outcome = await ctx.database.withExclusiveLock('duplicate-scan', async () => {
    let scanned = 0;
    let flagged = 0;
    let previousFirst: number | undefined;
    while (!signal?.aborted) {
      const batch = await service.scanPendingBatch();
      scanned += batch.ids.length;
      flagged += batch.flagged;
      // The same first app again means it keeps changing while it is compared: later.
      if (!batch.more || batch.ids.length === 0 || batch.ids[0] === previousFirst) break;
      previousFirst = batch.ids[0];
      await setImmediate();
    }
    return { scanned, flagged };
  });
  const result = outcome.acquired ? outcome.result : { scanned: 0, flagged: 0 };
  if (result.flagged > 0) await notifyFlags(ctx, result.flagged, 'scan');
  return result;
}

/**
 * The background duplicate scan of this instance: woken by app changes (a large import leaves its
 * apps to it) and every IDLE_MS. `DUPLICATE_SCANNER` is on with the discovery scheduler's switch.
 * @returns a function that stops it after the batch in progress.
 */
export function startDuplicateScanner(ctx: AppContext): () => Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const run = () => {
    if (controller.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = scanPendingDuplicates(ctx, controller.signal)
      .then(
        () => undefined,
        (error: unknown) => void ctx.log.warn({ err: error }, 'duplicate scan failed'),
      )
      .finally(() => {
        running = undefined;
        if (controller.signal.aborted) return;
        if (again) {
          again = false;
          setImmediate(run);
          return;
        }
        timer = setTimeout(run, IDLE_MS);
        timer.unref();
      });
  };
  const unsubscribe = ctx.changes.subscribe('apps.changed', () => run());
  run();
  return async () => {
    controller.abort();
    unsubscribe();
    clearTimeout(timer);
    await running;
  };
}
