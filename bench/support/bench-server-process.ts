/**
 * The entry of a bench server's own process (`startBenchServerProcess`): starts `startBenchServer`
 * with the options in BENCH_SERVER_OPTIONS, tells the parent its address, answers questions about its RSS and CPU time and
 * closes on request, exiting normally so that `--cpu-prof` writes its profile.
 */
import { startBenchServer, type BenchServerOptions } from './bench-server';

type ParentMessage = { type: 'stats' } | { type: 'close' };

const options = JSON.parse(process.env.BENCH_SERVER_OPTIONS ?? '{}') as Pick<BenchServerOptions, 'env' | 'productionLogging'>;
const send = (message: unknown) => process.send?.(message);

try {
  const server = await startBenchServer(options);
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') {
      const cpu = process.cpuUsage();
      send({ type: 'stats', rss: process.memoryUsage().rss, cpuMicros: cpu.user + cpu.system });
    }
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
