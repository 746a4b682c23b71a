import { buildApp } from './app';
import { openAndPrepareDatabase } from './bootstrap';
import { createContext } from './context';
import { DataDirLockedError } from './db/data-dir-lock';
import { EnvError, loadEnv } from './env';
import { createLogger } from './logger';
import { resolveSessionSecret, sessionSecretMessage } from './session-secret';
import { ensureFirstAdmin } from './modules/auth/auth.bootstrap';
import { startDuplicateScanner } from './modules/duplicates/duplicates.scanner';
import { startDiscoveryScheduler } from './modules/discovery/discovery.scheduler';
import { startLinkHealthScheduler } from './modules/link-health/link-health.scheduler';

/** Starts one server instance: migrate, seed, listen; stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(env);
  let database;
  try {
    database = await openAndPrepareDatabase(env, { info: (m) => log.info(m), warn: (m) => log.warn(m) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const secret = await resolveSessionSecret(env, database);
  log.info(sessionSecretMessage(secret, env));
  env = { ...env, SECRET: secret.secret };
  const ctx = createContext(env, database, log);
  await ctx.changes.start();
  await ensureFirstAdmin(ctx);
  const app = await buildApp(ctx, { serveWhileWarming: true });
  await app.listen({ port: env.PORT, host: env.HOST });
  const stopScheduler = startDiscoveryScheduler(ctx);
  const stopHealthScheduler = startLinkHealthScheduler(ctx);
  const stopDuplicateScanner = startDuplicateScanner(ctx);
  void ctx.search
    .whenReady()
    .then(() =>
      log.info(
        { timings: ctx.search.lastBuildTimings },
        `Search ready: ${ctx.search.size} apps${
          ctx.search.restoredFromSnapshot
            ? ', engine loaded from the saved snapshot'
            : ctx.search.builtFromSnapshot
              ? ', alternatives lists from the saved snapshot'
              : ''
        }`,
      ),
    );
  log.info(
    `Aitlas is ready on ${env.PUBLIC_URL} (${database.driver === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests and closing`);
    const timer = setTimeout(() => {
      log.error('Shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await app.close();
      await stopScheduler();
      await stopHealthScheduler();
      await stopDuplicateScanner();
      await ctx.changes.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
