/**
 * The entry of a bench server's own process (`startBenchServerProcess`): starts `startBenchServer`
 * with the options in BENCH_SERVER_OPTIONS, tells the parent its address, answers questions about its RSS and CPU time and
 * closes on request; on request it records a CPU profile (the inspector's sampling profiler, as
 * `node --cpu-prof` does) over the measured load only.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { importBenchCatalogue } from './bench-catalogue';
import { startBenchServer, type BenchServerOptions } from './bench-server';

type ParentMessage =
  { type: 'stats'; collect?: boolean } | { type: 'close' } | { type: 'profile-start' } | { type: 'profile-stop'; file: string };

const options = JSON.parse(process.env.BENCH_SERVER_OPTIONS ?? '{}') as Pick<BenchServerOptions, 'env' | 'productionLogging'> & {
  catalogue?: number;
};
const send = (message: unknown) => process.send?.(message);
// How long requests waited for the event loop: a synchronous stretch (a render, an index rebuild, an
// embedded database statement) delays every request queued behind it, which is what a tail is made of.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

// The CPU profile covers the measured load only, not start-up (migrations, seeding, module loading).
let session: Session | undefined;
async function startProfile(): Promise<void> {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
}
async function stopProfile(file: string): Promise<void> {
  if (!session) return;
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  session = undefined;
}

try {
  const server = await startBenchServer({
    ...options,
    ...(options.catalogue === undefined
      ? {}
      : {
          env: { ...options.env, SEED_DEMO_DATA: 'false' },
          prepare: async (db) => void (await importBenchCatalogue(db, options.catalogue)),
        }),
  });
  const stats = async (collect: boolean) => {
    // On request, what is still referenced once garbage is collected (the process runs with --expose-gc):
    // RSS alone says how much the heap has grown into, not how much the server holds. The collection's
    // pause is let into the delay monitor before it is reset, so it is not counted in the next run.
    if (collect) {
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cpu = process.cpuUsage();
    const { publicCache, search } = server.ctx;
    const counters = {
      publicCacheHits: publicCache.stats.hits,
      publicCacheMisses: publicCache.stats.misses,
      searchCacheHits: search.answers.stats.hits,
      searchCacheMisses: search.answers.stats.misses,
      searchCacheSize: search.answers.size,
      searchCacheBytes: search.answers.bytes,
    };
    // The delays since the previous question, so the stats taken after a run describe that run alone.
    const eventLoop = {
      p50Ms: loopDelay.percentile(50) / 1e6,
      p99Ms: loopDelay.percentile(99) / 1e6,
      maxMs: loopDelay.max / 1e6,
    };
    loopDelay.reset();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    send({
      type: 'stats',
      rss,
      memory: { heapUsed, heapTotal, external, arrayBuffers },
      cpuMicros: cpu.user + cpu.system,
      counters,
      eventLoop,
    });
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') void stats(message.collect ?? false);
    if (message.type === 'profile-start') void startProfile().then(() => send({ type: 'profiling' }));
    if (message.type === 'profile-stop') void stopProfile(message.file).then(() => send({ type: 'profiled' }));
    if (message.type === 'close') {
      void server.close().finally(() => process.exit(0));
    }
  });
  // The parent went away without closing: do not linger.
  process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
  send({ type: 'ready', base: server.base });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
}
